/** Read-only mode: no form sends anything, and the screen says why. */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from '../helpers.js';
import { expectNoWrites, focusedField, palette, settle, statusBar } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const RO = { services: { readOnly: true, readOnlySource: 'context prod-eu' }, columns: 140 } as const;

describe('read-only mode', () => {
  it('shows READ-ONLY in the status bar', async () => {
    h = await renderApp({ services: { readOnly: true } });
    const f = await h.waitFor((x) => x.includes('Sepolia Main'));
    expect(statusBar(f)).toMatch(/^SANDBOX │ READ-ONLY/);
  });

  it('e on a transaction (list or detail) says why and opens nothing', async () => {
    h = await renderApp({ ...RO, route: { kind: 'transactions', relayerId: 'sepolia-main' } });
    await h.waitFor((f) => /^› pending/m.test(f));
    await h.press('e');
    let f = await h.waitFor((x) => statusBar(x).includes('Read-only ('), 'reason');
    expect(statusBar(f)).toContain('Read-only (context prod-eu): replacing a transaction is disabled');
    expect(f).not.toContain('replace EVM');
    expect(f).toContain('› transactions');
    await h.press(KEY.enter);
    await h.waitFor((x) => x.includes('› transaction '), 'detail');
    await h.press('e');
    f = await h.waitFor((x) => statusBar(x).includes('Read-only (context prod-eu): replacing a transaction is disabled'), 'reason on detail');
    expect(f).not.toContain('replace EVM');
    expectNoWrites(h);
  });

  it(':plugin echo and :notify are refused at the palette with the reason; no form opens', async () => {
    h = await renderApp({ ...RO });
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await palette(h, 'plugin echo');
    let f = await h.waitFor((x) => statusBar(x).includes('Read-only ('), 'plugin refusal');
    expect(statusBar(f)).toContain('Read-only (context prod-eu): calling a plugin is disabled');
    expect(f).toContain('relayer-tui › relayers');
    expect(f).not.toContain('plugin echo');
    await palette(h, 'notify');
    f = await h.waitFor((x) => statusBar(x).includes('creating a notification is disabled'), 'notify refusal');
    expect(f).toContain('relayer-tui › relayers');
    expect(f).not.toContain('create notification');
    expectNoWrites(h);
  });

  it('a plugin form opened anyway (initial route) reviews but refuses y with the reason; nothing is sent', async () => {
    h = await renderApp({ ...RO, route: { kind: 'operation', op: 'plugin-call', target: { pluginId: 'echo' } } });
    await h.waitFor((f) => f.includes('plugin echo') && focusedField(f) === 'params');
    await h.press(KEY.ctrlS);
    await h.waitFor((f) => f.includes('Review:'));
    await h.press('y');
    const f = await h.waitFor((x) => statusBar(x).includes('Read-only ('), 'refusal');
    expect(statusBar(f)).toContain('Read-only (context prod-eu): calling a plugin is disabled');
    // Still the review: nothing is in flight and nothing was sent.
    expect(f).toContain('Review:');
    expect(f).not.toContain('Sending');
    // A call would reach the sandbox within milliseconds on loopback; 250 ms shows none was made.
    await settle(250);
    expectNoWrites(h);
    expect(h.sandbox.pluginCalls).toBe(0);
  });

  it('a notify form opened anyway (initial route) refuses y with the reason; nothing is sent', async () => {
    h = await renderApp({ ...RO, route: { kind: 'operation', op: 'notification-create', target: {} } });
    await h.waitFor((f) => f.includes('create notification') && focusedField(f) === 'url');
    await h.press('https://ops.example.com/ro', KEY.tab, 'ro-hook', KEY.ctrlS);
    await h.waitFor((f) => f.includes('Review:'));
    await h.press('y');
    const f = await h.waitFor((x) => statusBar(x).includes('Read-only ('), 'refusal');
    expect(statusBar(f)).toContain('Read-only (context prod-eu): creating a notification is disabled');
    expect(statusBar(f)).toContain('READ-ONLY');
    // A create would reach the sandbox within milliseconds on loopback; 250 ms shows none was made.
    await settle(250);
    expectNoWrites(h);
    expect(h.sandbox.getNotification('ro-hook')).toBeUndefined();
  });
});
