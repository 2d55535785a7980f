/**
 * The fleet at scale: 50 deployments in their own processes — 48 of `sandbox --fleet 48` (about 20
 * relayers each: 955 relayers, one deployment slow at 300 ms an answer), one server that never answers
 * and one sandbox that rate-limits (1 request a second) — read by the installed bin: the TUI's F (first
 * rows, every healthy deployment read, memory, watch, cursor moves) and the headless `fleet --json`.
 */
import { spawn, execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { BIN, CLI, ROOT, bytesFor, close, spawnTui } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { cleanEnv, externalSandbox, hostileServer, type Server } from '../servers.ts';
import { fmtB, fmtMs, mean, median, runs, sleep } from '../stats.ts';

const DEPLOYMENTS = 48;

/** `sandbox --fleet 48` in its own process: its config.yaml (stdout) once every deployment listens. */
async function sandboxFleet(): Promise<{ config: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [CLI, 'sandbox', '--fleet', String(DEPLOYMENTS)], { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`sandbox --fleet did not start: ${err}`)), 30_000);
    child.stderr.on('data', (d) => {
      err += d;
      if (err.includes('deployments listening')) {
        clearTimeout(t);
        resolve();
      }
    });
    child.on('exit', () => reject(new Error(`sandbox --fleet exited: ${err}`)));
  });
  return { config: out, stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', () => r()), child.kill('SIGTERM')))) };
}

/** The config: the 48 deployments, then the hanging server and the rate-limited sandbox. */
function configFile(dir: string, fleet: string, hang: Server, limited: Server): string {
  writeFileSync(join(dir, 'hang.key'), `${hang.token}\n`, { mode: 0o600 });
  writeFileSync(join(dir, 'limited.key'), `${limited.token}\n`, { mode: 0o600 });
  const [contexts, fleets] = fleet.split('\nfleets:\n');
  const file = join(dir, 'config.yaml');
  writeFileSync(
    file,
    `${contexts}\n  hanging:\n    url: ${hang.url}\n    token_file: ${join(dir, 'hang.key')}\n    timeout: 5\n  limited:\n    url: ${limited.url}\n    token_file: ${join(dir, 'limited.key')}\n    timeout: 5\nfleets:\n${fleets}`,
  );
  chmodSync(file, 0o600);
  return file;
}

function headless(file: string): Promise<{ ms: number; json: { summary: string; contexts: { requests: number; state: string; name: string }[] } }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [BIN, 'fleet', '--config', file, '--json'], { env: cleanEnv(), maxBuffer: 256 * 1024 * 1024 }, (e, out) => {
      // Exit 13: some contexts could not be read (the hanging and the rate-limited ones): expected here.
      if (e && (e as { code?: number }).code !== 13) return reject(e);
      resolve({ ms: performance.now() - t0, json: JSON.parse(out) });
    }),
  );
}

const loadingLeft = (rows: string[]): number => Number(/ (\d+) still loading/.exec(rows[1] ?? '')?.[1] ?? 0);

