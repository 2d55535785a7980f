/**
 * Startup. The CLI runs its bundle through a V8 code cache (dist/app.cjs.cache), made by the build or
 * else by the first start: a start without it is measured on its own, then starts with it — with the
 * built-in sandbox, and (the figure with a budget) as operators start it: the bin against a server in
 * its own process, each start after a `node -e 0`, p50 / p90 / max.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { ENTER_ALT } from '../../test/e2e/pty.ts';
import { BIN, ROOT, SEA, close, firstSeen, seaNode, seaNodeVersion, spawnTui } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { externalSandbox, minimalServer } from '../servers.ts';
import { fmtMs, median, percentile, repeats, runs } from '../stats.ts';

const STARTS = repeats(21);
const FIRST = 'Sepolia Main';

/** ms from the spawn to the exit of `node -e 0` in the same pty path. */
async function bareNode(): Promise<number> {
  const n = spawnTui({ file: process.execPath, args: ['-e', '0'] });
  const e = await n.exited;
  await close(n);
  return e.at - n.startedAt;
}

/** ms from the spawn to the first output chunk holding the relayers (and to the alternate screen). */
async function firstFrame(opts: Parameters<typeof spawnTui>[0], what = 'first frame'): Promise<{ frame: number; alt: number }> {
  const s = spawnTui({ ...opts, watchFor: [FIRST, ENTER_ALT] });
  const frame = await firstSeen(s, FIRST, what);
  const alt = (s.seenAt.get(ENTER_ALT) ?? NaN) - s.startedAt;
  await close(s);
  return { frame, alt };
}

