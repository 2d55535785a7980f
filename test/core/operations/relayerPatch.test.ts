/**
 * Issue 42.1: what PATCH /relayers/{id} is sent from the editor and the flags — only what changed,
 * exactly; addresses EIP-55 checked; Solana/Stellar policies as a validated merge patch (Stellar
 * keeps fee_payment_strategy); RPC URLs typed whole, never a masked one, masked on every copy.
 */
import { describe, expect, it } from 'vitest';
import { parseJson, type Relayer } from '../../../src/api/index.js';
import { addressProblem, checksumAddress } from '../../../src/core/address.js';
import { keccak256Hex } from '../../../src/core/keccak.js';
import { relayerPatch, policiesForm } from '../../../src/core/operations/policies.js';
import { policiesRequest, relayerPatchEffect } from '../../../src/core/operations/policyEdit.js';
import { applyMergePatch, documentSets, mergePatchBetween, readDocument } from '../../../src/core/operations/policyDocument.js';
import { readRpcUrls } from '../../../src/core/operations/relayerFields.js';

const evm = (over: Partial<Relayer> = {}): Relayer => ({ id: 'r1', name: 'One', network: 'sepolia', network_type: 'evm', paused: false, system_disabled: false, policies: { gas_price_cap: 30_000_000_000, min_balance: 1 }, ...over }) as Relayer;
const stellar = (): Relayer => ({ id: 's1', name: 'Star', network: 'testnet', network_type: 'stellar', paused: false, system_disabled: false, policies: { fee_payment_strategy: 'relayer', max_fee: 100, timeout_seconds: 30 } }) as Relayer;

