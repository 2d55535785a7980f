/**
 * The structure, checked from the sources' own imports (issue 20): no import circle anywhere in src/;
 * the parts without a face (api, config, triage, cli, completion, core) import no Ink, React or chalk
 * and nothing of ui/; headless and ui do not import each other. Type imports and dynamic imports
 * count (a circle through either is still a circle for the next reader).
 *
 * KNOWN lists the edges that break a rule today, each as `from -> to`: the core extraction of issue
 * 20 removes them. The test fails on any new one, and on any listed one that is gone (the list only
 * shrinks, and says so).
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
const FACELESS = ['api', 'config', 'triage', 'cli', 'completion', 'core'];
const UI_LIBS = ['ink', 'react', 'chalk'];

/** Edges that break a rule today (issue 20 removes them; the list may only shrink). */
const KNOWN = new Set([
  'src/headless/formFlags.ts -> src/ui/forms/types.ts',
  'src/headless/index.ts -> src/ui/safeText.ts',
  'src/headless/lists.ts -> src/ui/columnLayout.ts',
  'src/headless/lists.ts -> src/ui/screens/relayers/columns.ts',
  'src/headless/lists.ts -> src/ui/screens/transactions/columns.ts',
  'src/headless/mutations.ts -> src/ui/forms/types.ts',
  'src/headless/mutations.ts -> src/ui/mutations.ts',
  'src/headless/mutations.ts -> src/ui/safeText.ts',
  'src/headless/mutations.ts -> src/ui/screens/notify/notifyForm.ts',
  'src/headless/mutations.ts -> src/ui/screens/plugin/pluginForm.ts',
  'src/headless/output.ts -> src/ui/columnLayout.ts',
  'src/headless/output.ts -> src/ui/safeText.ts',
  'src/headless/replaceRequest.ts -> src/ui/forms/types.ts',
  'src/headless/replaceRequest.ts -> src/ui/forms/validators.ts',
  'src/headless/replaceRequest.ts -> src/ui/screens/replace/evmForm.ts',
  'src/headless/replaceRequest.ts -> src/ui/screens/replace/reviewWarnings.ts',
  'src/headless/replaceRequest.ts -> src/ui/screens/replace/solanaForm.ts',
  'src/headless/replaceRequest.ts -> src/ui/screens/transactions/columns.ts',
]);

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

  it('api, config, triage, cli, completion and core import no Ink/React/chalk and nothing of ui/; ui and headless not each other — but for the known edges, which only go', () => {
    const found = violations();
    expect(found.filter((e) => !KNOWN.has(e))).toEqual([]);
    expect([...KNOWN].filter((e) => !found.includes(e))).toEqual([]);
  });

  it('the checker sees what it checks (the graph is not empty; a known edge is really read)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/headless/output.ts')).toContain('src/ui/safeText.ts');
  });
});
