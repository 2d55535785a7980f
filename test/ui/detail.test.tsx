/** Transaction and relayer detail: every field labelled, wrapping, ages, and the raw JSON as received. */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { frameLines, rawGet, statusLine } from './support.js';
import { maskUrl } from '../../src/api/index.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

type Raw = Record<string, unknown> & { id: string };
const title = (f: string) => frameLines(f)[0] ?? '';
/** Body lines of a detail screen (between the title and the status bar). */
const body = (f: string) => {
  const lines = frameLines(f);
  const end = lines.findIndex((l) => l.startsWith('SANDBOX'));
  return lines.slice(1, end);
};
/** Label → full value (wrapped continuation lines joined) of a labelled detail view. */
function fields(f: string): Map<string, string> {
  const out = new Map<string, string>();
  let last = '';
  const lines = body(f);
  const labelWidth = Math.max(...lines.map((l) => /^\S.*?\s{2,}|^\S+\s+/.exec(l)?.[0].length ?? 0).filter((n) => n > 0));
  for (const l of lines) {
    if (!l.trim()) continue;
    const label = l.slice(0, labelWidth).trim();
    const value = l.slice(labelWidth);
    if (label) {
      last = label;
      out.set(label, value);
    } else out.set(last, (out.get(last) ?? '') + value);
  }
  return out;
}

/** A field by its full name; long labels are shown shortened in the middle (`policies.whi…receivers`). */
function field(got: Map<string, string>, name: string): string | undefined {
  if (got.has(name)) return got.get(name);
  for (const [k, v] of got) {
    const [head, tail] = k.split('…');
    if (tail !== undefined && name.startsWith(head!) && name.endsWith(tail)) return v;
  }
  return undefined;
}

/**
 * Renders a relayer's transactions, picks one from the same server's first page (as the app
 * requested it) and opens it by filtering on its id.
 */
async function openTx(relayerId: string, pick: (txs: Raw[]) => Raw | undefined, opts: Parameters<typeof renderApp>[0] = {}) {
  h = await renderApp({ route: { kind: 'transactions', relayerId }, ...opts });
  await h.waitFor((f) => /page 1\/\d/.test(statusLine(f)), 'list');
  // The list's own request: not a jam's or a forecast's read of the same relayer's transactions by status, made meanwhile.
  const req = h.sandbox.requests.filter((r) => r.url.includes(`/relayers/${relayerId}/transactions`) && !/[?&]status=/.test(r.url)).pop()!;
  const txs = (await rawGet(h, req.url.replace('/api/v1', ''))).json.data as Raw[];
  const tx = pick(txs);
  if (!tx) throw new Error('no such transaction on the first page');
  await h.press('/', tx.id, KEY.enter);
  await h.waitFor((f) => / 1 of \d+/.test(f), 'filtered to the one transaction');
  await h.press(KEY.enter);
  const f = await h.waitFor((x) => title(x).includes(`transaction ${tx.id}`), 'detail');
  return { f, tx };
}