describe('keccak-256 and EIP-55', () => {
  it('hashes as Ethereum does and checks the EIP-55 examples', () => {
    expect(keccak256Hex(new Uint8Array())).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(keccak256Hex(new TextEncoder().encode('The quick brown fox jumps over the lazy dog'))).toBe('4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15');
    for (const a of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb']) {
      expect(checksumAddress(a.toLowerCase())).toBe(a);
      expect(addressProblem(a)).toBeNull();
      expect(addressProblem(a.toLowerCase())).toBeNull();
    }
    expect(addressProblem('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toMatch(/EIP-55 checksum does not match .*0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed/);
    expect(addressProblem('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toMatch(/0x and 40 hex digits/);
  });
});

describe('the EVM patch from flags', () => {
  it('sends only what is given, in the order asked, u128 exact', () => {
    const r = relayerPatch(evm(), { sets: ['gas_price_cap=66gwei', 'whitelist_receivers=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed,0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359'], unsets: ['min_balance'], name: 'Renamed', notification: 'none' });
    if ('error' in r) throw new Error(r.error);
    const built = policiesRequest('r1', evm(), r.patch, true);
    if ('refuse' in built) throw new Error(built.refuse);
    expect(built.prepared.body).toBe('{"policies":{"gas_price_cap":66000000000,"whitelist_receivers":["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed","0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359"],"min_balance":null},"name":"Renamed","notification_id":null}');
    expect(built.prepared.method).toBe('PATCH');
    expect(built.prepared.path).toBe('/api/v1/relayers/r1');
  });
  it('a u128 above u64 goes as a decimal string (v1.8 reads the patch as a serde Value first)', () => {
    const r = relayerPatch(evm(), { sets: ['min_balance=100eth', 'gas_price_cap=18446744073709551615'], unsets: [] });
    if ('error' in r) throw new Error(r.error);
    const built = policiesRequest('r1', evm(), r.patch, true);
    if ('refuse' in built) throw new Error(built.refuse);
    expect(built.prepared.body).toBe('{"policies":{"min_balance":"100000000000000000000","gas_price_cap":18446744073709551615}}');
    expect(relayerPatchEffect(r.patch)({ policies: { min_balance: 100000000000000000000n, gas_price_cap: 18446744073709551615n } }).kind).toBe('as asked');
  });
  it('a value above u128 is refused before anything is built, --set and the form alike (a walk got the server\'s 400)', () => {
    const max = ((1n << 128n) - 1n).toString();
    expect('error' in relayerPatch(evm(), { sets: [`gas_price_cap=${max}`], unsets: [] })).toBe(false);
    const over = relayerPatch(evm(), { sets: [`gas_price_cap=${'9'.repeat(78)}`], unsets: [] });
    expect('error' in over && over.error).toMatch(/above the u128 maximum/);
    const form = policiesForm('r1', evm(), true);
    const cap = form.fields.find((f) => f.name === 'gas_price_cap')!;
    expect(cap.validate!('9'.repeat(78), {})).toMatch(/^out of range: above the u128 maximum/);
    expect(cap.validate!(max, {})).toBeNull();
  });
  it('an amount is read one way by --set and the form: an exponent is a number (1e20), a negative one and one over u128 said so, the example in the chain\'s coin', () => {
    const cap = policiesForm('r1', evm(), true).fields.find((f) => f.name === 'gas_price_cap')!;
    const set = (v: string) => relayerPatch(evm(), { sets: [`gas_price_cap=${v}`], unsets: [] });
    expect(cap.validate!('1e20', {})).toBeNull();
    expect(set('1e20')).toEqual({ patch: { policies: { gas_price_cap: '100000000000000000000' } } });
    expect(cap.validate!('-5gwei', {})).toBe('out of range: must not be negative');
    expect(set('-5gwei')).toEqual({ error: '--set gas_price_cap=-5gwei: out of range: must not be negative' });
    expect(cap.validate!('1e40', {})).toMatch(/^out of range: above the u128 maximum/);
    expect(cap.validate!('1E20', {})).toBeNull();
    expect(cap.validate!('-abc', {})).toBe('wei, or with a unit: 100gwei, 0.1eth');
    expect(cap.validate!('abc', {})).toBe('wei, or with a unit: 100gwei, 0.1eth');
    const avax = policiesForm('a1', evm({ network: 'avalanche' }), true).fields.find((f) => f.name === 'gas_price_cap')!;
    expect(avax.validate!('abc', {})).toBe('wei, or with a unit: 100gwei, 0.1avax');
    expect(relayerPatch(evm({ network: 'avalanche' }), { sets: ['gas_price_cap=abc'], unsets: [] })).toEqual({ error: '--set gas_price_cap=abc: wei, or with a unit: 100gwei, 0.1avax' });
  });
  it('refuses a mistyped checksum in the whitelist before anything is built', () => {
    const r = relayerPatch(evm(), { sets: ['whitelist_receivers=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'], unsets: [] });
    expect(r).toEqual({ error: expect.stringMatching(/--set whitelist_receivers: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD": its EIP-55 checksum does not match/) });
  });
  it('the editor: a whitelist one address a line, the wrong line pointed at', () => {
    const form = policiesForm('r1', evm(), true, ['n1']);
    const wl = form.fields.find((f) => f.name === 'whitelist_receivers')!;
    expect(wl.kind).toBe('json');
    expect(wl.validate!('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDB', {})).toMatch(/^line 2, "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDB": its EIP-55 checksum/);
    expect(form.fields.find((f) => f.name === 'notification_id')!.options).toEqual(['none', 'n1']);
    // A blank line between: the line named is the line it is on.
    expect(wl.validate!('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n\n0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDB', {})).toMatch(/^line 3, /);
  });
  it('the editor: a whitelist emptied removes it (any receiver), and its hint says so', () => {
    const withList = evm({ policies: { gas_price_cap: 30_000_000_000, whitelist_receivers: ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'] } } as Partial<Relayer>);
    const form = policiesForm('r1', withList, true, []);
    expect(form.fields.find((f) => f.name === 'whitelist_receivers')!.hint).toContain('emptied: the whitelist removed (any receiver)');
    const built = form.build({ name: 'One', notification_id: 'none', gas_price_cap: '30gwei', min_balance: '', eip1559_pricing: '', private_transactions: '', gas_limit_estimation: '', include_revert_data: '', whitelist_receivers: '', custom_rpc_urls: '' });
    if (!('request' in built)) throw new Error(JSON.stringify(built.errors));
    expect(built.request.prepared.body).toBe('{"policies":{"whitelist_receivers":null}}');
  });
  it('a whitelist the server holds with a wrong checksum (v1.8 stores it unchecked) round-trips: prefilled, kept, not refused and not sent; a new address beside it is held to the rule', () => {
    const held = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'; // its checksum wrong
    const withList = evm({ policies: { gas_price_cap: 30_000_000_000, whitelist_receivers: [held] } } as Partial<Relayer>);
    const form = policiesForm('r1', withList, true, []);
    const wl = form.fields.find((f) => f.name === 'whitelist_receivers')!;
    expect(wl.validate!(held, {})).toBeNull();
    const values = { name: 'Two', notification_id: 'none', gas_price_cap: '30gwei', min_balance: '', eip1559_pricing: '', private_transactions: '', gas_limit_estimation: '', include_revert_data: '', whitelist_receivers: held, custom_rpc_urls: '' };
    const built = form.build(values);
    if (!('request' in built)) throw new Error(JSON.stringify(built.errors));
    expect(built.request.prepared.body).toBe('{"name":"Two"}');
    // One more address, typed new with a wrong checksum: refused on its line; the held one beside it still taken.
    expect(wl.validate!(`${held}\n0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDB`, {})).toMatch(/^line 2, "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDB": its EIP-55 checksum/);
    const added = form.build({ ...values, whitelist_receivers: `${held}\n0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb` });
    if (!('request' in added)) throw new Error(JSON.stringify(added.errors));
    expect(added.request.prepared.body).toBe(`{"policies":{"whitelist_receivers":["${held}","0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"]},"name":"Two"}`);
    // Flags alike: the held address kept by --set is taken.
    expect('error' in relayerPatch(withList, { sets: [`whitelist_receivers=${held},0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb`], unsets: [] })).toBe(false);
  });
});

describe('Solana and Stellar policies as a merge patch', () => {
  it('the patch between what the server has and what was typed: removed keys null, objects merged, lists whole', () => {
    const before = { a: 1, b: { x: 1, y: 2 }, c: [1, 2], d: 'keep' };
    const after = { a: 1, b: { x: 1, y: 3 }, c: [1], e: true, d: 'keep' };
    expect(mergePatchBetween(before, { ...after })).toEqual({ b: { y: 3 }, c: [1], e: true });
    expect(mergePatchBetween(before, { d: 'keep' })).toEqual({ a: null, b: null, c: null });
    expect(applyMergePatch(before, mergePatchBetween(before, after))).toEqual(after);
  });
  it('Stellar keeps fee_payment_strategy; unknown keys and wrong types are refused; big integers exact', () => {
    expect(documentSets('stellar', stellar().policies as Record<string, unknown>, [], ['fee_payment_strategy'])).toEqual({ error: expect.stringMatching(/^fee_payment_strategy: a Stellar relayer must keep it/) });
    expect(documentSets('stellar', {}, ['gas_price_cap=1'], [])).toEqual({ error: expect.stringMatching(/gas_price_cap: not a stellar policy/) });
    expect(documentSets('stellar', stellar().policies as Record<string, unknown>, ['max_fee=-1'], [])).toEqual({ error: 'max_fee: a whole number from 0 to 4294967295 (u32)' });
    expect(documentSets('stellar', stellar().policies as Record<string, unknown>, ['fee_payment_strategy=user', 'min_balance=18446744073709551615'], [])).toEqual({ patch: { fee_payment_strategy: 'user', min_balance: 18446744073709551615n } });
    expect(readDocument('stellar', '{"max_fee": 100,}')).toEqual({ error: expect.stringMatching(/^not valid JSON at line 1, column 17/) });
    expect(readDocument('solana', '{"max_signatures": 256}')).toEqual({ error: 'max_signatures: a whole number from 0 to 255 (u8)' });
  });
  it('the editor sends only the keys changed in the typed document', () => {
    const form = policiesForm('s1', stellar(), true, []);
    expect(form.fields.map((f) => f.name)).toEqual(['name', 'notification_id', 'policies', 'custom_rpc_urls']);
    const built = form.build({ name: 'Star', notification_id: 'none', policies: '{"fee_payment_strategy": "relayer", "max_fee": 250}', custom_rpc_urls: '' });
    if (!('request' in built)) throw new Error(JSON.stringify(built.errors));
    expect(built.request.prepared.body).toBe('{"policies":{"timeout_seconds":null,"max_fee":250}}');
  });
});

describe('RPC URLs', () => {
  it('typed whole: a masked one refused, weights 0–100, every copy masked, the request whole', () => {
    expect(readRpcUrls(['https://rpc.example/***'])).toEqual({ error: expect.stringMatching(/is the server's mask of a URL, not a URL/) });
    expect(readRpcUrls(['https://rpc.example/v2/KEY 101'])).toEqual({ error: 'weight 101: a whole number from 0 to 100' });
    const r = relayerPatch(evm(), { sets: [], unsets: [], rpcUrls: ['https://rpc.example/v2/SECRETKEY 40', 'https://b.example/?apikey=SECRETKEY'] });
    if ('error' in r) throw new Error(r.error);
    const built = policiesRequest('r1', evm(), r.patch, true);
    if ('refuse' in built) throw new Error(built.refuse);
    expect(built.prepared.body).toBe('{"custom_rpc_urls":[{"url":"https://rpc.example/v2/SECRETKEY","weight":40},{"url":"https://b.example/?apikey=SECRETKEY","weight":100}]}');
    expect(built.secret).toBe('rpc-urls');
    expect(built.prepared.displayBody).not.toContain('SECRETKEY');
    expect(parseJson(built.prepared.displayBody!)).toEqual({ custom_rpc_urls: [{ url: 'https://rpc.example/***', weight: 40 }, { url: 'https://b.example/***', weight: 100 }] });
    expect(JSON.stringify(built.review)).not.toContain('SECRETKEY');
    // The answer carries them masked by the server: compared by their masks.
    expect(relayerPatchEffect(r.patch)({ custom_rpc_urls: [{ url: 'https://rpc.example/***', weight: 40 }, { url: 'https://b.example/***', weight: 100 }] }).kind).toBe('as asked');
    expect(relayerPatchEffect(r.patch)({ custom_rpc_urls: [{ url: 'https://rpc.example/***', weight: 100 }] }).kind).toBe('not as asked');
  });
  it('a key rotated in the same path masks alike: never "already as asked", always sent', () => {
    const now = evm({ custom_rpc_urls: [{ url: 'https://rpc.example/***', weight: 100 }] });
    const r = relayerPatch(now, { sets: [], unsets: [], rpcUrls: ['https://rpc.example/v2/NEWKEY'] });
    if ('error' in r) throw new Error(r.error);
    const built = policiesRequest('r1', now, r.patch, true);
    if ('refuse' in built) throw new Error(built.refuse);
    expect(built.already).toBeUndefined();
    expect(built.prepared.body).toBe('{"custom_rpc_urls":[{"url":"https://rpc.example/v2/NEWKEY","weight":100}]}');
  });
  it('the editor never keeps them in a draft and never prefills the masked ones', () => {
    const form = policiesForm('r1', evm({ custom_rpc_urls: [{ url: 'https://rpc.example/***', weight: 100 }] }), true, []);
    const f = form.fields.find((x) => x.name === 'custom_rpc_urls')!;
    expect(f.secret).toBe(true);
    expect(f.hint).toContain('now https://rpc.example/*** (100) (masked by the server)');
  });
});
