/**
 * The fleet's words are made once, at the edge (issue 28.5): a row's state and problems are data
 * (src/core/fleet/problems.ts) and nothing in the fleet reads our own words back — no regex or string
 * test over a state or a problem (`r.state.replace(/:.*$/, '')`, `startsWith('no token')`, the stuck
 * regex), and no `'paused'` pushed among the problems to be filtered out again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');
const FLEET_FILES = [
  ...readdirSync(join(ROOT, 'src/core/fleet')).map((f) => `src/core/fleet/${f}`),
  'src/core/columns/fleet.ts',
  'src/headless/fleet.ts',
  ...readdirSync(join(ROOT, 'src/ui/screens/fleet')).map((f) => `src/ui/screens/fleet/${f}`),
  'src/ui/fleetSessions.ts',
].filter((f) => /\.tsx?$/.test(f));

/** What reading our own words back looks like. */
const FORBIDDEN: [RegExp, string][] = [
  [/\.state\.(replace|startsWith|endsWith|match|includes|split)\(/, 'a string method on a row state'],
  [/startsWith\(\s*['"]no token/, "startsWith('no token')"],
  [/stuck: \//, 'the stuck regex'],
  [/\bproblems?\b[^\n;]*\.(replace|startsWith|endsWith|match)\(/, 'a string method on a problem'],
  [/\/[^/\n]*\/[gimsuy]*\.test\(/, 'a regex tested against words'],
  [/\.replace\(\s*\/\^?\(?(unreachable|disabled|no token|broken)/, 'a label cut off with a regex'],
  [/problems\.push\(\s*['"`]/, 'a problem pushed as words'],
  [/problems: \[\s*['"`]/, 'problems made of words'],
  [/[!=]==\s*'paused'\)/, "'paused' filtered out of the problems"],
];

describe("the fleet's words as data", () => {
  it('no fleet file reads a state or a problem back from its words', () => {
    expect(FLEET_FILES.length).toBeGreaterThan(5);
    const found: string[] = [];
    for (const file of FLEET_FILES) {
      const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/^\s*(\/\/|\*)/.test(line)) return; // comments may quote what is no longer done
        for (const [re, what] of FORBIDDEN) if (re.test(line)) found.push(`${relative(ROOT, join(ROOT, file))}:${i + 1}: ${what}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('the checks catch what they are for', () => {
    const hits = (line: string) => FORBIDDEN.filter(([re]) => re.test(line)).map(([, what]) => what);
    expect(hits("return r.state.replace(/:.*$/, '');")).toContain('a string method on a row state');
    expect(hits("'not-opened': r.state.startsWith('no token') ? 'no token' : 'broken'")).toContain("startsWith('no token')");
    expect(hits('/^[\\d,]+ stuck: /.test(p)')).toContain('the stuck regex');
    expect(hits("const ps = problemWords(r, now).filter((p) => p !== 'paused').map((p) => p.replace(/^(unreachable|disabled|no token|broken): /, ''));")).toEqual(expect.arrayContaining(["'paused' filtered out of the problems", 'a label cut off with a regex']));
    expect(hits("if (st === 'paused') problems.push('paused');")).toContain('a problem pushed as words');
    expect(hits("row.state.replace(/^unreachable: /, '')")).toContain('a string method on a row state');
  });
});
