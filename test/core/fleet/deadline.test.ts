/**
 * The fleet's per-context deadline holds after a garbage collection (issue 27.1): on Node 20 a
 * timeout signal inside AbortSignal.any() can be collected and never fire (nodejs/node#57736). Run in
 * a child Node with --expose-gc, a collection forced before the deadline: the owned timer fires.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function runGc(script: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '' } }, (err, out, errOut) =>
      err ? reject(new Error(`${err.message}\n${errOut}`)) : resolve(out.trim()),
    ),
  );
}

describe('a deadline combined with another signal', () => {
  it('fires after a forced garbage collection, on this Node; and aborts with its parent', async () => {
    const out = await runGc(`
      import { deadline } from './src/core/deadline.ts';
      const d = deadline(new AbortController().signal, 300);
      setTimeout(() => globalThis.gc(), 100);
      const parent = new AbortController();
      const child = deadline(parent.signal, 60_000);
      setTimeout(() => parent.abort(new Error('closed')), 50);
      setTimeout(() => { console.log(JSON.stringify({ timed: d.signal.aborted, reason: d.signal.reason?.name, parent: child.signal.aborted })); d.clear(); child.clear(); }, 900);
    `);
    expect(JSON.parse(out)).toEqual({ timed: true, reason: 'TimeoutError', parent: true });
  });

  it('clear ends the timer: a cleared deadline does not fire and keeps nothing alive', async () => {
    const out = await runGc(`
      import { deadline } from './src/core/deadline.ts';
      const d = deadline(new AbortController().signal, 200);
      d.clear();
      setTimeout(() => console.log(String(d.signal.aborted)), 400);
    `);
    expect(out).toBe('false');
  });
});
