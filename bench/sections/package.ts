/** The package as operators install it: the packed tarball's size, and `npm i -g` of it into a temporary prefix with no network. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { fmtMs, median, runs } from '../stats.ts';

async function run(r: Report): Promise<void> {
  const dir = mkdtempSync(join(os.tmpdir(), 'relayer-tui-bench-pkg-'));
  const env = { ...process.env, npm_config_cache: join(dir, 'npm-cache'), npm_config_update_notifier: 'false' };
  try {
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, env, stdio: 'ignore' });
    const tgz = join(dir, readdirSync(dir).find((f) => f.endsWith('.tgz'))!);
    const size = statSync(tgz).size;
    r.record('package: the packed tarball (npm pack)', `${(size / 1024).toFixed(0)} kB`, '≤ 1.5 MB', size <= 1.5 * 1024 * 1024, 'bin, the bundles, the man page, schema, README, LICENSE; no dependencies');
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      execFileSync('npm', ['install', '--global', '--prefix', join(dir, `prefix-${i}`), '--offline', '--no-audit', '--no-fund', tgz], { env, stdio: 'ignore' });
      times.push(performance.now() - t);
    }
    const m = median(times);
    r.record('  … npm i -g of it, offline, into a temporary prefix (median of 3)', fmtMs(m), '≤ 5 s', m <= 5_000, `runs: ${runs(times)} ms (npm's own start included)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const packageSection: Section = {
  name: 'package',
  title: 'package…',
  run,
  method: `
- **Package**: \`npm pack\` of the working tree (its size), then \`npm install --global --offline\` of that
  tarball into a fresh temporary prefix, 3 times, timed whole (npm's own start included).
`,
};