async function run(r: Report): Promise<void> {
  rmSync(join(ROOT, 'dist', 'app.cjs.cache'), { force: true });
  const first = spawnTui({ watchFor: [FIRST] });
  const cold = await firstSeen(first, FIRST, 'first frame');
  await first.quiet(300); // the cache is written just after the first frame
  await close(first);
  const cached = existsSync(join(ROOT, 'dist', 'app.cjs.cache'));

  const cli: number[] = [];
  const alt: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    bare.push(await bareNode());
    const f = await firstFrame({ args: ['--sandbox-flavor', 'contract'] });
    cli.push(f.frame);
    alt.push(f.alt);
  }
  const c = median(cli);
  const b = median(bare);
  r.record(`  … with the built-in sandbox (contract flavour) in the same process (median of ${STARTS})`, fmtMs(c), '', true, `${(c / b).toFixed(1)}× node -e 0 (${fmtMs(b)}); runs: ${runs(cli)} ms; alternate screen at ${fmtMs(median(alt))}`);
  r.record('  … a start without the code cache (it writes it)', fmtMs(cold), '', true, `${(cold / b).toFixed(1)}× node -e 0; cache ${cached ? 'written' : 'NOT written'}`);

  // As operators start it: the package's bin against a relayer in its own process — a minimal
  // node:http server answering the relayers page (the server's own cost out of the way), and the
  // sandbox — each start right after a `node -e 0`, in the same pty and environment.
  const SEA_NODE = seaNode();
  // A copy of the bundle for that Node: its code cache is its own (sharing dist/ would make each Node
  // reject the other's cache and rewrite it, every start).
  const BIN_FOR_SEA_NODE = join(mkdtempSync(join(os.tmpdir(), 'relayer-tui-bench-')), 'cli.cjs');
  for (const f of ['cli.cjs', 'app.cjs', ...readdirSync(join(ROOT, 'dist')).filter((n) => n.endsWith('.wasm'))]) copyFileSync(join(ROOT, 'dist', f), join(dirname(BIN_FOR_SEA_NODE), f));
  // (The executable's arguments are the program's: the Node it embeds is recorded beside it by npm run sea.)
  const seaVersion = seaNodeVersion();
  const minimal = await minimalServer();
  const sbx = await externalSandbox();
  try {
    for (const [label, server] of [['a minimal node:http server', minimal], ['the sandbox', sbx]] as const) {
      const env = { RELAYER_URL: server.url, RELAYER_API_KEY: server.token };
      const times: number[] = [];
      const bares: number[] = [];
      // The single executable (npm run sea), interleaved with the bin against the minimal server.
      const main = server === minimal;
      const withSea = main && existsSync(SEA);
      const seaRuns: number[] = [];
      const binOnSeaNode: number[] = [];
      for (let i = 0; i < STARTS; i++) {
        bares.push(await bareNode());
        times.push((await firstFrame({ cli: BIN, env })).frame);
        if (withSea) {
          seaRuns.push((await firstFrame({ file: SEA, args: [], env }, 'first frame of the single executable')).frame);
          // The bin on the Node the executable embeds: what is the executable's own, what that Node's.
          if (SEA_NODE) binOnSeaNode.push((await firstFrame({ file: SEA_NODE, args: [BIN_FOR_SEA_NODE], env }, 'first frame of the bin on the embedded Node')).frame);
        }
      }
      const nb = median(bares);
      const [p50, p90, max] = [percentile(times, 50), percentile(times, 90), Math.max(...times)];
      r.record(
        main ? `startup: bin/relayer-tui.cjs against ${label} → first frame, p50 / p90 / max of ${STARTS}` : `  … against ${label} in its own process, p50 / p90 / max`,
        `${fmtMs(p50)} / ${fmtMs(p90)} / ${fmtMs(max)}`,
        '',
        true,
        `node -e 0 interleaved: ${fmtMs(nb)} (median); runs: ${runs(times)} ms`,
      );
      r.record(`${main ? 'startup' : '  … against the sandbox'} ÷ node -e 0: p50 / p90`, `${(p50 / nb).toFixed(2)}× / ${(p90 / nb).toFixed(2)}×`, '≤ 2.5× / ≤ 3.0×', p50 / nb <= 2.5 && p90 / nb <= 3.0);
      if (!main) continue;
      if (withSea) {
        const [s50, s90] = [percentile(seaRuns, 50), percentile(seaRuns, 90)];
        r.record(
          `  … the single executable (npm run sea: ${(statSync(SEA).size / 1024 / 1024).toFixed(0)} MB), same server, interleaved: p50 / p90 / max`,
          `${fmtMs(s50)} / ${fmtMs(s90)} / ${fmtMs(Math.max(...seaRuns))}`,
          '',
          true,
          `${(s50 / p50).toFixed(2)}× the bin's p50 (the Node it embeds: ${seaVersion}); runs: ${runs(seaRuns)} ms`,
        );
        if (binOnSeaNode.length)
          r.record(
            `  … the bin on the Node the executable embeds (${seaVersion}), interleaved: p50 / p90 / max`,
            `${fmtMs(percentile(binOnSeaNode, 50))} / ${fmtMs(percentile(binOnSeaNode, 90))} / ${fmtMs(Math.max(...binOnSeaNode))}`,
            '',
            true,
            `the executable's p50 is ${(s50 / percentile(binOnSeaNode, 50)).toFixed(2)}× this (the same code-cache launcher: what is left of the difference from the bin's is that Node's); runs: ${runs(binOnSeaNode)} ms`,
          );
      } else r.record('  … the single executable', 'not built', '', true, 'npm run sea could not build dist/relayer-tui-linux-x64 (it fetches Node 24 from the npm registry)');
    }
    // Once through npx (npm resolves the package's own bin): what `npx relayer-tui` costs on top.
    const npx = await firstFrame({ file: 'npx', args: ['--no-install', 'relayer-tui'], env: { RELAYER_URL: minimal.url, RELAYER_API_KEY: minimal.token } }, 'first frame through npx');
    r.record('  … through npx relayer-tui (once)', fmtMs(npx.frame), '', true, 'npm itself starts first (about 250-400 ms of npm on this machine)');
  } finally {
    await minimal.stop();
    await sbx.stop();
    rmSync(dirname(BIN_FOR_SEA_NODE), { recursive: true, force: true });
  }

  // The same start against the sandbox in the real server's flavour (the dialect is detected beside
  // the first page, and the status columns come after the first frame).
  const real: number[] = [];
  const bareReal: number[] = [];
  for (let i = 0; i < repeats(11); i++) {
    bareReal.push(await bareNode());
    real.push((await firstFrame({ args: ['--sandbox-flavor', 'real'] })).frame);
  }
  const m = median(real);
  r.record(`  … with its real flavour (npm start's default: its chain running; OpenZeppelin dialect, median of ${real.length})`, fmtMs(m), '≤ 2.5×', m / median(bareReal) <= 2.5, `${(m / median(bareReal)).toFixed(1)}× node -e 0 (${fmtMs(median(bareReal))}); runs: ${runs(real)} ms`);
}

export const startup: Section = {
  name: 'startup',
  title: 'startup…',
  run,
  method: `
- **Startup** (the figure with the budget): \`node bin/relayer-tui.cjs\` — the package's bin, as operators
  start it — against a relayer in its own process: a minimal node:http server answering the relayers
  page (so the server's own cost is out of the way), then the sandbox (\`dist/cli.cjs sandbox\`); the
  time from \`pty.spawn\` to the output chunk that first contains \`Sepolia Main\`, 100x30, ${STARTS} starts,
  each right after a \`node -e 0\` spawned through the same pty path in the same environment and timed
  to its exit; p50, p90 and max, and the ratios of p50 and p90 to the median \`node -e 0\`. Interleaved
  with it, the single executable (\`npm run sea\`) and the bin on the Node that executable embeds. Once
  through \`npx --no-install relayer-tui\`. Beside it, for comparison, the CLI with its built-in sandbox
  in the same process (\`--sandbox-flavor contract\`, median of ${STARTS}) and a start without the code
  cache. The same is then measured with the built-in sandbox's real flavour — what \`npm start\` opens:
  its chain's clock running, the real server's dialect detected from its health check beside the first
  page, its status columns after the first frame — 11 starts interleaved with \`node -e 0\`.
`,
};
