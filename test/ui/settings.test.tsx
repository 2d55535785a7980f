/**
 * Issue 42.1/42.5/42.6 in the TUI, against the sandbox's real flavour over loopback: e on a plugin
 * changes its settings (only what changed is sent), e on a network replaces its RPC URLs (the key
 * typed is sent whole and never drawn), p's whitelist is one address a line with the wrong line
 * pointed at and nothing sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { allFrames, palette, settle, writes } from './forms/support.js';
import { cursorRow } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const RPC_KEY = 'tui-net-KEY-5b2c9d0e';


/** The real flavour at 160x30, `:networks`, evm:sepolia selected, `e`: its RPC URLs form open. */
async function sepoliaNetworkForm(): Promise<Harness> {
  const x = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 30 });
  await x.waitFor((f) => f.includes('Sepolia Main'));
  await palette(x, 'networks');
  await x.waitFor((f) => /evm:sepolia/.test(f), 'the networks');
  for (let i = 0; i < 20 && !cursorRow(x.frame()).includes('evm:sepolia'); i++) await x.press('j');
  await x.press('e');
  await x.waitFor((f) => f.includes('network evm:sepolia › rpc urls'), 'the form');
  return x;
}

describe('settings edited in the TUI', () => {
  it(':plugins, e: GET allowed, only that sent', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 100, rows: 30 });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    await palette(h, 'plugins');
    await h.waitFor((x) => x.includes('› echo'), 'the plugins');
    await h.press('e');
    await h.waitFor((x) => x.includes('plugin echo › settings') && /allow_get_invocation\s+‹ off ›/.test(x), 'the form');
    await h.press(KEY.tab, KEY.tab, KEY.tab, KEY.tab, KEY.right);
    await h.waitFor((x) => /allow_get_invocation\s+‹ on ›/.test(x), 'on');
    await h.press(KEY.ctrlS);
    const review = await h.waitFor((x) => x.includes('Review:'), 'the review');
    expect(review.replace(/\s+/g, ' ')).toContain('allow_get_invocation off → on');
    await h.sendReview();
    await h.waitFor((x) => x.includes('✓ Done'), 'sent');
    expect(writes(h).map((r) => [r.method, r.url, r.body])).toEqual([['PATCH', '/api/v1/plugins/echo', '{"allow_get_invocation":true}']]);
  });

  it(':networks, e: the URLs typed whole are sent whole; from the review on no frame carries the key', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 100, rows: 30 });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    await palette(h, 'networks');
    const list = await h.waitFor((x) => /evm:sepolia/.test(x), 'the networks');
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('evm:sepolia'); i++) await h.press('j');
    const id = 'evm:sepolia';
    expect(list).not.toContain('sbx-FAKE');
    await h.press('e');
    await h.waitFor((x) => x.includes(`network ${id} › rpc urls`), 'the form');
    await h.press(`https://rpc.example.net/v2/${RPC_KEY} 40`);
    await h.press(KEY.ctrlS);
    const review = await h.waitFor((x) => x.includes('Review:'), 'the review');
    expect(review.replace(/\s+/g, ' ')).toMatch(/→ https:\/\/rpc\.example\.net\/\*\*\* \(40\)/);
    await h.sendReview();
    await h.waitFor((x) => x.includes('✓ Done'), 'sent');
    expect(writes(h).map((r) => [r.method, r.url, r.body])).toEqual([['PATCH', `/api/v1/networks/${encodeURIComponent(id)}`, `{"rpc_urls":[{"url":"https://rpc.example.net/v2/${RPC_KEY}","weight":40}]}`]]);
    // No frame carries the key: the field drew the scheme and host, the rest as bullets (issue 51).
    expect(h.stdout.frames.join('\n')).not.toContain(RPC_KEY);
  });

  it(':networks, e: the key typed is never drawn — in the field while typed, nor in the draft opened again', async () => {
    h = await sepoliaNetworkForm();
    await h.press(`https://user:pw@rpc.example.net/v2/${RPC_KEY}?k=${RPC_KEY} 40`);
    const typed = await h.waitFor((x) => / 40/.test(x) && x.includes('rpc.example.net/'), 'the URL typed');
    // The host checked by eye; the user info and all after the host (path, query) as bullets, as many as typed.
    expect(typed).toContain(`https://•••••••@rpc.example.net/${'•'.repeat(`v2/${RPC_KEY}?k=${RPC_KEY}`.length)} 40`);
    // Left, then opened again: the draft kept for the session comes back, drawn the same.
    await h.press(KEY.esc);
    await h.waitFor((x) => x.includes('k keep it this session'), 'asked');
    await h.press('k');
    await h.waitFor((x) => !x.includes('› rpc urls') && /evm:sepolia/.test(x), 'left');
    await h.press('e');
    await h.waitFor((x) => x.includes('network evm:sepolia › rpc urls') && x.includes('rpc.example.net/'), 'the draft again');
    for (const f of h.stdout.frames) {
      expect(f).not.toContain(RPC_KEY);
      expect(f).not.toContain('user:pw');
    }
  });

  it(':networks, e: a refusal that quotes the URL typed is shown with its key masked', async () => {
    h = await sepoliaNetworkForm();
    const url = `https://rpc.example.net/v2/${RPC_KEY}`;
    await h.press(`${url} 40`);
    h.sandbox.inject({ status: 400, body: JSON.stringify({ success: false, data: null, message: `Invalid rpc url ${url}: key ${RPC_KEY} not accepted` }), match: { method: 'PATCH', pathPrefix: '/api/v1/networks/' } });
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'), 'the review');
    await h.sendReview();
    const f = (await h.waitFor((x) => /Invalid rpc url/.test(x), 'the refusal')).replace(/\s+/g, ' ');
    expect(f).toContain('Invalid rpc url ••••: key •••• not accepted');
    expect(h.stdout.frames.join('\n')).not.toContain(RPC_KEY);
  });

  it('p at 80x24: a whitelist line with a wrong checksum is pointed at; nothing is sent', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 80, rows: 24 });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('Sepolia Main'); i++) await h.press('j');
    await h.press('p');
    await h.waitFor((x) => x.includes('› policies'), 'the editor');
    // From gas_price_cap (focused first) to the whitelist, six fields on; a third line after its two.
    for (let i = 0; i < 6; i++) await h.press(KEY.tab);
    await h.waitFor((x) => /^› whitelist_receivers/m.test(x), 'the whitelist');
    await h.press(KEY.enter, '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDB');
    const f = await h.waitFor((x) => /line 3, "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDB": its EIP-55/.test(x.replace(/\s+/g, ' ')), 'the line pointed at');
    expect(f).toBeTruthy();
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => x.includes('1 field needs attention before review'), 'said at ctrl+s');
    expect(writes(h)).toEqual([]);
    // Fixed (its last digit's case): the message goes with the error (a walk still read it after the fix).
    await h.press(KEY.backspace, 'b');
    await h.waitFor((x) => !x.includes('needs attention before review') && !/its EIP-55/.test(x), 'the message gone');
  });
});

