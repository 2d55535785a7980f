// What each program loads on its way to its first output, from esbuild's metafile (scripts/build.mjs writes and
// prints it under RELAYER_TUI_ANALYZE=FILE; or: node scripts/startPath.mjs FILE): the modules reached by static
// imports from the entry and from the lazy imports the start awaits (START_PATHS), their bytes in the bundle,
// the bundle's other modules, and the largest on the path. Deterministic, unlike a start's time: compare two builds.

/** The lazy imports each start awaits before its first output (src/start/main.ts for the TUI against a server; src/start/oneShot.ts for `relayers --json`). */
export const START_PATHS = {
  'dist/app.cjs': ['src/start/main.ts', 'src/api/index.ts', 'src/ui/activityLog.ts', 'src/ui/run.tsx', 'src/ledger/audit.ts', 'src/ui/forms/draftStore.ts', 'src/ui/clipboard.ts'],
  'dist/oneshot.cjs': ['src/start/oneShot.ts', 'src/headless/index.ts', 'src/api/index.ts', 'src/headless/lists.ts'],
};

/** Each output's start path: modules and bytes on it, of the bundle's, and its largest modules. */
export function startPaths(metafile, top = 25) {
  const lines = [];
  for (const [out, roots] of Object.entries(START_PATHS)) {
    const inputs = metafile.outputs[out]?.inputs;
    if (!inputs) continue;
    const missing = roots.filter((r) => !inputs[r]);
    const seen = new Set();
    const stack = roots.filter((r) => inputs[r]);
    while (stack.length) {
      const p = stack.pop();
      if (seen.has(p)) continue;
      seen.add(p);
      for (const i of metafile.inputs[p]?.imports ?? []) if (!i.external && i.kind !== 'dynamic-import' && inputs[i.path]) stack.push(i.path);
    }
    const bytes = (p) => inputs[p].bytesInOutput;
    const on = [...seen].sort((a, b) => bytes(b) - bytes(a));
    const sum = (ps) => ps.reduce((s, p) => s + bytes(p), 0);
    const all = Object.keys(inputs);
    lines.push(`${out}: start path ${on.length} of ${all.length} modules, ${sum(on).toLocaleString('en-US')} of ${sum(all).toLocaleString('en-US')} bytes${missing.length ? ` (not in the bundle: ${missing.join(', ')})` : ''}`);
    for (const p of on.slice(0, top)) lines.push(`  ${bytes(p).toLocaleString('en-US').padStart(9)}  ${p}`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { readFileSync } = await import('node:fs');
  console.log(startPaths(JSON.parse(readFileSync(process.argv[2], 'utf8')), Number(process.argv[3] ?? 25)));
}
