// Making the code caches at build time (scripts/build.mjs for dist/, scripts/sea.mjs for the single
// executable), so that the first start after an install or a build is as fast as the ones after it:
// the program run once the way each cache is made — the TUI in a pseudo-terminal against its built-in
// sandbox until it writes its cache after its first frame, and `relayers --json` against a relayers
// page served from here (never a configured server). Each resolves with undefined once `written()`
// says the cache is there, else with why not.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';

/** The environment of a priming run: no configured server, no context, no read-only switch. */
function primeEnv(env) {
  const out = { ...process.env, TERM: 'xterm-256color', ...env };
  for (const k of ['RELAYER_URL', 'RELAYER_API_KEY', 'RELAYER_TUI_CONTEXT', 'RELAYER_TUI_READ_ONLY']) if (!(k in env)) delete out[k];
  return out;
}

/** The TUI (`file args`) in a 100x30 pty against its built-in sandbox, until `written()`; then q. node-pty is a development dependency. */
export async function primeTui({ file, args, cwd, env = {}, written }) {
  let pty;
  try {
    pty = await import('node-pty');
  } catch {
    return 'node-pty is not installed';
  }
  let proc;
  try {
    proc = pty.spawn(file, args, { cols: 100, rows: 30, cwd, env: primeEnv(env) });
  } catch (e) {
    return `no pseudo-terminal (${e instanceof Error ? e.message : e})`;
  }
  const exited = new Promise((resolve) => proc.onExit(resolve));
  proc.onData(() => undefined); // drain the output
  const end = Date.now() + 10_000;
  while (!written() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  proc.write('q');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
  return written() ? undefined : 'the CLI wrote no cache within 10 s';
}

/** `file args relayers --json` against a one-relayer page served from here, until it exits. */
export async function primeOneShot({ file, args, env = {}, written }) {
  const page = JSON.stringify({ success: true, data: [{ id: 'prime', name: 'Prime', network: 'sepolia', network_type: 'evm', paused: false, system_disabled: false, address: `0x${'0'.repeat(40)}`, policies: {} }], error: null, pagination: { current_page: 1, per_page: 50, total_items: 1 } });
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(page);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  try {
    const e = primeEnv({ ...env, RELAYER_URL: `http://127.0.0.1:${server.address().port}`, RELAYER_API_KEY: 'prime' });
    await new Promise((resolve) => execFile(file, [...args, 'relayers', '--json'], { env: e, timeout: 10_000 }, resolve));
  } finally {
    server.close();
  }
  return written() ? undefined : 'relayers --json wrote no cache';
}
