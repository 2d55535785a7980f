/**
 * `relayer-tui check`'s output is what its help says (issue 53.5): lines on a terminal as when piped —
 * never a table — and on a terminal a line longer than its width wrapped between words, its continuation
 * indented (the terminal would have cut a word); piped, each line whole.
 */
import { describe, expect, it } from 'vitest';
import { Tui } from './pty.js';
import { cliWithSandbox } from './run.js';

const cli = cliWithSandbox('relayer-tui-check-output-');

describe('relayer-tui check: its output as its help says', () => {
  it('help: lines on a terminal or not, wrapped between words on a terminal; --json for JSON', async () => {
    const help = (await cli.run(['check', '--help'])).out;
    expect(help).toMatch(/Output: lines, on a terminal or not/);
    expect(help).toMatch(/on a terminal a line longer than its width is wrapped between words/);
    expect(help).not.toMatch(/a table on a terminal/);
  });

  it('on an 80-column terminal: every row fits, no word cut, the same words as piped', async () => {
    const sb = cli.sandbox();
    sb.clock.stop();
    const env = { RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token };
    const piped = await cli.run(['check'], env);
    const pipedLines = piped.out.split('\n').filter(Boolean);
    // Some of what check says is longer than 80 columns (the jams' lines, the runbook).
    expect(pipedLines.some((l) => [...l].length > 80)).toBe(true);
    const t = new Tui({ args: ['check'], env, cols: 80, rows: 200 });
    await t.waitForExit();
    // The raw bytes: check writes lines, no cursor moves; stdout and stderr share the pty.
    // The summary (stderr) comes last, wrapped the same way (it ran past 80 columns, cut mid-word: a walk finding).
    const all = t.raw.split(/\r?\n/).filter(Boolean);
    const at = all.findIndex((r) => r.startsWith('relayer-tui check: '));
    expect(at).toBeGreaterThan(0);
    const [rows, summary] = [all.slice(0, at), all.slice(at)];
    for (const r of all) expect([...r].length, r).toBeLessThanOrEqual(80);
    expect(summary.length).toBeGreaterThan(1);
    expect(summary.slice(1).every((r) => r.startsWith('  '))).toBe(true);
    expect(summary.join(' ').split(/\s+/)).toEqual(piped.err.trim().split(/\s+/));
    // Joined back (a continuation's indent taken out), the rows are the piped lines, word for word.
    const joined: string[] = [];
    for (const r of rows) {
      if (r.startsWith('  ') && joined.length && !pipedLines.includes(r)) joined[joined.length - 1] += ` ${r.trimStart()}`;
      else joined.push(r);
    }
    const words = (ls: string[]) => ls.join(' ').split(/\s+/).filter(Boolean);
    expect(words(joined)).toEqual(words(pipedLines));
    expect(rows.length).toBeGreaterThan(pipedLines.length);
  });
});