describe('p starts from what the server holds', () => {
  it('another writer changed the whitelist after the list was read: p shows it, and a line added keeps it', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 100, rows: 40 });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('Sepolia Main'); i++) await h.press('j');
    // Someone else (a script, a colleague) adds an address after this list was read.
    await h.client.detectDialect();
    await h.client.patchRelayer('sepolia-main', { policies: { whitelist_receivers: ['0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7', '0x11de54b4cdd449746a7262da6f5a85f2e3444e59', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'] } });
    await h.press('p');
    const form = await h.waitFor((x) => x.includes('› policies') && /read at \d\d:\d\d:\d\d: the form starts from what the server holds/.test(x), 'the editor, read again');
    expect(form).toMatch(/whitelist_receivers\s+3 lines/);
    for (let i = 0; i < 6; i++) await h.press(KEY.tab);
    await h.waitFor((x) => /^› whitelist_receivers/m.test(x), 'the whitelist');
    await h.press(KEY.enter, '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'), 'the review');
    await h.sendReview();
    await h.waitFor((x) => x.includes('policies now, as the server answered:'), 'sent');
    expect(JSON.parse(writes(h).at(-1)!.body).policies.whitelist_receivers).toEqual(['0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7', '0x11de54b4cdd449746a7262da6f5a85f2e3444e59', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359']);
    // sepolia-main was never jammed: the edit is no fix, nothing is followed, no "cleared" said (a follow reads the relayer at once, then says it).
    await h.sandbox.idle();
    await settle(250);
    expect(allFrames(h)).not.toMatch(/sepolia-main: cleared/);
    // Reopened: the four, as answered.
    await h.press(KEY.esc);
    await h.waitFor((x) => !x.includes('› policies'), 'back');
    await h.press('p');
    await h.waitFor((x) => /whitelist_receivers\s+4 lines/.test(x), 'reopened with the four');
  });
});

describe('leaving a form with edits says how long a draft is kept', () => {
  it('p (no draft on disk): "k keep it this session", not "for later"', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 80, rows: 24 });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('Sepolia Main'); i++) await h.press('j');
    await h.press('p');
    await h.waitFor((x) => /read at .* the form starts from what the server holds/.test(x), 'the editor');
    await h.press('9', KEY.esc);
    await h.waitFor((x) => x.includes('Leave this form? k keep it this session · d discard it · any other key stays'), 'said: this session');
  });
});

describe("the form's own word is said as it is", () => {
  it('ctrl+s with nothing changed: "nothing changed…", never "1 field needs attention" over fields that are fine', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 100, rows: 30 });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('Sepolia Main'); i++) await h.press('j');
    await h.press('p');
    await h.waitFor((x) => /read at .* the form starts from what the server holds/.test(x), 'the editor');
    await h.press(KEY.ctrlS);
    const f = await h.waitFor((x) => x.includes('nothing changed: everything is as it is now'), 'said whole');
    expect(f).not.toContain('needs attention');
    expect(writes(h)).toEqual([]);
  });
});

describe('p when the relayer cannot be read again', () => {
  it('the form opens from the list\'s row and says so, never "reading…" for good', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 100, rows: 30, client: { maxRetries: 0 } });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('Sepolia Main'); i++) await h.press('j');
    h.sandbox.inject({ status: 500, body: '{"success":false,"data":null,"error":"boom"}', match: { method: 'GET', pathPrefix: '/api/v1/relayers?' }, times: 5 });
    await h.press('p');
    await h.waitFor((x) => x.includes("could not be read again: the form starts from the list's row (it may be older)") && /gas_price_cap\s+100gwei/.test(x), 'opened from the row, said');
  });
});