describe('transaction detail', () => {
  it('labels every field in the order received, with timestamps as given and as an age', async () => {
    const { f, tx: raw } = await openTx('sepolia-main', (txs) => txs.find((t) => t.status === 'confirmed'), { sandbox: { flavor: 'real' }, columns: 110, rows: 45 });
    const got = fields(f);
    const labels = [...got.keys()];
    const expected: string[] = [];
    for (const [k, v] of Object.entries(raw)) {
      if (v !== null && typeof v === 'object') for (const sub of Object.keys(v)) expected.push(`${k}.${sub}`);
      else expected.push(k);
    }
    // Every field, labelled, in the order received (plus the value in ETH right after the value).
    expect(labels.filter((l) => l !== 'value (native)')).toEqual(expected);
    expect(labels[labels.indexOf('value') + 1]).toBe('value (native)');
    expect(got.get('value')).toBe(raw.value);
    expect(String(raw.value)).toMatch(/^0x/);
    expect(got.get('value (native)')).toMatch(/^[\d,]+(\.\d+)? ETH$/);
    expect(got.get('hash')).toBe(raw.hash);
    expect(got.get('nonce')).toBe(String(raw.nonce));
    for (const ts of ['created_at', 'sent_at', 'confirmed_at']) {
      // The age with the moment it was made: true while the view stands (a walk read "(21s ago)" 16 s later).
      expect(got.get(ts)).toMatch(new RegExp(`^${String(raw[ts]).replace(/[+.]/g, '\\$&')}\\s+\\((\\d+[smhd]) before \\d\\d:\\d\\d:\\d\\d\\)$`));
    }
  });

  it('wraps long values at 80 columns without losing a character', async () => {
    const { f, tx } = await openTx('sepolia-main', (txs) => txs.find((t) => t.signature !== null && typeof t.signature === 'object'), { columns: 80, rows: 40 });
    const sig = (tx.signature as { sig: string }).sig;
    expect(sig.length).toBeGreaterThan(100);
    const lines = body(f);
    const sigLine = lines.findIndex((l) => l.startsWith('signature.sig'));
    expect(sigLine).toBeGreaterThan(0);
    expect(lines[sigLine + 1]).toMatch(/^\s{10,}[0-9a-f]+$/);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    expect(fields(f).get('signature.sig')).toBe(sig);
  });

  it('v shows the raw JSON as received (keys in order, big values with every digit) and v again goes back', async () => {
    const { f, tx: big } = await openTx('sepolia-main', (txs) => txs.find((t) => String(t.value).length > 22), { columns: 100, rows: 40 });
    // The labelled view shows the exact amount with all 18 decimals.
    const wei = BigInt(String(big.value));
    const frac = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
    expect(fields(f).get('value (native)')).toBe(`${(wei / 10n ** 18n).toLocaleString('en-US')}.${frac} ETH`);
    await h!.press('v');
    const rawView = await h!.waitFor((x) => title(x).endsWith('(raw JSON)'), 'raw view');
    const text = body(rawView).join('\n');
    expect(text).toContain(`"value": "${String(big.value)}"`);
    expect(text).toContain(`"nonce": ${String(big.nonce)}`);
    const positions = Object.keys(big).map((k) => text.indexOf(`\n  "${k}": `));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    await h!.press('v');
    await h!.waitFor((x) => !title(x).includes('raw JSON') && /^value \(native\)/m.test(x), 'labelled again');
  });

  it("raw JSON keeps the real server's key order (stellar sends relayer_id after the sequence number)", async () => {
    const { tx } = await openTx('stellar-testnet', (txs) => txs.find((t) => t.status === 'confirmed'), { sandbox: { flavor: 'real' }, columns: 100, rows: 40 });
    const keys = Object.keys(tx);
    expect(keys.indexOf('relayer_id')).toBeGreaterThan(keys.indexOf('sequence_number'));
    await h!.press('v');
    const f = await h!.waitFor((x) => title(x).endsWith('(raw JSON)'));
    const jsonKeys = body(f)
      .map((l) => /^ {2}"([^"]+)":/.exec(l)?.[1])
      .filter((k): k is string => k !== undefined);
    expect(jsonKeys).toEqual(keys);
    expect(body(f).join('\n')).toContain(`"sequence_number": "${String(tx.sequence_number)}"`);
  });

  it('j moves the cursor, the view follows past its last row; PgDn scrolls a screenful; the status bar stays', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, rows: 14 });
    await h.waitFor((f) => /page 1\/\d/.test(statusLine(f)));
    await h.press(KEY.enter);
    const top = await h.waitFor((f) => /› transaction /.test(title(f)));
    expect(body(top)[0]).toMatch(/^id\s/);
    // What is under the fold is said on the last row (walk finding: is_canceled hidden, nothing said).
    expect(body(top).at(-1)).toMatch(/^↓ \d+ more lines \(j, ↓ or G\)$/);
    // The cursor walks down the visible rows first; one more j scrolls by one line.
    for (let i = 0; i < body(top).length - 1; i++) await h.press('j');
    expect(body(h.frame())[0]).toMatch(/^id\s/);
    await h.press('j');
    const one = await h.waitFor((f) => !/^id\s/.test(body(f)[0] ?? ''), 'scrolled one line');
    expect(body(one)[0]).toBe(body(top)[1]);
    await h.press(KEY.pageDown);
    const page = await h.waitFor((f) => body(f)[0] !== body(one)[0], 'scrolled a page');
    // A whole screenful further: the new first line was below the previous window.
    expect(body(one)).not.toContain(body(page)[0]);
    expect(statusLine(page)).toContain('sepolia-main');
    expect(frameLines(page).length).toBeLessThanOrEqual(13);
  });
});

