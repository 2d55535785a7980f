/**
 * The structure, checked from the sources' own imports (issue 20): no import circle anywhere in src/;
 * the parts without a face (api, config, cli, completion, core — triage's rules and scan included —, ledger) import no Ink, React or chalk
 * and nothing of ui/; headless and ui do not import each other. Type imports and dynamic imports
 * count (a circle through either is still a circle for the next reader).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');
const SRC = join(ROOT, 'src');

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Every module a file imports: relative ones resolved to src/ paths, packages by name. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);
  return specs.map((s) => {
    if (!s.startsWith('.')) return s.startsWith('node:') ? s : s.split('/')[0]!.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!;
    const abs = resolve(dirname(file), s).replace(/\.js$/, '');
    for (const ext of ['.ts', '.tsx', '/index.ts']) {
      try {
        if (statSync(abs + ext).isFile()) return relative(ROOT, abs + ext);
      } catch {
        // next
      }
    }
    return relative(ROOT, abs);
  });
}

const graph = new Map(files(SRC).map((f) => [relative(ROOT, f), importsOf(f)]));
const part = (f: string) => /^src\/([^/.]+)/.exec(f)?.[1] ?? '';
const FACELESS = ['api', 'config', 'cli', 'completion', 'core', 'ledger'];
const UI_LIBS = ['ink', 'react', 'chalk'];

function violations(): string[] {
  const out: string[] = [];
  for (const [from, tos] of graph) {
    const p = part(from);
    for (const to of tos) {
      const q = part(to);
      const edge = `${from} -> ${to}`;
      if (FACELESS.includes(p) && (UI_LIBS.includes(to) || q === 'ui')) out.push(edge);
      else if ((p === 'headless' && q === 'ui') || (p === 'ui' && q === 'headless')) out.push(edge);
    }
  }
  return out.sort();
}

describe('architecture', () => {
  it('no import circle in src/', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (f: string) => {
      state.set(f, 'open');
      stack.push(f);
      for (const to of graph.get(f) ?? []) {
        if (!graph.has(to)) continue;
        if (state.get(to) === 'open') circles.push([...stack.slice(stack.indexOf(to)), to].join(' -> '));
        else if (!state.has(to)) visit(to);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of graph.keys()) if (!state.has(f)) visit(f);
    expect(circles).toEqual([]);
  });

  it('api, config, cli, completion and core import no Ink/React/chalk and nothing of ui/; ui and headless not each other', () => {
    expect(violations()).toEqual([]);
  });

  it('the core imports the API module only (besides its own files, Node and a width library)', () => {
    const outside = [...graph].filter(([f]) => part(f) === 'core').flatMap(([f, tos]) => tos.filter((t) => !['core', 'api'].includes(part(t)) && !t.startsWith('node:') && t !== 'string-width').map((t) => `${f} -> ${t}`));
    expect(outside).toEqual([]);
  });

  it("Ink's Text is drawn through the one text primitive only (src/ui/components/Text.tsx, the sanitizing backstop)", () => {
    const inkTextUsers = [...graph.keys()].filter((f) => {
      const text = readFileSync(join(ROOT, f), 'utf8');
      return [...text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]ink['"]/g)].some((m) => m[1]!.split(',').some((n) => /^\s*Text\b/.test(n))) || /from\s*['"]ink\/build/.test(text) || /import\s+\*\s+as\s+\w+\s+from\s*['"]ink['"]/.test(text);
    });
    expect(inkTextUsers).toEqual(['src/ui/components/Text.tsx']);
  });

  it('the one-shot entry (src/start/oneShot.ts, dist/oneshot.cjs) reaches no Ink, React, layout engine or view: lazy imports included', () => {
    const reach = (from: string): Set<string> => {
      const seen = new Set<string>([from]);
      const todo = [from];
      while (todo.length) for (const to of graph.get(todo.pop()!) ?? []) if (!seen.has(to)) (seen.add(to), graph.has(to) && todo.push(to));
      return seen;
    };
    const TUI_LIBS = [...UI_LIBS, 'yoga-layout', 'ink-text-input', '@alcalzone/ink-table'];
    const oneShot = [...reach('src/start/oneShot.ts')];
    // The only ui/ module it may reach is the clipboard's words for `info` (node:child_process, no view).
    expect(oneShot.filter((m) => TUI_LIBS.includes(m) || (part(m) === 'ui' && m !== 'src/ui/clipboard.ts'))).toEqual([]);
    // The check sees the difference: the TUI's entry reaches them.
    expect([...reach('src/start/main.ts')].filter((m) => TUI_LIBS.includes(m))).toEqual(expect.arrayContaining(['ink', 'react']));
  });

  it('src/ reads as the architecture: its parts are folders (the start-up chain in start/, the ledger in ledger/), info.ts the one file beside them', () => {
    const top = readdirSync(SRC).sort();
    expect(top.filter((n) => !statSync(join(SRC, n)).isDirectory())).toEqual(['info.ts']);
    expect(top).toEqual(expect.arrayContaining(['start', 'ledger', 'api', 'core', 'ui', 'headless', 'sandbox', 'cli', 'config', 'completion']));
  });

  it('the checker sees what it checks (the graph is not empty; edges are really read)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/headless/output.ts')).toContain('src/core/text/sanitize.ts');
    expect(graph.get('src/ui/components/Table.tsx')).toContain('ink');
  });
});
