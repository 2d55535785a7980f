/**
 * The hostile server in its own process (test/hostile/main.ts through tsx), for tests and the bench
 * whose client must not share an event loop with the server it is timed against.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface HostileProcess {
  url: string;
  token: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `modes` (test/hostile/server.ts) in a node of its own; resolves once it listens. */
export function hostileProcess(modes: string[], env: NodeJS.ProcessEnv = process.env): Promise<HostileProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test', 'hostile', 'main.ts'), '--mode', modes.join(',')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolvePromise, reject) => {
    let out = '';
    let err = '';
    const t = setTimeout(() => reject(new Error(`the hostile server (${modes}) did not start: ${err}`)), 15_000);
    child.stderr!.on('data', (d) => (err += d));
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /^(http:\/\/\S+) (\S+)\n/m.exec(out);
      if (!m) return;
      clearTimeout(t);
      resolvePromise({
        url: m[1]!,
        token: m[2]!,
        child,
        stop: () => new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : (child.once('exit', () => r()), child.kill('SIGTERM')))),
      });
    });
    child.on('exit', () => reject(new Error(`the hostile server (${modes}) exited: ${err}`)));
  });
}