async function run(r: Report): Promise<void> {
  const dir = mkdtempSync(join(os.tmpdir(), 'relayer-tui-bench-fleet-'));
  const [fleet, hang, limited] = await Promise.all([sandboxFleet(), hostileServer('hang'), externalSandbox(['--rate-limit', '1'])]);
  try {
    const file = configFile(dir, fleet.config, hang, limited);
    const total = DEPLOYMENTS + 2;

    // Headless first (it also tells the requests one read takes): median of 3.
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof headless>> | undefined;
    for (let i = 0; i < 3; i++) {
      last = await headless(file);
      times.push(last.ms);
    }
    const requests = last!.json.contexts.reduce((n, c) => n + c.requests, 0);
    const relayers = Number(/ ([\d,]+) relayers/.exec(last!.json.summary)?.[1]?.replace(/,/g, '') ?? NaN);
    r.record(`fleet: headless fleet --json over ${total} deployments (${relayers.toLocaleString('en-US')} relayers; median of 3)`, fmtMs(median(times)), '', true, `runs: ${runs(times)} ms; the hanging one ends at its 5 s timeout; "${last!.json.summary}"`);
    r.record('  … requests per read of the whole fleet (each relayer: its status where offered, its newest transactions)', `${requests.toLocaleString('en-US')}`, '≤ 5 a relayer', requests <= 5 * relayers, `${(requests / relayers).toFixed(1)} a relayer; 2 in flight per server, 16 in all`);

    // The TUI: the bin with the config, watched every 2 s (the relayers screen below is paused), then F.
    const s = spawnTui({ cli: BIN, cols: 120, rows: 40, args: ['--config', file, '--watch', '2'] });
    await s.waitForText('Sepolia Main', 15_000);
    await s.quiet(300);
    const t0 = performance.now();
    s.press('F');
    await s.waitForScreen((rows) => rows.some((l) => /^[› ][ *]fleet-\S+\s+\S+\s+(ok|paused|disabled)\b/.test(l)), 10_000, 'the first relayer rows');
    const first = performance.now() - t0;
    // Every healthy deployment read: at most the hanging and the slow one still loading.
    await s.waitForScreen((rows) => /relayers/.test(rows[1] ?? '') && loadingLeft(rows) <= 2, 20_000, 'every healthy deployment');
    const healthy = performance.now() - t0;
    await s.waitForScreen((rows) => /relayers/.test(rows[1] ?? '') && loadingLeft(rows) === 0, 20_000, 'every deployment');
    const all = performance.now() - t0;
    r.record(`fleet: F → first relayer rows on screen (${total} deployments)`, fmtMs(first), '≤ 500 ms', first <= 500, 'the bin against servers in their own processes, 120x40');
    r.record('  … every healthy deployment read (all but the hanging and the slow one)', fmtMs(healthy), '≤ 2,000 ms', healthy <= 2000, `the slow one (300 ms an answer) and the hanging one (its 5 s timeout) at ${fmtMs(all)}`);
    const rss = s.rssKb();
    const hwm = Number(/VmHWM:\s+(\d+)/.exec((await import('node:fs')).readFileSync(`/proc/${s.pid}/status`, 'utf8'))?.[1] ?? NaN);
    r.record('  … resident memory with the whole fleet on screen (VmRSS / peak VmHWM)', `${Math.round(rss / 1024)} MB / ${Math.round(hwm / 1024)} MB`, '≤ 150 MB', hwm / 1024 <= 150);

    // Watched: two refreshes of an unchanged fleet (the hanging and limited ones backing off).
    await s.quiet(2500, 10_000);
    const b0 = s.bytes;
    await sleep(4500);
    r.record('  … bytes per unchanged watch refresh (--watch 2, over 4.5 s)', fmtB((s.bytes - b0) / 2), '0 B', s.bytes === b0);

    const moves: number[] = [];
    // The selected row by its text, not its place: a watch refresh may re-sort the rows under it.
    const sel = (rows: string[]) => rows.find((l) => l.startsWith('›'))?.slice(2, 40);
    for (let i = 0; i < 10; i++) {
      const at = sel(s.screen());
      moves.push(await bytesFor(s, 'j', (rows) => sel(rows) !== at, 'the selection to move'));
    }
    r.record('  … bytes per cursor move in the fleet (j, mean of 10)', fmtB(mean(moves)), '≤ 600 B (aim 200)', mean(moves) <= 600, `min ${Math.min(...moves)}, max ${Math.max(...moves)}`);
    await close(s);
  } finally {
    await Promise.all([fleet.stop(), hang.stop(), limited.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
  await underFire(r);
}

/**
 * The fleet under fire (issue 27): the installed bin against a dripping link (alive, never done), a
 * server with 10,000 relayers and a context whose token_command hangs, beside one healthy sandbox,
 * each server in its own process. Every context's timeout is 2 s: the whole read should end at its
 * deadline (2.5 s), whatever the drip and the hang do.
 */
async function underFire(r: Report): Promise<void> {
  const dir = mkdtempSync(join(os.tmpdir(), 'relayer-tui-bench-fire-'));
  const [drip, many, healthy] = await Promise.all([hostileServer('drip'), hostileServer('ten-thousand-relayers'), externalSandbox()]);
  try {
    const file = join(dir, 'config.yaml');
    writeFileSync(
      file,
      `contexts:
  healthy:
    url: ${healthy.url}
    token_env: KEY_HEALTHY
  drip:
    url: ${drip.url}
    token_env: KEY_HOSTILE
    timeout: 2
  many:
    url: ${many.url}
    token_env: KEY_HOSTILE
    timeout: 2
  hung-token:
    url: ${healthy.url}
    token_command: "sleep 600"
    timeout: 2
`,
    );
    chmodSync(file, 0o600);
    const env = cleanEnv({ KEY_HEALTHY: healthy.token, KEY_HOSTILE: drip.token });
    const once = (args: string[]) =>
      new Promise<{ ms: number; code: number; out: string; err: string }>((resolve) => {
        const t0 = performance.now();
        execFile(process.execPath, [BIN, 'fleet', '--config', file, ...args], { env, maxBuffer: 256 * 1024 * 1024 }, (e, out, err) =>
          resolve({ ms: performance.now() - t0, code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }),
        );
      });
    const check: number[] = [];
    const json: number[] = [];
    let last: { code: number; err: string } | undefined;
    for (let i = 0; i < 3; i++) {
      const c = await once(['--check']);
      check.push(c.ms);
      last = c;
      json.push((await once(['--json'])).ms);
    }
    const summary = /relayer-tui fleet: (.*)/.exec(last!.err)?.[1] ?? last!.err.trim();
    r.record('fleet under fire: fleet --check (drip, 10,000 relayers, a hanging token_command, one healthy; timeout 2 s)', fmtMs(median(check)), '≤ 4,000 ms', median(check) <= 4000, `runs: ${runs(check)} ms; exit ${last!.code}; "${summary}"`);
    r.record('  … fleet --json, the same fleet', fmtMs(median(json)), '≤ 4,000 ms', median(json) <= 4000, `runs: ${runs(json)} ms`);

    // The TUI: the healthy context's relayers, then F: the healthy rows first, then every context settled.
    const s = spawnTui({ cli: BIN, cols: 160, rows: 40, args: ['--config', file, '--context', 'healthy'], env: { KEY_HEALTHY: healthy.token, KEY_HOSTILE: drip.token } });
    await s.waitForText('Sepolia Main', 15_000);
    await s.quiet(300);
    const t0 = performance.now();
    s.press('F');
    await s.waitForScreen((rows) => rows.some((l) => /^[› ][ *]healthy\s+\S+\s+(ok|paused|disabled)\b/.test(l)), 10_000, 'the healthy rows');
    const first = performance.now() - t0;
    await s.waitForScreen((rows) => /contexts/.test(rows[1] ?? '') && loadingLeft(rows) === 0, 20_000, 'every context settled');
    const all = performance.now() - t0;
    r.record('  … TUI: F → the healthy context\'s rows on screen', fmtMs(first), '≤ 500 ms', first <= 500, 'the hostile contexts do not hold it up');
    r.record('  … TUI: F → every context settled (read, cut short or given up at its deadline)', fmtMs(all), '≤ 4,000 ms', all <= 4000);
    await close(s);
  } finally {
    await Promise.all([drip.stop(), many.stop(), healthy.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
}

export const fleet: Section = {
  name: 'fleet',
  title: 'the fleet: 50 deployments…',
  run,
  method: `
- **Fleet**: \`dist/cli.cjs sandbox --fleet 48\` in its own process (48 deployments on their own ports, about
  20 relayers each, 955 in all; one answers in 300 ms), a server that never answers (the hostile fixture's
  \`hang\`, timeout 5 s) and a sandbox that allows 1 request a second, each in its own process: 50
  contexts in one config file. Headless: \`node bin/relayer-tui.cjs fleet --config … --json\`, timed to its
  exit, median of 3; its \`contexts[].requests\` summed are the requests of one read. TUI: the bin with
  \`--config … --watch 2\` at 120x40; \`F\` timed to the first relayer row on screen, to the summary line
  saying at most two contexts still loading (all but the slow and the hanging one), and to none; VmRSS
  and VmHWM then; the bytes written over 4.5 s of watch (two refreshes of an unchanged fleet); \`j\` ×10.
- **Fleet under fire**: four contexts, each server in its own process: the hostile fixture's \`drip\` (six
  relayers listed at once, every other answer a byte every 250 ms), its \`ten-thousand-relayers\` (the
  fleet reads 1,000 and says so), a context whose \`token_command\` is \`sleep 600\`, all three with
  \`timeout: 2\`, and one healthy sandbox. \`fleet --check\` and \`fleet --json\` timed to their exit,
  interleaved, median of 3; then the TUI at 160x40: \`F\` timed to the healthy context's rows and to
  every context settled.
`,
};
