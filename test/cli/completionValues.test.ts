/**
 * Issue 52.2: completion's closed value lists are the lists the values are read with, never copies:
 * the server's transaction statuses (api/requests.ts, which core/status.ts reads), a replacement's
 * speeds, --output's formats, the dialects, the sandbox's flavours and readiness states.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECT_SETTINGS } from '../../src/api/dialect.js';
import { TRANSACTION_STATUSES } from '../../src/api/requests.js';
import { SPEEDS } from '../../src/api/replacementBody.js';
import { OUTPUT_FORMATS } from '../../src/cli/grammar.js';
import { complete } from '../../src/completion/index.js';
import { FINAL_STATUSES, PENDING_STATUSES, MINED_STATUSES } from '../../src/core/status.js';
import { FLAVORS } from '../../src/sandbox/flavor.js';
import { READY_STATES } from '../../src/sandbox/ready.js';

const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-values-'));
const env = { HOME: dir, RELAYER_TUI_CONFIG_DIR: dir };

describe("completion's closed lists", () => {
  it("--status: the status module's statuses, every one (pending, sent, submitted; mined; the final ones)", async () => {
    const offered = await complete(['txs', 'sepolia-main', '--status', ''], env);
    expect(offered).toEqual([...TRANSACTION_STATUSES]);
    expect([...offered].sort()).toEqual([...PENDING_STATUSES, ...MINED_STATUSES, ...FINAL_STATUSES].filter((s, i, a) => a.indexOf(s) === i).sort());
  });

  it('--speed, --output, --dialect, the sandbox --flavor and --ready: their lists', async () => {
    expect(await complete(['replace', 'r', 't', '--speed', ''], env)).toEqual([...SPEEDS]);
    expect(await complete(['send', 'r', '--speed', ''], env)).toEqual([...SPEEDS]);
    expect(await complete(['relayers', '--output', ''], env)).toEqual([...OUTPUT_FORMATS]);
    expect(await complete(['--dialect', ''], env)).toEqual([...DIALECT_SETTINGS]);
    expect(await complete(['--sandbox-flavor', ''], env)).toEqual([...FLAVORS]);
    expect(await complete(['sandbox', '--flavor', ''], env)).toEqual([...FLAVORS]);
    expect(await complete(['sandbox', '--ready', ''], env)).toEqual([...READY_STATES]);
  });
});
