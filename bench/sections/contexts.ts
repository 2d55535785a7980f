/** :ctx between two servers in their own processes, and memory with 1,000 requests in the activity log. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { close, palette, startCli, statusBar } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { externalSandbox, hostileServer } from '../servers.ts';
import { fmtMs, median, runs, sleep } from '../stats.ts';

async function run(r: Report): Promise<void> {
  const sb = await externalSandbox();
  const hs = await hostileServer('');
  const dir = join(os.tmpdir(), `relayer-tui-bench-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'config.yaml'), `current_context: a\ncontexts:\n  a:\n    url: ${sb.url}\n    token_env: KEY_A\n  b:\n    url: ${hs.url}\n    token_env: KEY_B\n`, { mode: 0o600 });
  const env = { RELAYER_TUI_CONFIG_DIR: dir, XDG_STATE_HOME: join(dir, 'state'), KEY_A: sb.token, KEY_B: hs.token };
  try {
    const s = await startCli({ cols: 100, rows: 30, env });
    const switches: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [to, shows] = i % 2 === 0 ? ['b', 'Plain Relayer'] : ['a', 'Sepolia Main'];
      await palette(s, `ctx ${to}`, false);
      const t0 = performance.now();
      s.press('\r');
      await s.waitForScreen((rows) => rows.join('\n').includes(shows) && statusBar(rows).startsWith(`ctx ${to} `), 10_000, `context ${to}`);
      switches.push(performance.now() - t0);
      await s.quiet(200);
    }
    r.record(':ctx switch → first frame of the other server (median of 6)', fmtMs(median(switches)), '', true, `runs: ${runs(switches)} ms, from enter to its relayers on screen (servers in their own processes)`);

    // 1,000 requests in the activity log: r pressed in bursts (each refresh a request; a newer one cancels the one before).
    const rss0 = s.rssKb();
    for (let i = 0; i < 40; i++) {
      s.press('r'.repeat(25));
      await sleep(30);
    }
    await s.quiet(500);
    await palette(s, 'log');
    const rows = await s.waitForScreen((x) => /log \(1,000 requests/.test(x[0] ?? ''), 20_000, 'a full log');
    const rss = s.rssKb();
    r.record('resident memory with 1,000 requests in the activity log (:log open)', `${Math.round(rss / 1024)} MB`, '≤ 150 MB', rss / 1024 <= 150, `${Math.round(rss0 / 1024)} MB before the burst; ${rows[0]}`);
    await close(s);
  } finally {
    await sb.stop();
    await hs.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const contexts: Section = {
  name: 'contexts',
  title: 'contexts and the activity log…',
  run,
  method: `
- **Contexts**: a config file with two contexts, the sandbox and the hostile fixture each in its own
  process; \`:ctx b\` / \`:ctx a\` typed in turn, timed from enter to the frame with the other server's
  relayers and its name in the status bar. *Activity log*: \`r\` pressed 1,000 times in bursts of 25
  (each a request, cancelled by the next), then \`:log\` open with its 1,000 entries; VmRSS then.
`,
};
