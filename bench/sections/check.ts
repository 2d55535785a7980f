/**
 * `relayer-tui check` behind a slow RPC: the headless CLI (the package's bin) against the sandbox's
 * real flavour in its own process (`--relayers 50 --rpc-delay 1000`: 50 relayers, every JSON-RPC read
 * answered a second late; its clock still), wall time from the spawn to the exit. The diagnoses run side
 * by side within `check`'s requests in flight (core/limiter.ts CHECK_IN_FLIGHT); one after another
 * (before issue 51.5) the same check took about a second per RPC read, 50+ s.
 */
import { execFile } from 'node:child_process';
import { BIN } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { cleanEnv, externalSandbox } from '../servers.ts';
import { fmtMs, median } from '../stats.ts';

const RUNS = 3;

function timed(url: string, token: string): Promise<{ ms: number; code: number; err: string }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, 'check'], { env: cleanEnv({ RELAYER_URL: url, RELAYER_API_KEY: token }), maxBuffer: 64 * 1024 * 1024 }, (e, _out, err) =>
      resolve({ ms: performance.now() - t0, code: e ? ((e as { code?: number }).code ?? 1) : 0, err }),
    );
  });
}

async function run(r: Report): Promise<void> {
  const sb = await externalSandbox(['--flavor', 'real', '--block-time', '0', '--relayers', '50', '--rpc-delay', '1000']);
  const ms: number[] = [];
  let last = { ms: 0, code: 0, err: '' };
  try {
    for (let i = 0; i < RUNS; i++) {
      last = await timed(sb.url, sb.token);
      ms.push(last.ms);
    }
  } finally {
    await sb.stop();
  }
  r.record('check: 50 relayers behind a 1 s RPC', fmtMs(median(ms)), '≤ 5 s (in turn: about 44 s)', median(ms) <= 5_000, `exit ${last.code}; median of ${RUNS} (max ${fmtMs(Math.max(...ms))}); ${last.err.trim().slice(0, 90)}…`);
}

export const check: Section = {
  name: 'check',
  title: 'check behind a slow RPC…',
  run,
  method: `
- **check behind a slow RPC**: the package's bin, \`check\`, against \`sandbox --flavor real --block-time 0
  --relayers 50 --rpc-delay 1000\` in its own process (50 relayers, every JSON-RPC read answered 1 s
  late), from the spawn to the exit, ${RUNS} runs. The diagnoses run side by side, at most 24 requests in
  flight (v1.8 allows 100 a second per key; its forecast reads eth_gasPrice beside each diagnosis, and
  for a relayer with a cap eth_feeHistory and its window's two blocks — on this still clock one block,
  so eth_feeHistory alone: +25 reads, 5.0 → 5.2-5.4 s at a load average of 5-6); one after another (CHECK_IN_FLIGHT 1, as before issue 51.5) it
  took 44 s, 8 in flight 6.5 s, 16 without the forecast's read 3.3 s. Budget: 5 s (issue 51).
`,
};
