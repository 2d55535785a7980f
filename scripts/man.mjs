// The man page, dist/relayer-tui.1 (package.json's `man` installs it): src/cli/manPage.ts bundled with the
// sandbox's --help (src/sandbox/cli.ts) and run here, so that it says what --help says.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Writes `<root>/dist/relayer-tui.1` for `version`. */
export async function writeManPage(root, version) {
  const entry = "export { manPage } from './src/cli/manPage.ts';\nexport { SANDBOX_USAGE } from './src/sandbox/cli.ts';";
  const { outputFiles } = await build({ stdin: { contents: entry, resolveDir: root, loader: 'ts' }, bundle: true, write: false, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', outputFiles[0].text)(mod, mod.exports, createRequire(join(root, 'package.json')));
  const { manPage, SANDBOX_USAGE } = mod.exports;
  writeFileSync(join(root, 'dist', 'relayer-tui.1'), manPage(version, SANDBOX_USAGE));
}