describe('relayer detail', () => {
  it('shows every field, policies, custom RPC URLs with weights and the notification id', async () => {
    h = await renderApp({ columns: 120, rows: 40 });
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await h.press('/sepolia-main', KEY.enter);
    await h.waitFor((f) => f.includes('1 of 15'));
    await h.press('i');
    const f = await h.waitFor((x) => title(x) === 'relayer-tui › relayer Sepolia Main', 'detail');
    const got = fields(f);
    const { json } = await rawGet(h, '/relayers?page=1&per_page=100');
    const raw = (json.data as Raw[]).find((r) => r.id === 'sepolia-main')!;
    expect(got.get('state')).toBe('active');
    // At 120 columns the label column grows for the longest dotted key: none is shortened.
    expect([...got.keys()].filter((k) => k.includes('…'))).toEqual([]);
    for (const k of ['id', 'name', 'network', 'network_type', 'address', 'signer_id', 'notification_id']) expect(got.get(k), k).toBe(String(raw[k]));
    expect(got.get('paused')).toBe('false');
    expect(got.get('system_disabled')).toBe('false');
    const rpc = raw.custom_rpc_urls as { url: string; weight: number }[];
    expect(rpc).toHaveLength(2);
    rpc.forEach((u, i) => {
      // Masked as v1.8 masks them, whatever the server sent (this one sends them whole, keys in them).
      expect(got.get(`custom_rpc_urls[${i}].url`)).toBe(maskUrl(u.url));
      expect(got.get(`custom_rpc_urls[${i}].url`)).not.toBe(u.url);
      expect(got.get(`custom_rpc_urls[${i}].weight`)).toBe(String(u.weight));
    });
    const policies = raw.policies as Record<string, unknown>;
    expect(got.get('policies.gas_price_cap')).toBe(String(policies.gas_price_cap));
    expect(got.get('policies.min_balance')).toBe(String(policies.min_balance));
    expect(got.get('policies.eip1559_pricing')).toBe('true');
    expect(field(got, 'policies.whitelist_receivers')).toBe((policies.whitelist_receivers as string[]).join(', '));
  });

  it('a system-disabled relayer shows "disabled" and every reason of a Multiple disabled_reason', async () => {
    h = await renderApp({ columns: 100, rows: 40 });
    await h.waitFor((f) => f.includes('Polygon Ops'));
    await h.press('/polygon-ops', KEY.enter);
    await h.waitFor((f) => f.includes('1 of 15'));
    await h.press('i');
    const f = await h.waitFor((x) => title(x) === 'relayer-tui › relayer Polygon Ops');
    const got = fields(f);
    expect(got.get('state')).toBe('disabled');
    expect(got.get('system_disabled')).toBe('true');
    expect(got.get('disabled_reason.type')).toBe('Multiple');
    const values = [...got.values()];
    expect(field(got, 'disabled_reason.details[0].type')).toBe('NonceSyncFailed');
    expect(field(got, 'disabled_reason.details[1].type')).toBe('RpcValidationFailed');
    expect(values).toContain('NonceSyncFailed');
    expect(values).toContain('RpcValidationFailed');
    expect(values).toContain('Failed to sync nonce: RPC error: nonce too low (expected 1042, got 1039)');
    expect(values).toContain('RPC endpoint https://polygon-rpc.example.com/*** returned chain id 80002, expected 137');
    // Each reason line has its own label (the type and the details of one reason stay distinguishable).
    const reasonLabels = [...got.keys()].filter((k) => k.startsWith('disabled_rea'));
    expect(reasonLabels).toHaveLength(5);
    expect(new Set(reasonLabels).size).toBe(5);
  });

  it('paused in words, and v shows a policy amount beyond 2^64 with every digit', async () => {
    h = await renderApp({ columns: 100, rows: 50 });
    await h.waitFor((f) => f.includes('Mainnet Hot Wallet'));
    await h.press('/mainnet-hot', KEY.enter);
    await h.waitFor((f) => f.includes('1 of 15'));
    await h.press('i');
    const f = await h.waitFor((x) => title(x) === 'relayer-tui › relayer Mainnet Hot Wallet');
    expect(fields(f).get('state')).toBe('paused');
    expect(fields(f).get('policies.min_balance')).toBe('100000000000000000000');
    await h.press('v');
    const raw = await h.waitFor((x) => title(x).endsWith('(raw JSON)'));
    expect(body(raw).join('\n')).toContain('"min_balance": 100000000000000000000');
  });
});
