/**
 * Issue 55.1: README.md is the front door (at most 250 lines) and docs/ the manual beside it. Every
 * relative link between them leads somewhere — the file exists, and a `#anchor` is a heading of it,
 * slugged as GitHub slugs it —, every page of docs/ is one link from the README, and the README's exit
 * codes are the table the subcommands use. (test/architecture/layout.test.ts keeps their paths true.)
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Report } from '../../bench/report.js';
import { EXIT_MEANINGS } from '../../src/cli/exitCodes.js';

const ROOT = resolve(__dirname, '..', '..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`)];

/** The text outside fenced code blocks (a `# comment` in a shell block is no heading, a `[x](y)` in one no link). */
function prose(text: string): string {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped (letters, digits, spaces, - and _ kept), spaces as -. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** A page's anchors: each heading's slug, a repeated one numbered as GitHub numbers it (-1, -2, …). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Every relative link of a page: its target as written, the file it leads to (from the repository's root) and its anchor. */
function links(page: string): { target: string; file: string; anchor?: string }[] {
  return [...prose(read(page)).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((t) => !/^[a-z][a-z+.-]*:/i.test(t))
    .map((target) => {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const file = path === '' ? page : relative(ROOT, normalize(join(ROOT, dirname(page), path)));
      return { target, file, ...(anchor !== undefined ? { anchor } : {}) };
    });
}

describe('README.md and docs/: the front door and the manual', () => {
  it('slugs as GitHub does', () => {
    expect(slug('Over SSH: what a dropped line keeps')).toBe('over-ssh-what-a-dropped-line-keeps');
    expect(slug('In the TUI: `npm start` with no server')).toBe('in-the-tui-npm-start-with-no-server');
    expect(slug('Finding a transaction, plugins, and what is not known')).toBe('finding-a-transaction-plugins-and-what-is-not-known');
    expect(slug('2026-11-26 04:55: the floor')).toBe('2026-11-26-0455-the-floor');
    expect([...anchors('# A\n## A\n```sh\n# not a heading\n```\n## B!\n')]).toEqual(['a', 'a-1', 'b']);
  });

  it('every relative link between them leads to a file that exists, and its #anchor to a heading of it', () => {
    let count = 0;
    for (const page of PAGES)
      for (const l of links(page)) {
        count++;
        expect(existsSync(join(ROOT, l.file)), `${page}: (${l.target}) leads to ${l.file}, which does not exist`).toBe(true);
        if (l.anchor !== undefined) expect([...anchors(read(l.file))], `${page}: (${l.target}): no heading of ${l.file} is #${l.anchor}`).toContain(l.anchor);
      }
    expect(count).toBeGreaterThan(30);
  });

  it('the README is at most 250 lines, and every page of docs/ is one link from it', () => {
    expect(read('README.md').split('\n').length - 1).toBeLessThanOrEqual(250);
    const fromReadme = new Set(links('README.md').map((l) => l.file));
    for (const page of PAGES.filter((p) => p !== 'README.md')) expect(fromReadme.has(page), `${page} is not linked from README.md`).toBe(true);
  });

  it("the README's exit codes are the subcommands' (src/cli/exitCodes.ts): each code once, in order", () => {
    const readme = read('README.md');
    const table = readme.slice(readme.indexOf('\n## Exit codes\n'), readme.indexOf('\n## ', readme.indexOf('\n## Exit codes\n') + 1));
    expect([...table.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]))).toEqual(EXIT_MEANINGS.map((m) => m.code));
  });

  it("bench/RESULTS.md keeps its earlier runs (the dated figures docs/performance.md points to: issue 55.1) when a bench run rewrites it", () => {
    expect(anchors(read('bench/RESULTS.md'))).toContain('earlier-runs');
    const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-results-'));
    try {
      const file = join(dir, 'RESULTS.md');
      writeFileSync(file, '# old\n\n## Results\n\nold figures\n\n## Earlier runs\n\nkept by hand\n');
      const report = new Report();
      report.record('a figure', '1 ms');
      const log = console.log;
      console.log = () => {};
      try {
        report.write(file, []);
      } finally {
        console.log = log;
      }
      const text = readFileSync(file, 'utf8');
      expect(text).toContain('| a figure | 1 ms |');
      expect(text).not.toContain('old figures');
      expect(text.endsWith('\n## Earlier runs\n\nkept by hand\n')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
