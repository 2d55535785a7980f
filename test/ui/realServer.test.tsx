/**
 * The real server's dialect in the TUI, against both sandbox flavours: the Stellar memo as each
 * reads it, the status filter and single-transaction refresh where offered, the relayer's live state,
 * paused relayers and the duplicate-notification hint.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseJson } from '../../src/api/index.js';
import { formatAmountShort, formatGweiShort, formatWeiShort, nativeUnitOf } from '../../src/core/amounts.js';
import { KEY, renderApp, type Harness } from './helpers.js';
import { fieldValue, focusedField, openReplace, palette, writes } from './forms/support.js';
import { frameLines, statusLine } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const HASH = 'c0ffee'.padEnd(64, '0');

async function focus(x: Harness, label: string): Promise<void> {
  for (let i = 0; i < 12 && focusedField(x.frame()) !== label; i++) await x.press(KEY.tab);
  expect(focusedField(x.frame())).toBe(label);
}

describe.each(['contract', 'real'] as const)('a Stellar replacement with a hash memo (%s flavour)', (flavor) => {
  it('takes 64 hex digits, reviews the exact bytes for the dialect, and is accepted', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'stellar-testnet' }, sandbox: { flavor } });
    await h.client.detectDialect();
    const id = await openReplace(h);
    await focus(h, 'memo');
    await h.press(KEY.right, KEY.right, KEY.right);
    await h.waitFor((x) => fieldValue(x, 'memo') === '‹ hash ›');
    await h.press(KEY.tab, HASH);
    // The operations template is a shape, not a value: typed over (issue 18.3).
    await focus(h, 'operations');
    await h.press('[{"type": "payment", "destination": "GBRPYHIL2CI3FNQ4BXLFMNDLFJUNPU2HY3ZMFSHONUCEOASW7QC7OX2H", "amount": "1", "asset": {"type": "native"}}]');
    await h.press(KEY.ctrlS);
    const f = await h.waitFor((x) => x.includes('Review:'));
    expect(f).toMatch(flavor === 'real' ? /encoded for\s+OpenZeppelin Relayer \(detected/ : /encoded for\s+interface document \(detected/);
    if (flavor === 'real') expect(f).toContain(`"value": "${HASH}"`);
    else expect(f).toMatch(/"value": \[\s*192,\s*255,\s*238,/);
    await h.sendReview();
    // v1.8 answers a Stellar replace with 200 and the transaction unchanged: never called done (issue 26).
    const done = await h.waitFor((x) => x.includes(flavor === 'real' ? 'but nothing changed' : '✓ Done'));
    if (flavor === 'real') expect(done.replace(/\n/g, ' ')).toMatch(/⚠ The server answered success but nothing changed \(HTTP 200\): transaction \S+ came back exactly as it was/);
    const body = parseJson(writes(h)[0]!.body) as { memo: { type: string; value: unknown } };
    expect(body.memo).toEqual({ type: 'hash', value: flavor === 'real' ? HASH : [...Buffer.from(HASH, 'hex')] });
    expect(h.sandbox.getTransaction('stellar-testnet', id)).toBeDefined();
  });
});

describe('where the server offers more (real flavour) and where it does not (contract)', () => {
  it('s filters transactions by status on the server, one status after another; the title says which', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, sandbox: { flavor: 'real' } });
    await h.client.detectDialect();
    await h.waitFor((x) => /page 1\/\d/.test(statusLine(x)));
    await h.press('s');
    let f = await h.waitFor((x) => frameLines(x)[0]!.includes('status=pending') && /page 1\/1 \(\d+\)/.test(statusLine(x)), 'pending only');
    const rows = frameLines(f).filter((l) => /^[› ] \S+\s+\d+/.test(l));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => /^[› ] pending /.test(r))).toBe(true);
    expect(h.sandbox.requests.some((r) => r.url.startsWith('/api/v1/relayers/sepolia-main/transactions/?') && r.url.endsWith('&status=pending'))).toBe(true);
    await h.press('s');
    f = await h.waitFor((x) => frameLines(x)[0]!.includes('status=sent'), 'sent');
  });

  it('on a contract server s says why it does nothing, and sends nothing', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' } });
    await h.client.detectDialect();
    await h.waitFor((x) => /page 1\/\d/.test(statusLine(x)));
    const before = h.sandbox.requests.length;
    await h.press('s');
    await h.waitFor((x) => statusLine(x).includes('No status filter here (OpenZeppelin Relayer only)'));
    expect(h.sandbox.requests.length).toBe(before);
  });

  it('r on a transaction detail reads it again where the server can (real), says so where it cannot (contract)', async () => {
    for (const flavor of ['real', 'contract'] as const) {
      h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, sandbox: { flavor } });
      await h.client.detectDialect();
      await h.waitFor((x) => /page 1\/\d/.test(statusLine(x)));
      await h.press(KEY.enter);
      await h.waitFor((x) => frameLines(x)[0]!.includes('› transaction '));
      await h.press('r');
      if (flavor === 'real') {
        await h.waitFor((x) => /refreshed \d\d:\d\d:\d\d: unchanged \(pending\)/.test(statusLine(x)));
        expect(h.sandbox.requests.some((r) => /^\/api\/v1\/relayers\/sepolia-main\/transactions\/[0-9a-f-]+$/.test(r.url))).toBe(true);
      } else await h.waitFor((x) => statusLine(x).includes('This server has no single-transaction read'));
      await h.unmount();
      h = undefined;
    }
  });

  it("r on a transaction detail: its ages are said against the new read's time (a walk read the first read's time after r)", async () => {
    const clock = { skew: 0 };
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, sandbox: { flavor: 'real' }, services: { now: () => Date.now() + clock.skew } });
    h.sandbox.clock.stop();
    await h.client.detectDialect();
    await h.waitFor((x) => /page 1\/\d/.test(statusLine(x)));
    await h.press(KEY.enter);
    await h.waitFor((x) => frameLines(x)[0]!.includes('› transaction ') && /before \d\d:\d\d:\d\d/.test(x));
    clock.skew = 90_000;
    await h.press('r');
    const after = await h.waitFor((x) => /refreshed (\d\d:\d\d:\d\d)/.test(statusLine(x)));
    const at = /refreshed (\d\d:\d\d:\d\d)/.exec(statusLine(after))![1]!;
    const befores = [...after.matchAll(/before (\d\d:\d\d:\d\d)/g)].map((m) => m[1]);
    expect(befores.length).toBeGreaterThan(0);
    expect(new Set(befores)).toEqual(new Set([at]));
  });

  it('a watched transaction detail follows the server by itself (real flavour)', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, sandbox: { flavor: 'real' }, services: { watchMs: 150 } });
    await h.client.detectDialect();
    await h.waitFor((x) => /page 1\/\d/.test(statusLine(x)));
    await h.press(KEY.enter);
    const f = await h.waitFor((x) => frameLines(x)[0]!.includes('› transaction ') && /watch 0s/.test(statusLine(x)));
    const id = /transaction (\S+)/.exec(frameLines(f)[0]!)![1]!;
    await h.client.replaceTransaction('sepolia-main', id, { value: '4242' });
    // The real server sends the value as 0x-hex; the native amount says it in words.
    await h.waitFor((x) => /value\s+0x1092\b/.test(x) && x.includes('0.000000000000004242 ETH'), 'the new value without a key');
  });

  it("a relayer's detail: why it is disabled in the server's words, and its live status with its age", async () => {
    h = await renderApp({ route: { kind: 'relayer', relayerId: 'polygon-ops' }, sandbox: { flavor: 'real' } });
    const f = await h.waitFor((x) => x.includes('live status') && x.includes('pending transactions'));
    // Each reason with its type (issue 18.10).
    expect(f).toMatch(/disabled because\s+NonceSyncFailed: Nonce synchronization failed\n\s+RpcValidationFailed: RPC endpoint validation failed/);
    expect(f).toMatch(/live status\s+from the server at \d\d:\d\d:\d\d/);
    expect(f).toMatch(/balance\s+\d+\.\d+ POL \(\d+ wei\)/);
    expect(f).toMatch(/next nonce\s+\d+/);
    // Nothing to replace here: the footer does not offer e (a transaction's detail does).
    expect(frameLines(f).at(-1)).not.toContain('replace');
  });

  it('a contract server: no status columns, no status request, no error', async () => {
    h = await renderApp({ columns: 140 });
    await h.client.detectDialect();
    const f = await h.waitFor((x) => x.includes('Sepolia Main'));
    // The header (under the line above the table) has no status column.
    expect(frameLines(f)[2]).toMatch(/^\s+STATE\s+NAME/);
    expect(frameLines(f)[2]).not.toContain('BALANCE');
    expect(h.sandbox.requests.some((r) => r.url.endsWith('/status'))).toBe(false);
    expect(statusLine(f)).not.toContain('✗');
  });

  it('a paused relayer: the transactions title says so, and e is refused before any form (v1.8 answers 403): nothing sent', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'mainnet-hot' }, sandbox: { flavor: 'real' } });
    await h.waitFor((x) => frameLines(x)[0]!.includes('PAUSED: replacements are refused'));
    await h.waitFor((f) => /^› \S/m.test(f) && f.includes('page 1/'), 'transactions loaded');
    await h.press('e');
    await h.press(':', ...'messages', '\r');
    const f = await h.waitFor((x) => /No replacement/.test(x) && /messages/.test(x), ':messages');
    expect(f.replace(/\s+/g, ' ')).toContain('No replacement: the relayer is paused: the server refuses replacements until it is resumed (P resumes it)');
    expect(writes(h)).toEqual([]);
  });

  it('a duplicate notification id on the real server (500 "An unknown error occurred"): the hint says the id may be taken', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'notification-create', target: {} }, sandbox: { flavor: 'real' } });
    await h.waitFor((x) => focusedField(x) === 'url');
    await h.press('https://ops.example/hook', KEY.tab, 'dup-id', KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'));
    await h.sendReview();
    await h.waitFor((x) => x.includes('✓ Done'));
    await h.press(KEY.esc);
    await palette(h, 'notify');
    await h.waitFor((x) => focusedField(x) === 'url');
    await h.press('https://ops.example/hook2', KEY.tab, 'dup-id', KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'));
    await h.sendReview();
    const f = await h.waitFor((x) => x.includes('Outcome unknown'));
    expect(f).toContain('An unknown error occurred');
    expect(f.replace(/\s+/g, ' ')).toContain('An OpenZeppelin Relayer answers this when the id "dup-id" is already taken');
  });

  it(':server shows where, in which dialect and how that is known', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, services: { serverUrl: 'http://127.0.0.1:8080' } });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    await palette(h, 'server');
    const f = await h.waitFor((x) => x.includes('dialect') && x.includes('detected'));
    expect(f).toMatch(/dialect\s+OpenZeppelin Relayer \(detected: GET \/api\/v1\/health answered OK\)/);
    expect(f).toMatch(/server\s+http:\/\/127\.0\.0\.1:8080/);
  });
});

describe('amounts in lists never read as another number', () => {
  it('tiny amounts in the base unit, huge ones shortened with a marker, fractions cut with …', () => {
    const eth = nativeUnitOf('evm', 'sepolia');
    expect(formatWeiShort('1', 'sepolia')).toBe('1 wei');
    expect(formatWeiShort('999999999999', 'sepolia')).toBe('999,999,999,999 wei');
    expect(formatWeiShort('1000000000000', 'sepolia')).toBe('0.000001 ETH');
    expect(formatWeiShort('0x0', 'sepolia')).toBe('0 ETH');
    expect(formatWeiShort('1234567890123456789', 'sepolia')).toBe('1.234567… ETH');
    expect(formatAmountShort((2n ** 256n - 1n).toString(), eth)).toBe('≈1.15e59 ETH');
    expect(formatAmountShort('12345678', nativeUnitOf('stellar'))).toBe('1.234567… XLM');
    expect(formatAmountShort('12345678', nativeUnitOf('stellar'), 7)).toBe('1.2345678 XLM');
    expect(formatAmountShort('5', nativeUnitOf('solana'))).toBe('5 lamports');
    expect(formatGweiShort('1000000001')).toBe('1.00… gwei');
    expect(formatGweiShort('20000000000')).toBe('20 gwei');
    expect(formatGweiShort('7')).toBe('7 wei');
  });
});
