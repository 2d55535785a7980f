/** The one concurrency limit (src/core/limiter.ts): at most n at a time, in turn, a wait that can be dropped. */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { Limiter, pool } from '../../src/core/limiter.js';

const tick = () => new Promise((r) => setImmediate(r));

describe('the limiter', () => {
  it('at most n run at once, the others in the order they came', async () => {
    const l = new Limiter(2);
    const started: number[] = [];
    const release: (() => void)[] = [];
    const all = [0, 1, 2, 3, 4].map((i) => l.run(() => new Promise<number>((r) => (started.push(i), release.push(() => r(i))))));
    await tick();
    expect(started).toEqual([0, 1]);
    release[1]!();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    release[0]!();
    release[2]!();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    release[3]!();
    release[4]!();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4]);
  });

  it('a wait ended by its signal is dropped (rejected as cancelled); one already running is not', async () => {
    const l = new Limiter(1);
    const ctrl = new AbortController();
    let done!: () => void;
    const running = l.run(() => new Promise<string>((r) => (done = () => r('ran'))), ctrl.signal);
    let asked = false;
    const waiting = l.run(async () => ((asked = true), 'no'), ctrl.signal);
    const next = l.run(async () => 'next');
    ctrl.abort();
    await expect(waiting).rejects.toMatchObject({ message: 'Request cancelled' });
    done();
    expect(await running).toBe('ran');
    expect(await next).toBe('next');
    expect(asked).toBe(false);
  });

  it('pool: n at a time, the results in the order of the tasks; a failure rejects it', async () => {
    let inFlight = 0;
    let most = 0;
    const tasks = Array.from({ length: 20 }, (_, i) => async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, (i * 7) % 5));
      inFlight--;
      return i;
    });
    expect(await pool(3, tasks)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(3);
    await expect(pool(2, [async () => 1, async () => Promise.reject(new Error('boom'))])).rejects.toThrow('boom');
  });

  it('fifty waits on one signal hold one abort listener (a listener each printed a MaxListenersExceededWarning over the TUI), none once they ran', async () => {
    const l = new Limiter(1);
    const ctrl = new AbortController();
    let release!: () => void;
    const first = l.run(() => new Promise<void>((r) => (release = r)), ctrl.signal);
    const rest = Array.from({ length: 50 }, (_, i) => l.run(async () => i, ctrl.signal));
    await tick();
    expect(getEventListeners(ctrl.signal, 'abort')).toHaveLength(1);
    release();
    await first;
    expect(await Promise.all(rest)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(getEventListeners(ctrl.signal, 'abort')).toHaveLength(0);
  });

  it('an abort drops every wait on that signal, and only those', async () => {
    const l = new Limiter(1);
    const a = new AbortController();
    const b = new AbortController();
    let release!: () => void;
    const first = l.run(() => new Promise<void>((r) => (release = r)));
    const onA = [l.run(async () => 'a1', a.signal), l.run(async () => 'a2', a.signal)];
    const onB = l.run(async () => 'b', b.signal);
    a.abort();
    for (const p of onA) await expect(p).rejects.toMatchObject({ aborted: true });
    release();
    await first;
    expect(await onB).toBe('b');
  });
});
