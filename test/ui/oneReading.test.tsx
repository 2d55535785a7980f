/**
 * Issue 53.3: one reading per jam — avalanche-bridge's jam (at its cap) read through every face, the
 * sandbox's clock still (one state of the server): the first screen's line, the relayer's detail, the
 * stuck screen's header, the cancel review of its blocker and `check` (text and --json, the built CLI
 * against the same server) say the same waiting count and the same age.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from './helpers.js';
import { cursorRow } from './support.js';
import { runAgainst } from '../e2e/run.js';
import { assertBuilt } from '../e2e/pty.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});
const flat = (s: string) => s.replace(/\n\s*/g, ' ');
const esc = (s: string) => s.replace(/[()]/g, '\\$&');

describe('one jam, every face', () => {
  it('the first screen, the detail, the stuck screen, the cancel review and check say the same waiting and age', async () => {
    assertBuilt();
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 260, rows: 40 });
    const line = await h.waitFor((x) => /^3 jammed .*avalanche-bridge \(at its cap, \d+ waiting\)/m.test(x) && !/being diagnosed/.test(x), 'the jam line');
    const waiting = /avalanche-bridge \(at its cap, (\d+) waiting\)/.exec(line)![1]!;
    // The detail.
    await h.press('/', ...'avalanche-bridge', '\r');
    await h.waitFor((x) => cursorRow(x).includes('avalanche-bridge'), 'the row');
    await h.press('i');
    const d = flat(await h.waitFor((x) => /^jam\s/m.test(x), "the detail's jam"));
    const age = /jam\s+jammed (\S+ \(blocker created \d\d:\d\d:\d\d\)) at nonce/.exec(d)![1]!;
    expect(d).toContain(`; ${waiting} waiting.`);
    // The stuck screen, its cursor on the blocker.
    await h.press('\x1b');
    await h.waitFor((x) => !/^jam\s/m.test(x), 'back');
    await h.press('t');
    let s = flat(await h.waitFor((x) => x.includes('relayer-tui › stuck') && /avalanche-bridge: jammed/.test(flat(x)), 'the stuck screen'));
    for (let i = 0; i < 8 && !/^› avalanche-bridge\s+submitted/m.test(h.frame()); i++) await h.press('j');
    s = flat(await h.waitFor((x) => /^› avalanche-bridge\s+submitted/m.test(x) && x.includes('the chain waits on it'), 'the cursor on the blocker'));
    expect(s).toContain(`avalanche-bridge: jammed ${age} at nonce`);
    expect(s).toContain(`; ${waiting} waiting.`);
    // The cancel review of the blocker.
    await h.press('X');
    const r = flat(await h.waitFor((x) => /what waits/.test(x), 'the cancel review'));
    expect(r).toContain(`${waiting} transaction${waiting === '1' ? '' : 's'} wait${waiting === '1' ? 's' : ''} behind it`);
    // check, against the same server, at the same moment of its clock.
    const home = mkdtempSync(join(tmpdir(), 'relayer-tui-one-reading-'));
    const c = await runAgainst(h.sandbox, home, ['check']);
    expect(c.out.split('\n').find((l) => l.startsWith('avalanche-bridge:'))).toMatch(new RegExp(`^avalanche-bridge: jammed ${esc(age)} at nonce \\d+ — at its cap 30 gwei, the network asks 55 gwei; ${waiting} waiting\\.`));
    const j = JSON.parse((await runAgainst(h.sandbox, home, ['check', '--json'])).out) as { relayers: { relayer: string; jam: { waiting: number } | null }[] };
    expect(j.relayers.find((x) => x.relayer === 'avalanche-bridge')!.jam!.waiting).toBe(Number(waiting));
  }, 40_000);

  it('on a running clock (the sandbox stepped 45 blocks, every jam read again): the detail and check count from the one origin, the blocker created HH:MM:SS', async () => {
    assertBuilt();
    // The app's clock the wall's, as check's (a process of its own); the sandbox's blocks still between steps.
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 260, rows: 40 });
    const sb = h.sandbox;
    sb.clock.stop();
    await h.waitFor((x) => /^3 jammed /m.test(x) && !/being diagnosed/.test(x), 'the three jams');
    // 45 s of blocks (optimism-relay's gap is filled; avalanche-bridge's and holesky-test's chains do not move); r reads every jam again.
    sb.clock.step(45);
    await h.press('r');
    await h.waitFor((x) => /optimism-relay cleared/.test(x) && !/being diagnosed|reading…/.test(x), 'the second read');
    // The detail of each relayer still jammed, then check at the same moment: the same age, the same origin.
    const home = mkdtempSync(join(tmpdir(), 'relayer-tui-one-reading-'));
    const c = await runAgainst(h.sandbox, home, ['check']);
    for (const id of ['avalanche-bridge', 'holesky-test']) {
      const said = c.out.split('\n').find((l) => l.startsWith(`${id}:`)) ?? '';
      const m = /^\S+: jammed (\d+[smh]) (\(blocker created \d\d:\d\d:\d\d\)) at nonce/.exec(said);
      expect(m, `check's ${id}: ${said}`).not.toBeNull();
      await h.press('/', ...id, '\r');
      await h.waitFor((x) => cursorRow(x).includes(id), `the row of ${id}`);
      await h.press('i');
      const d = flat(await h.waitFor((x) => /^jam\s/m.test(x), `${id}'s detail`));
      // The same origin to the second; the same age (the detail read a moment after check: a minute on at most).
      const dm = /jam\s+jammed (\d+[smh]) (\(blocker created \d\d:\d\d:\d\d\)) at nonce/.exec(d);
      expect(dm, `${id}'s detail: ${d.slice(0, 300)}`).not.toBeNull();
      expect(dm![2]).toBe(m![2]);
      if (dm![1] !== m![1]) expect(Number.parseInt(dm![1]!, 10) - Number.parseInt(m![1]!, 10)).toBe(1);
      await h.press('\x1b');
      await h.waitFor((x) => !/^jam\s/m.test(x), 'back');
      // The filter off (esc on the list).
      await h.press('\x1b');
      await h.waitFor((x) => x.includes('avalanche-bridge') && x.includes('holesky-test'), 'the whole list');
    }
  }, 60_000);
});
