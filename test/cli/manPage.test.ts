/**
 * Issue 55.2: the man page is made from the texts --help prints, escaped for roff. (test/e2e/package.test.ts
 * renders the installed page with man.)
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.js';
import { EXIT_MEANINGS } from '../../src/cli/exitCodes.js';
import { manPage } from '../../src/cli/manPage.js';
import { blocks, helpRoff, roffText } from '../../src/cli/roff.js';
import { ENVIRONMENT } from '../../src/cli/usage.js';
import { SANDBOX_USAGE } from '../../src/sandbox/cli.js';

describe('roff', () => {
  it('escapes what roff would read as its own: a backslash, a leading . or \', a minus, a quote, anything not ASCII', () => {
    expect(roffText('jq -r "\\(.id)"')).toBe('jq \\-r \\(dq\\e(.id)\\(dq');
    expect(roffText('.items[] is jq')).toBe('\\&.items[] is jq');
    expect(roffText("'quoted' first")).toBe("\\&'quoted' first");
    expect(roffText('a → b …')).toBe('a \\[u2192] b \\[u2026]');
    // No line of the page starts with a control character unless it is a request the page makes.
    const page = manPage('1.2.3', SANDBOX_USAGE);
    expect(page).not.toMatch(/[^\x0a\x20-\x7e]/);
    const requests = new Set(page.split('\n').filter((l) => /^[.']/.test(l)).map((l) => /^[.'](\S*)/.exec(l)![1]));
    expect([...requests].sort()).toEqual(['PP', 'RE', 'RS', 'SH', 'SS', 'TH', 'TP', '\\"', 'ad', 'fi', 'in', 'nf', 'nh', 'ti']);
  });

  it('reads --help as laid out: rows with their words below, a Usage block, Examples kept as written', () => {
    const text = `Usage: relayer-tui x <id> [--all]
                     [--json]

  --all        every page,
               streamed
  --gas-limit N  --to 0xADDR
Examples:
  .hidden | jq '.a'
`;
    expect(blocks(text)).toEqual([
      { kind: 'synopsis', entries: ['relayer-tui x <id> [--all] [--json]'] },
      { kind: 'row', term: '--all', words: [{ code: false, text: 'every page, streamed' }], indent: 2, column: 15 },
      { kind: 'verbatim', title: '', lines: ['--gas-limit N  --to 0xADDR'] },
      { kind: 'verbatim', title: 'Examples:', lines: [".hidden | jq '.a'"] },
    ]);
    expect(helpRoff(text)).toContain("\n.nf\n\\&.hidden | jq '.a'\n.fi");
  });
});

describe('the man page', () => {
  const page = manPage('1.2.3', SANDBOX_USAGE);
  it('has a section for every command, the environment and every exit code', () => {
    for (const c of COMMANDS) expect(page, c).toContain(`.SS \\fBrelayer\\-tui ${c}\\fR\n`);
    for (const e of ENVIRONMENT) expect(page, e.name).toContain(`.TP\n\\fB${roffText(e.name)}\\fR\n`);
    for (const m of EXIT_MEANINGS) expect(page, String(m.code)).toContain(`.TP\n\\fB${m.code}\\fR\n${roffText(m.long)}\n`);
    expect(page).toMatch(/^\.TH RELAYER\\-TUI 1 "" "relayer\\-tui 1\.2\.3"/m);
  });
});
