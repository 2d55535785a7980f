/**
 * Issue 43's re-walk: `r` said "3 rows changed (marked *)" with none of them in sight. The flash now
 * says how many of the rows marked are off screen. Against the sandbox's real flavour over loopback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from './helpers.js';
import { palette } from './forms/support.js';
import { statusLine } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

describe('rows changed, said with where they are', () => {
  it('r after a change below the fold: "1 row changed (marked *; 1 off screen: j/k)"; in sight, nothing more', async () => {
    // 120 columns (24 rows: the fold): at 80 the message is cut beside the read time, its rest in :messages.
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 24 });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    await h.client.detectDialect();
    for (let i = 10; i < 40; i++) await h.client.createNotification({ url: `https://hooks.example.com/n${i}`, id: `zz-${i}` });
    await palette(h, 'notifications');
    await h.waitFor((x) => x.includes('zz-10'), 'the list');
    await h.client.updateNotification('zz-39', { url: 'https://hooks.example.com/changed' });
    await h.press('r');
    const f = await h.waitFor((x) => /refreshed \d\d:\d\d:\d\d: 1 row changed/.test(x), 'the flash');
    expect(f).not.toContain('zz-39');
    expect(f).toMatch(/1 row changed \(marked \*; 1 off screen: j\/k\)/);
    // One in sight: said as before.
    await h.client.updateNotification('zz-10', { url: 'https://hooks.example.com/changed-too' });
    await h.press('r');
    await h.waitFor((x) => /refreshed \d\d:\d\d:\d\d: 1 row changed \(marked \*\)/.test(x), 'in sight');
  });

  it('a filter hiding the rows that changed: said hidden by the filter (j/k never reaches them), and "last change" does not move', async () => {
    const clock = { skew: 0 };
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 24, services: { now: () => Date.now() + clock.skew } });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    await h.client.detectDialect();
    for (let i = 10; i < 14; i++) await h.client.createNotification({ url: `https://hooks.example.com/n${i}`, id: `zz-${i}` });
    await palette(h, 'notifications');
    await h.waitFor((x) => x.includes('zz-10'), 'the list');
    await h.press('/', 'nothing-matches', '\r');
    await h.waitFor((x) => x.includes('0 of '), 'the filter');
    await h.press('w');
    await h.waitFor((x) => /last change \d\d:\d\d:\d\d/.test(x), 'watched');
    const since = /last change (\d\d:\d\d:\d\d)/.exec(h.frame())![1];
    await h.press('w');
    // The app's clock moved on (a read now would say another time): not waited for.
    clock.skew = 5_000;
    await h.client.updateNotification('zz-12', { url: 'https://hooks.example.com/changed' });
    await h.press('r');
    const f = await h.waitFor((x) => /refreshed \d\d:\d\d:\d\d: 1 row changed/.test(x), 'the flash');
    expect(f).toMatch(/1 row changed \(marked \*; 1 hidden by the filter, esc clears it\)/);
    expect(f).not.toMatch(/off screen/);
    await h.press('w');
    const again = await h.waitFor((x) => /last change \d\d:\d\d:\d\d/.test(x), 'watched again');
    expect(/last change (\d\d:\d\d:\d\d)/.exec(again)![1]).toBe(since);
  });
});

describe('a record opened from a server list says when it was read', () => {
  it("enter on a notification: the bar carries the list's read time (a walk found detail screens with no time)", async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 24 });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    await palette(h, 'notifications');
    const list = await h.waitFor((x) => /notifications/.test(x) && /^› /m.test(x), 'the list');
    const readAt = /│ (\d\d:\d\d:\d\d)/.exec(statusLine(list))?.[1];
    expect(readAt).toBeDefined();
    await h.press('\r');
    const record = await h.waitFor((x) => /› notification /.test(x), 'the record');
    expect(statusLine(record)).toContain(readAt!);
  });
});

describe("a read's age in the bar", () => {
  it('not watched, past a minute: "read HH:MM:SS, 1m ago" (a walk read a list 70 s old that looked live); r brings the plain time back', async () => {
    const clock = { skew: 0 };
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 24, services: { now: () => Date.now() + clock.skew } });
    h.sandbox.clock.stop();
    const first = await h.waitFor((x) => x.includes('Sepolia Main') && /│ \d\d:\d\d:\d\d/.test(statusLine(x)), 'the list');
    const at = /│ (\d\d:\d\d:\d\d)/.exec(statusLine(first))![1];
    expect(statusLine(first)).not.toMatch(/ ago/);
    clock.skew = 70_000;
    await h.press('j');
    await h.waitFor((x) => statusLine(x).includes(`read ${at}, 1m ago`), 'the age said');
    await h.press('r');
    await h.waitFor((x) => /refreshed \d\d:\d\d:\d\d/.test(statusLine(x)) && !/ ago/.test(statusLine(x)), 'read again');
  });

  it("a transaction's and a relayer's detail carry their list's read: the bar says it, and its age past a minute (a walk read a 70 s old status as current)", async () => {
    const clock = { skew: 0 };
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 30, route: { kind: 'transactions', relayerId: 'sepolia-main' }, services: { now: () => Date.now() + clock.skew } });
    h.sandbox.clock.stop();
    const list = await h.waitFor((x) => /^› \S/m.test(x) && /│ \d\d:\d\d:\d\d/.test(statusLine(x)), 'the list');
    const at = /│ (\d\d:\d\d:\d\d)/.exec(statusLine(list))![1]!;
    await h.press('\r');
    const detail = await h.waitFor((x) => /› transaction /.test(x) || /relayer-tui › .*tx/.test(x.split('\n')[0]!), 'the detail');
    expect(statusLine(detail)).toContain(at);
    clock.skew = 70_000;
    await h.press('j');
    await h.waitFor((x) => statusLine(x).includes(`read ${at}, 1m ago`), 'its age said');
    // A relayer's detail (i on the first screen) too.
    await h.unmount();
    clock.skew = 0;
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 30, services: { now: () => Date.now() + clock.skew } });
    h.sandbox.clock.stop();
    const relayers = await h.waitFor((x) => x.includes('Sepolia Main') && /│ \d\d:\d\d:\d\d/.test(statusLine(x)), 'the relayers');
    const at2 = /│ (\d\d:\d\d:\d\d)/.exec(statusLine(relayers))![1]!;
    await h.press('i');
    const rel = await h.waitFor((x) => /relayer-tui › relayer /.test(x.split('\n')[0]!), 'the relayer detail');
    expect(statusLine(rel)).toContain(at2);
    clock.skew = 70_000;
    await h.press('j');
    await h.waitFor((x) => statusLine(x).includes(`read ${at2}, 1m ago`), 'its age said');
  });
});
