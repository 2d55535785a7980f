/**
 * `:notifications` (issue 42.4): the list; e changes one (only what changes is sent, the key never on
 * screen); D deletes one — the relayers using it named in the review, its id typed to send, the server's
 * refusal shown in its own words. Against the sandbox's real flavour over loopback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { allFrames, palette } from './forms/support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const SECRET = 'tui-signing-key-0123456789abcdef-QRS';
const notificationWrites = (x: Harness) => x.sandbox.requests.filter((r) => r.method !== 'GET' && r.url.startsWith('/api/v1/notifications'));

describe(':notifications', () => {
  it('e: the url changed and a new key set, reviewed; the key never drawn; the list read again', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 30 });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    await palette(h, 'notifications');
    await h.waitFor((x) => /› ops-webhook\s+webhook\s+yes\s+https:\/\/hooks\.example\.com\/relayer\/ops\s+12: .*\(\+10\)/.test(x), 'the list, with the relayers using it');
    await h.press('e');
    await h.waitFor((x) => x.includes('change notification ops-webhook'), 'the form');
    // Nothing changed: said on the form, nothing sent.
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => x.includes('nothing to change'), 'nothing to change');
    await h.press(KEY.ctrlU, 'https://hooks.example.com/tui', KEY.tab, SECRET);
    await h.press(KEY.ctrlS);
    const review = await h.waitFor((x) => x.includes('Review:'), 'the review');
    expect(review.replace(/\s+/g, ' ')).toMatch(/url https:\/\/hooks\.example\.com\/relayer\/ops → https:\/\/hooks\.example\.com\/tui/);
    expect(review.replace(/\s+/g, ' ')).toMatch(/signing key replaced: 36 characters, write-only/);
    await h.sendReview();
    await h.waitFor((x) => x.includes('✓ Done'), 'sent');
    expect(notificationWrites(h).map((r) => [r.method, r.url, r.body])).toEqual([['PATCH', '/api/v1/notifications/ops-webhook', `{"url":"https://hooks.example.com/tui","signing_key":"${SECRET}"}`]]);
    expect(allFrames(h)).not.toContain(SECRET);
    await h.press(KEY.esc);
    // Read again: the row that changed is marked *.
    await h.waitFor((x) => /›\*ops-webhook\s+webhook\s+yes\s+https:\/\/hooks\.example\.com\/tui/.test(x), 'the list read again');
  });

  it('D on one relayers use: refused before sending, naming them (v1.8 answers 400): no review, nothing sent', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 30 });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    await palette(h, 'notifications');
    await h.waitFor((x) => x.includes('› ops-webhook'), 'the list');
    await h.press('D');
    const f = await h.waitFor((x) => /Not offered/.test(x), 'the refusal');
    expect(f.replace(/\s+/g, ' ')).toMatch(/Not offered: notification ops-webhook is used by \d+ relayer\(s\): .*Sepolia Main.* — the OpenZeppelin Relayer refuses to delete it \(400\)/);
    expect(f).not.toMatch(/Type ops-webhook and enter to send/);
    await h.press('y', KEY.enter);
    expect(notificationWrites(h)).toEqual([]);
  });

  it('the refusal too long for its screen stays readable in full: wrapped, never cut; j scrolls it, y copies it whole', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 60, rows: 10 });
    await h.waitFor((x) => /page 1\/1/.test(x), 'the relayers');
    await palette(h, 'notifications');
    await h.waitFor((x) => x.includes('› ops-webhook'), 'the list');
    await h.press('D');
    const first = await h.waitFor((x) => /Not offered/.test(x), 'the refusal');
    expect(first).not.toContain('…');
    expect(first).toMatch(/j\/↓ scroll/);
    const seen = [first];
    for (let i = 0; i < 12 && !seen.join('\n').includes('notification_id)'); i++) {
      await h.press('j');
      seen.push(await h.waitFor((x) => x !== seen[seen.length - 1], 'scrolled'));
    }
    expect(seen.join(' ').replace(/\s+/g, ' ')).toContain('until they use another (p on a relayer: notification_id)');
    await h.press('y');
    await h.waitFor(() => h!.copied.length > 0, 'copied');
    expect(h.copied[0]).toMatch(/^Not offered: notification ops-webhook is used by \d+ relayer\(s\): .* until they use another \(p on a relayer: notification_id\)$/);
    expect(notificationWrites(h)).toEqual([]);
  });

  it('D on one no relayer uses: deleted, the server\'s own words shown (sanitized), the list read again', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 30 });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    await h.client.detectDialect();
    await h.client.createNotification({ url: 'https://hooks.example.com/spare', id: 'aa-spare' });
    await palette(h, 'notifications');
    await h.waitFor((x) => x.includes('› aa-spare'), 'the list, the spare one first');
    await h.press('D');
    const review = await h.waitFor((x) => /Type aa-spare and enter to send/.test(x), 'the review');
    expect(review.replace(/\s+/g, ' ')).toContain('used by no relayer (read just now)');
    await h.press('aa-spare');
    await h.sendReview();
    await h.waitFor((x) => x.includes("The server's answer: Notification deleted successfully"), 'deleted');
    expect(notificationWrites(h).map((r) => [r.method, r.url])).toEqual([['POST', '/api/v1/notifications'], ['DELETE', '/api/v1/notifications/aa-spare']]);
  });

  it('read-only: e and D refused at the key', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 30, services: { readOnly: true, readOnlySource: '--read-only' } });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    await palette(h, 'notifications');
    await h.waitFor((x) => x.includes('› ops-webhook') && / 12: /.test(x), 'the list');
    // r reads the page and who uses each again (USED BY is never older than the rows beside it).
    const relayerReads = () => h!.sandbox.requests.filter((q) => q.method === 'GET' && q.url.startsWith('/api/v1/relayers?')).length;
    const before = relayerReads();
    await h.press('r');
    await h.waitFor((x) => relayerReads() > before && /refreshed \d\d:\d\d:\d\d/.test(x), 'the relayers read again, r answered');
    // Nothing changed: said unchanged only after both were read again and compared.
    expect(h.frame()).toMatch(/refreshed \d\d:\d\d:\d\d, unchanged/);
    await h.press('D');
    await h.waitFor((x) => x.includes('Read-only (--read-only): deleting notifications is disabled'), 'refused');
    await h.press('e');
    await h.waitFor((x) => x.includes('Read-only (--read-only): changing notifications is disabled'), 'refused');
    expect(notificationWrites(h)).toEqual([]);
  });

  it('r: a relayer that stopped using one is a change of the page (USED BY read with the rows), never "unchanged"', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 30 });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    await palette(h, 'notifications');
    await h.waitFor((x) => /› ops-webhook .* 12: /.test(x), 'the list, 12 relayers using it');
    const p = await h.client.listRelayers({ page: 1, perPage: 100 });
    const user = p.items.find((r) => r.notification_id === 'ops-webhook')!;
    await h.client.patchRelayer(user.id, { notification_id: null });
    await h.press('r');
    const f = await h.waitFor((x) => /›\*ops-webhook .* 11: /.test(x), 'the row read again, marked, 11 using it');
    expect(f).not.toMatch(/unchanged/);
    // The record opened is the server's alone: USED BY is not part of it.
    await h.press(KEY.enter);
    const rec = await h.waitFor((x) => x.includes('notification ops-webhook'), 'the record');
    expect(rec).not.toContain('used_by');
  });
});
