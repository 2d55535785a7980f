/**
 * The manual's Layout (docs/architecture.md) is tested against the tree: every folder and file it names
 * exists where it says, and every part of src/ (and of src/core/) is named there — so the page cannot
 * drift from the tree (issue 40.4: it placed lookup.ts and backoff.ts in folders they were not in). And
 * every path README.md and docs/ name is true (issue 55.1: the README became a front door, its detail
 * moved to docs/).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
/** The manual's pages: README.md and docs/*.md, each with its text. */
const manual = [['README.md', readme], ...readdirSync(join(ROOT, 'docs')).filter((n) => n.endsWith('.md')).map((n) => [`docs/${n}`, readFileSync(join(ROOT, 'docs', n), 'utf8')])] as const;
const architecture = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
const section = architecture.slice(architecture.indexOf('\n## Layout\n'));
const block = section.slice(section.indexOf('```\n') + 4, section.indexOf('\n```', section.indexOf('```\n') + 4)).split('\n');

/** Each entry of the block: the path it names (a top-level line, or an indented one under src/core/) and all its lines. */
function entries(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const line of block) {
    const top = /^(\S+)\s/.exec(`${line} `);
    const sub = /^ {2}(\S+)\s/.exec(`${line} `);
    if (top && line[0] !== ' ') out.push({ path: top[1]!, text: line });
    else if (sub) out.push({ path: `src/core/${sub[1]!}`, text: line });
    else if (out.length) out.at(-1)!.text += `\n${line}`;
  }
  return out;
}

function filesUnder(dir: string): string[] {
  if (!statSync(dir).isDirectory()) return [dir];
  return readdirSync(dir).flatMap((n) => filesUnder(join(dir, n)));
}

describe("docs/architecture.md's Layout is the tree", () => {
  const all = entries();

  it('every path it names exists, and every file named in an entry is in that entry\'s folder (or beside it)', () => {
    expect(all.length).toBeGreaterThan(15);
    for (const e of all) {
      expect(existsSync(join(ROOT, e.path)), `${e.path} (docs/architecture.md Layout)`).toBe(true);
      const dir = join(ROOT, e.path.endsWith('/') ? e.path : e.path.replace(/[^/]+$/, ''));
      const names = new Set(filesUnder(dir).map((f) => f.replace(/^.*\//, '')));
      for (const m of e.text.replace(/^\s*\S+/, '').matchAll(/\b([A-Za-z]+\.(?:ts|tsx|mjs))\b/g)) expect(names.has(m[1]!), `${m[1]} named under ${e.path}`).toBe(true);
    }
  });

  it('every part of src/ and of src/core/ is named', () => {
    const named = new Set(all.map((e) => e.path.replace(/\/$/, '')));
    for (const n of readdirSync(join(ROOT, 'src'))) expect(named.has(`src/${n}`), `src/${n} is not in docs/architecture.md's Layout`).toBe(true);
    const core = all.filter((e) => e.path.startsWith('src/core/')).map((e) => e.text).join('\n');
    for (const n of readdirSync(join(ROOT, 'src', 'core'))) {
      const word = n.replace(/\.ts$/, '');
      expect(named.has(`src/core/${n.replace(/\/$/, '')}`) || new RegExp(`\\b${word}(\\.ts)?\\b`).test(core), `src/core/${n} is not in docs/architecture.md's Layout`).toBe(true);
    }
  });
});

describe('paths written in the source, README.md and docs/ are the tree', () => {
  it('every src/….ts a comment, README.md or a page of docs/ names exists (a file moved takes its mentions with it)', () => {
    const texts = [...manual.map(([, t]) => t), ...filesUnder(join(ROOT, 'src')).filter((f) => /\.(ts|tsx)$/.test(f)).map((f) => readFileSync(f, 'utf8'))];
    const named = new Set(texts.flatMap((t) => [...t.matchAll(/\bsrc\/[A-Za-z0-9_/.-]+\.(?:ts|tsx|mjs)\b/g)].map((m) => m[0])));
    expect(named.size).toBeGreaterThan(20);
    for (const p of named) expect(existsSync(join(ROOT, p)), `${p} is named but not in the tree`).toBe(true);
  });

  it('every path of the repository README.md and docs/ name — a file or a folder, src/, test/, bench/, scripts/, docs/, … — exists; every dist/ file is one the build writes', () => {
    // A path of ours: one of the repository's own folders first, not inside a URL or another path (`../shared/…`,
    // `$XDG_…/`); the real server's Rust sources (`src/api/routes/api_keys.rs`, cited from v1.8) are not ours.
    const PATH = /(?<![\w./~$:-])(?:src|test|bench|scripts|schema|docs|bin|dist|\.ci)\/[\w./*-]*[\w*/]/g;
    const builds = ['build.mjs', 'man.mjs', 'sea.mjs', 'prime.mjs'].map((n) => readFileSync(join(ROOT, 'scripts', n), 'utf8')).join('\n');
    let seen = 0;
    for (const [page, text] of manual)
      for (const m of text.matchAll(PATH)) {
        const p = m[0].replace(/[.]$/, '');
        if (p.endsWith('.rs')) continue;
        seen++;
        if (p.startsWith('dist/')) {
          const name = new RegExp(`['"/]${p.slice('dist/'.length).replace(/[.]/g, '\\.').replace('*', '[\\w.-]*')}['"]`);
          expect(name.test(builds), `${p} (${page}) is not a file scripts/ writes`).toBe(true);
        } else expect(existsSync(join(ROOT, p)), `${p} (${page}) is not in the tree`).toBe(true);
      }
    expect(seen).toBeGreaterThan(60);
  });
});

describe('small files named for what they hold', () => {
  it('no source file is over 450 lines (split one by what it holds before it grows past)', () => {
    const over = filesUnder(join(ROOT, 'src'))
      .filter((f) => /\.(ts|tsx)$/.test(f))
      .map((f) => ({ f: f.slice(ROOT.length + 1), n: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((x) => x.n > 450);
    expect(over).toEqual([]);
  });
});
