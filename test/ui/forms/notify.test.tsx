/** `:notify`: create a webhook notification; the signing key is never on screen. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseJson } from '../../../src/api/index.js';
import { KEY, renderApp, type Harness } from '../helpers.js';
import { allFrames, fieldHint, fieldLabels, fieldValue, focusedField, lines, palette, retype, settle, statusBar, writes } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const KEY_TEXT = 'whsec-Zq81-very-secret-signing-key-0123456789';
const KEY_LEN = KEY_TEXT.length;

/** The key never appeared in any frame written so far (nor a long piece of it). */
function expectKeyNeverShown(h: Harness): void {
  const all = allFrames(h);
  expect(all).not.toContain(KEY_TEXT);
  expect(all).not.toContain(KEY_TEXT.slice(0, 16));
  expect(all).not.toContain(KEY_TEXT.slice(-16));
}

async function openNotify(h: Harness): Promise<string> {
  return h.waitFor((f) => f.includes('create notification') && focusedField(f) === 'url', 'notify form');
}

describe('create a notification', () => {
  it(':notify shows type webhook and the fields url, id, signing_key in order, focus on url', async () => {
    h = await renderApp();
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await palette(h, 'notify');
    const f = await openNotify(h);
    expect(lines(f)[0]).toBe('relayer-tui › create notification');
    expect(fieldLabels(f)).toEqual(['type', 'url', 'id', 'signing_key']);
    expect(fieldValue(f, 'type')).toBe('webhook (the only type)');
    expect(focusedField(f)).toBe('url');
    expect(fieldHint(f, 'url')).toContain('absolute http(s) URL, required');
    expect(fieldHint(f, 'id')).toContain('optional: letters, digits, - and _');
    expect(fieldHint(f, 'signing_key')).toContain('optional, write-only, masked');
  });

  it('refuses a bad url and a bad id inline, and will not review', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'notification-create', target: {} } });
    await openNotify(h);
    await h.press('ops.example.com/hook', KEY.tab, 'has space!');
    let f = await h.waitFor((x) => fieldValue(x, 'id') === 'has space!');
    expect(fieldHint(f, 'url')).toMatch(/^✗ not an absolute http\(s\) URL/);
    expect(fieldHint(f, 'id')).toMatch(/^✗ letters, digits, - and _ only, at most 36/);
    await h.press(KEY.ctrlS);
    f = await h.waitFor((x) => statusBar(x).includes('2 fields need attention'));
    expect(focusedField(f)).toBe('url');
    await retype(h, 'ftp://ops.example.com/hook');
    await h.waitFor((x) => fieldHint(x, 'url')!.startsWith('✗ not an absolute http(s) URL'), 'ftp refused');
    await h.press(KEY.tab);
    await retype(h, 'x'.repeat(37));
    await h.waitFor((x) => fieldHint(x, 'id')!.startsWith('✗ letters, digits'), '37 chars refused');
    expect(writes(h)).toEqual([]);
  });

  it('masks the signing key as typed, in the review and in the result; the server stores it', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'notification-create', target: {} } });
    await openNotify(h);
    await h.press('https://ops.example.com/hooks/relayer', KEY.tab, 'ops-hook-2', KEY.tab);
    expect(focusedField(h.frame())).toBe('signing_key');
    await h.press(KEY_TEXT);
    let f = await h.waitFor((x) => fieldValue(x, 'signing_key') === '•'.repeat(KEY_LEN), 'masked');
    expect(fieldHint(f, 'signing_key')).toMatch(new RegExp(`^${KEY_LEN} chars`));
    await h.press(KEY.ctrlS);
    f = await h.waitFor((x) => x.includes('Review:'));
    expect(f).toContain('POST /api/v1/notifications');
    expect(f).toContain(`"signing_key": "•••• (${KEY_LEN} chars)"`);
    // Masked, it is not the body exactly as sent: the heading says what is masked.
    expect(f).toContain('Body (as sent, the signing key masked: the request carries it whole):');
    expect(f).not.toContain('exactly as sent');
    expect(f).toContain('"url": "https://ops.example.com/hooks/relayer"');
    expect(f).toContain('"id": "ops-hook-2"');
    expect(f).toContain('"type": "webhook"');
    expect(writes(h)).toEqual([]);
    await h.press('y');
    f = await h.waitFor((x) => x.includes('✓ Done'));
    expect(f).toMatch(/^id +ops-hook-2$/m);
    expect(f).toMatch(/^type +webhook$/m);
    expect(f).toMatch(/^url +https:\/\/ops\.example\.com\/hooks\/relayer$/m);
    expect(f).toMatch(/^signing key set +yes$/m);
    // The exact key went over the wire and was stored; it never reached the screen.
    const sent = parseJson(writes(h)[0]!.body) as Record<string, unknown>;
    expect(sent.signing_key).toBe(KEY_TEXT);
    expect(h.sandbox.getNotification('ops-hook-2')).toMatchObject({ id: 'ops-hook-2', type: 'webhook', signing_key: KEY_TEXT });
    expectKeyNeverShown(h);
  });

  it('a duplicate id shows the server message and keeps every field (contract flavor)', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'notification-create', target: {} } });
    await openNotify(h);
    await h.press('https://hooks.example.com/dup', KEY.tab, 'ops-webhook', KEY.tab, KEY_TEXT);
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'));
    await h.press('y');
    const f = await h.waitFor((x) => x.includes('Refused by the server'));
    expect(f).toContain('HTTP 409');
    expect(f).toContain('Notification with this ID already exists');
    expect(fieldValue(f, 'url')).toBe('https://hooks.example.com/dup');
    expect(fieldValue(f, 'id')).toBe('ops-webhook');
    expect(fieldValue(f, 'signing_key')).toBe('•'.repeat(KEY_LEN));
    // The seeded notification is unchanged.
    expect(h.sandbox.getNotification('ops-webhook')!.url).toBe('https://hooks.example.com/relayer/ops');
    expectKeyNeverShown(h);
  });

  it('masks the key in a server error that echoes it, also after the key field is edited or cleared', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'notification-create', target: {} } });
    await openNotify(h);
    h.sandbox.inject({
      status: 400,
      body: JSON.stringify({ success: false, data: null, error: `signing_key "${KEY_TEXT}" is not accepted by policy` }),
      match: { method: 'POST', pathPrefix: '/api/v1/notifications' },
    });
    await h.press('https://ops.example.com/h', KEY.tab, KEY.tab, KEY_TEXT, KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'));
    await h.press('y');
    let f = await h.waitFor((x) => x.includes('Refused by the server'));
    expect(f).toContain('HTTP 400');
    expect(f).toContain('signing_key "••••" is not accepted by policy');
    expectKeyNeverShown(h);
    // Editing the key (the failure stays on screen) must not unmask the key that was sent.
    await h.press(KEY.backspace);
    await h.waitFor((x) => fieldValue(x, 'signing_key') === '•'.repeat(KEY_LEN - 1));
    await h.press(KEY.ctrlU);
    f = await h.waitFor((x) => fieldValue(x, 'signing_key') === '');
    expect(f).toContain('is not accepted by policy');
    expectKeyNeverShown(h);
  });

  it('the real flavor answers 201 with the notification; a missing id is generated', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'notification-create', target: {} }, sandbox: { flavor: 'real' } });
    await openNotify(h);
    await h.press('https://ops.example.com/real', KEY.tab, KEY.tab, KEY_TEXT, KEY.ctrlS);
    const review = await h.waitFor((x) => x.includes('Review:'));
    expect(review).not.toContain('"id"');
    await h.press('y');
    const f = await h.waitFor((x) => x.includes('✓ Done'));
    const id = /^id +(\S+)$/m.exec(f)![1]!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(h.sandbox.getNotification(id)!.signing_key).toBe(KEY_TEXT);
    expect(f).toMatch(/^signing key set +yes$/m);
    expectKeyNeverShown(h);
  });

  it('a timed-out create says the outcome is unknown, how to check, and is not resent', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'notification-create', target: {} }, client: { timeoutMs: 300 } });
    await openNotify(h);
    h.sandbox.setLatency(900);
    await h.press('https://ops.example.com/slow', KEY.tab, 'slow-hook', KEY.tab, KEY_TEXT, KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'));
    await h.press('y');
    const f = await h.waitFor((x) => x.includes('Outcome unknown'), 'timeout');
    expect(f).toContain('the outcome is unknown');
    expect(f).toContain('Nothing was resent. It may have been created');
    expect(f).not.toContain('Refresh the list');
    expect(fieldValue(f, 'id')).toBe('slow-hook');
    // The server answers after 900 ms: once it has answered every request, nothing was sent again.
    await h.sandbox.idle();
    await settle(100);
    expect(writes(h)).toHaveLength(1);
    expect(h.sandbox.getNotification('slow-hook')!.signing_key).toBe(KEY_TEXT);
    expectKeyNeverShown(h);
  });
});
