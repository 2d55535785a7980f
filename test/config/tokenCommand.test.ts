/**
 * A token_command is bounded by its context's timeout and ended whole (issue 27.9): a command that
 * hangs is stopped at the timeout with everything it started (its process group), not left running.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveToken } from '../../src/config/token.js';

/** Running (a zombie waiting for its reaper is not: it has ended). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe('token_command', () => {
  it('a hanging one is stopped at the timeout, its process group with it; a quick one gives its first line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rt-token-'));
    const pids = join(dir, 'pids');
    const t0 = Date.now();
    const r = await resolveToken({ url: 'http://x', token_command: `echo $$ > ${pids}; sleep 30 & echo $! >> ${pids}; wait` } as never, 'slow', process.env, 400);
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(r).toEqual({ error: 'The token_command of context slow did not finish within 0.4 s (stopped, with what it started)', warnings: [] });
    const [sh, sleep] = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    await new Promise((res) => setTimeout(res, 100));
    expect([alive(sh!), alive(sleep!)]).toEqual([false, false]);
    expect(await resolveToken({ url: 'http://x', token_command: 'printf "tok-1\\nrest"' } as never, 'quick', process.env, 2_000)).toMatchObject({ token: 'tok-1', source: 'token_command' });
    expect(await resolveToken({ url: 'http://x', token_command: 'exit 3' } as never, 'bad', process.env, 2_000)).toMatchObject({ error: 'The token_command of context bad failed (exit status 3)' });
  });
});
