/**
 * Issue 42.2, Solana and Stellar sends: the body read by the relayer's network type (never guessed
 * from its keys), exact on the wire, and refused before sending by v1.8's own rules
 * (request/solana.rs validate; stellar validation.rs), each on its field.
 */
import { describe, expect, it } from 'vitest';
import { prepareSendTransaction, type Relayer } from '../../../src/api/index.js';
import { base58Decode, base58Encode, pubkeyProblem } from '../../../src/core/base58.js';
import { sendForm, sendInitialValues, sendRequest, sendSpecRefusal } from '../../../src/core/operations/send.js';
import { refusalWords } from '../../../src/core/operations/spec.js';
import { withdrawRefusal } from '../../../src/core/operations/withdraw.js';
import { INSTRUCTIONS_TEMPLATE, solanaFeePayer } from '../../../src/core/operations/sendSolana.js';

const key = (fill: number) => base58Encode(new Uint8Array(32).fill(fill));
const RELAYER = key(7);
const OTHER = key(9);
const PROGRAM = key(3);
const solana = (policies: Record<string, unknown> = { fee_payment_strategy: 'relayer' }): Relayer => ({ id: 'sol', name: 'Sol', network: 'devnet', network_type: 'solana', paused: false, system_disabled: false, address: RELAYER, policies }) as Relayer;
const stellar = (): Relayer => ({ id: 'xlm', name: 'Star', network: 'testnet', network_type: 'stellar', paused: false, system_disabled: false, address: 'GAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAWHF' }) as Relayer;
const NOW = Date.parse('2026-11-28T12:00:00Z');

/** A legacy transaction, bincode as v1.8 reads it: signatures, header, account keys (the first pays), blockhash, no instructions. */
function legacyTx(payer: Uint8Array, sigs = 1): string {
  const bytes = [sigs, ...new Array(64 * sigs).fill(0), 1, 0, 1, 2, ...payer, ...new Uint8Array(32).fill(5), ...new Uint8Array(32).fill(1), 0];
  return Buffer.from(bytes).toString('base64');
}
const errorsOf = (r: ReturnType<typeof sendRequest>) => ('errors' in r ? r.errors : {});

describe('base58 (Solana public keys)', () => {
  it('decodes and encodes as Solana writes keys; 32 bytes is a key, nothing else is', () => {
    expect([...base58Decode('11111111111111111111111111111111')!]).toEqual(new Array(32).fill(0));
    expect(base58Encode(new Uint8Array(32))).toBe('11111111111111111111111111111111');
    // The SPL token program's id, a known key.
    const spl = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
    expect(base58Decode(spl)!.length).toBe(32);
    expect(base58Encode(base58Decode(spl)!)).toBe(spl);
    expect(pubkeyProblem(spl)).toBeNull();
    expect(pubkeyProblem('0OIl')).toMatch(/not base58/);
    expect(pubkeyProblem('abc')).toMatch(/not 32/);
  });
});

describe('a Solana send', () => {
  const c = { relayerId: 'sol', relayer: solana(), now: NOW };

  it('sends instructions exactly as given, to POST /relayers/{id}/transactions', () => {
    const body = { instructions: [{ program_id: PROGRAM, accounts: [{ pubkey: RELAYER, is_signer: true, is_writable: true }, { pubkey: OTHER, is_signer: false, is_writable: true }], data: 'AQID' }], valid_until: '2026-11-28T13:00:00Z' };
    const r = sendRequest(body, c);
    if (!('request' in r)) throw new Error(JSON.stringify(r.errors));
    expect(r.request.prepared).toMatchObject({ method: 'POST', path: '/api/v1/relayers/sol/transactions', body: JSON.stringify(body) });
    expect(r.request.what).toBe('Send a new Solana transaction from relayer sol');
    expect(r.request.review!.map((l) => l.label)).toContain('instructions');
  });

  it("checks a pre-built transaction's fee payer against the relayer (v1.8 validate_transaction)", () => {
    const mine = legacyTx(base58Decode(RELAYER)!);
    expect(solanaFeePayer(mine)).toEqual({ payer: RELAYER });
    expect('request' in sendRequest({ transaction: mine }, c)).toBe(true);
    expect(errorsOf(sendRequest({ transaction: legacyTx(base58Decode(OTHER)!) }, c)).transaction).toMatch(new RegExp(`fee payer is ${OTHER}, not the relayer`));
    expect(errorsOf(sendRequest({ transaction: Buffer.from([1, 0, 0]).toString('base64') }, c)).transaction).toMatch(/cannot be read as a transaction/);
  });

  it('refuses what v1.8 refuses, on the field, in its order', () => {
    const ins = (over: object) => ({ instructions: [{ program_id: PROGRAM, accounts: [], data: '', ...over }] });
    expect(errorsOf(sendRequest(ins({ program_id: '11111111111111111111111111111111' }), c)).instructions).toMatch(/default key/);
    expect(errorsOf(sendRequest(ins({ program_id: 'not-a-key' }), c)).instructions).toMatch(/instruction 0: program_id "not-a-key" is not base58/);
    // A key too long quoted whole (a walk's 52 characters were quoted as 48, no mark); past 64, cut with …
    const long = `${OTHER}6JL8`;
    expect(errorsOf(sendRequest(ins({ accounts: [{ pubkey: long, is_signer: false, is_writable: true }] }), c)).instructions).toContain(`pubkey "${long}" is`);
    expect(errorsOf(sendRequest(ins({ accounts: [{ pubkey: 'A'.repeat(70), is_signer: false, is_writable: true }] }), c)).instructions).toContain(`pubkey "${'A'.repeat(63)}…" is`);
    expect(errorsOf(sendRequest(ins({ accounts: [{ pubkey: OTHER, is_signer: true, is_writable: false }] }), c)).instructions).toMatch(/account 0: only the relayer .* may be a signer/);
    expect(errorsOf(sendRequest(ins({ data: Buffer.alloc(1233).toString('base64') }), c)).instructions).toMatch(/1233 bytes, at most 1232/);
    expect(errorsOf(sendRequest({ instructions: new Array(65).fill({ program_id: PROGRAM, accounts: [], data: '' }) }, c)).instructions).toMatch(/65 instructions: at most 64/);
    const many = Array.from({ length: 65 }, (_, i) => ({ pubkey: key(i + 10), is_signer: false, is_writable: false }));
    expect(errorsOf(sendRequest({ instructions: [{ program_id: PROGRAM, accounts: many.slice(0, 40), data: '' }, { program_id: PROGRAM, accounts: many.slice(40), data: '' }] }, c)).instructions).toMatch(/66 different accounts/);
    expect(errorsOf(sendRequest({ ...ins({}), valid_until: '2026-11-28T12:00:00Z' }, c)).valid_until).toMatch(/in the past/);
    // Both, neither (an empty list is none), a stray key: the API module's shape, on the field.
    expect(errorsOf(sendRequest({ transaction: legacyTx(base58Decode(RELAYER)!), ...ins({}) }, c)).transaction).toMatch(/mutually exclusive/);
    expect(errorsOf(sendRequest({ instructions: [] }, c)).transaction).toMatch(/or instructions is required/);
    expect(errorsOf(sendRequest({ ...ins({}), memo: 'x' } as never, c)).memo).toMatch(/not a field of a Solana send/);
    expect(errorsOf(sendRequest(ins({ accounts: [{ pubkey: OTHER, is_signer: 'true', is_writable: true }] }), c)).instructions).toBe('instructions[0].accounts[0].is_signer: is required: true or false');
    // An EVM body to a Solana relayer: read by its type, refused by name.
    expect(() => prepareSendTransaction('sol', { value: 1, to: OTHER } as never, 'solana')).toThrow(/an EVM body, but the relayer is solana/);
  });

  it("what v1.8 refuses as it processes (user-paid: a pre-built one only) or fails as it prepares (the relayer's allowed programs and accounts)", () => {
    const ins = { instructions: [{ program_id: PROGRAM, accounts: [{ pubkey: OTHER, is_signer: false, is_writable: true }], data: '' }] };
    const at = (policies: Record<string, unknown>, body: object = ins) => errorsOf(sendRequest(body, { ...c, relayer: solana(policies) }));
    expect(at({}).instructions).toMatch(/fee_payment_strategy is not set \(v1.8's default: user\): its users pay, so v1.8 takes only a pre-built transaction/);
    expect(at({ fee_payment_strategy: 'user' }).instructions).toMatch(/fee_payment_strategy is user/);
    expect(at({ fee_payment_strategy: 'relayer', allowed_programs: [key(4)] }).instructions).toBe(`Program ${PROGRAM} not allowed: v1.8 takes it, then fails it ("Program ${PROGRAM} not allowed"); its allowed_programs: ${key(4)}`);
    expect(at({ fee_payment_strategy: 'relayer', disallowed_accounts: [OTHER] }).instructions).toMatch(new RegExp(`^Account ${OTHER} is explicitly disallowed`));
    // allowed_accounts holds every key of the message: the relayer's and the program's too.
    expect(at({ fee_payment_strategy: 'relayer', allowed_accounts: [OTHER, PROGRAM] }).instructions).toMatch(new RegExp(`^Account ${RELAYER} not allowed`));
    expect(at({ fee_payment_strategy: 'relayer', allowed_accounts: [OTHER, PROGRAM, RELAYER], allowed_programs: [PROGRAM] })).toEqual({});
    // A pre-built one: its instructions read from the message (program by index).
    const payer = base58Decode(RELAYER)!;
    const prog = base58Decode(PROGRAM)!;
    const withIx = Buffer.from([1, ...new Array(64).fill(0), 1, 0, 1, 2, ...payer, ...prog, ...new Uint8Array(32).fill(1), 1, 1, 1, 0, 2, 7, 7]).toString('base64');
    expect(at({ fee_payment_strategy: 'user', allowed_programs: [key(4)] }, { transaction: withIx }).transaction).toMatch(new RegExp(`^Program ${PROGRAM} not allowed`));
    expect(at({ fee_payment_strategy: 'user', allowed_programs: [PROGRAM] }, { transaction: withIx })).toEqual({});
  });

  it('the form: the template is not an answer; the mode chooses the field', () => {
    const def = sendForm(c);
    expect(def.fields.map((f) => f.name)).toEqual(['mode', 'transaction', 'instructions', 'valid_until']);
    const v: Record<string, string> = { ...sendInitialValues(solana()), mode: 'instructions' };
    expect(v.instructions).toBe(INSTRUCTIONS_TEMPLATE);
    expect(def.build(v)).toEqual({ errors: { instructions: expect.stringMatching(/still the template/) } });
  });
});

describe('a Stellar send', () => {
  const c = { relayerId: 'xlm', relayer: stellar(), now: NOW };
  // SEP-23's test account (a valid StrKey), and a contract.
  const G = 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ';
  const C = 'CA3D5KRYM6CB7OWQ6TWYRR3Z4T7GNZLKERYNZGGA5SOAOPIFY6YQGAXE';
  const pay = { type: 'payment', destination: G, amount: '1', asset: { type: 'native' } };

  it('sends the body in v1.8 encoding (memo id a decimal string) and says which network v1.8 builds on', () => {
    const r = sendRequest({ network: 'pubnet', operations: [pay], memo: { type: 'id', value: '18446744073709551615' } as never }, c);
    // An id memo is an int64 at most: over it is refused on the field.
    expect(errorsOf(r).memo).toMatch(/above the int64 maximum/);
    const ok = sendRequest({ network: 'pubnet', operations: [pay], memo: { type: 'id', value: '9223372036854775807' } }, c);
    if (!('request' in ok)) throw new Error(JSON.stringify(ok.errors));
    expect(ok.request.prepared.body).toBe(`{"network":"pubnet","operations":[${JSON.stringify(pay)}],"memo":{"type":"id","value":"9223372036854775807"}}`);
    expect(ok.request.review!.find((l) => l.label === '⚠ network')?.value).toMatch(/v1.8 builds on the relayer's own network \(testnet\)/);
    expect(ok.request.review!.find((l) => l.label === 'source')?.value).toMatch(/the relayer/);
  });

  it("refuses v1.8's operation rules on the field", () => {
    const invoke = { type: 'invoke_contract', contract_address: C, function_name: 'f', args: [] };
    expect(errorsOf(sendRequest({ network: 'testnet', operations: new Array(101).fill(pay) }, c)).operations).toMatch(/101 operations: at most 100/);
    expect(errorsOf(sendRequest({ network: 'testnet', operations: [invoke, pay] }, c)).operations).toMatch(/goes alone/);
    expect(errorsOf(sendRequest({ network: 'testnet', operations: [invoke, invoke] }, c)).operations).toMatch(/more than one Soroban/);
    expect(errorsOf(sendRequest({ network: 'testnet', operations: [invoke], memo: { type: 'text', value: 'hi' } }, c)).memo_type).toMatch(/takes no memo/);
    expect('request' in sendRequest({ network: 'testnet', operations: [invoke], memo: { type: 'none' } }, c)).toBe(true);
    expect(errorsOf(sendRequest({ network: 'testnet', operations: [pay], fee_bump: true }, c)).fee_bump).toMatch(/only valid with transaction_xdr/);
    expect(errorsOf(sendRequest({ network: 'testnet', operations: [pay], valid_until: '2026-11-28T11:00:00Z' }, c)).valid_until).toMatch(/marks it expired/);
  });

  it("native payments past the relayer's balance are refused on operations, with the balance and its read time (a walk sent 900 XLM from 853.8775)", () => {
    const held = { ...c, balanceWei: 8_538_775_000n, balanceAt: NOW - 5_000 };
    const big = { ...pay, amount: '9000000000' };
    expect(errorsOf(sendRequest({ network: 'testnet', operations: [big] }, held)).operations).toMatch(/^pays 900 XLM in all; the relayer holds 853\.8775 XLM as read at \d\d:\d\d:\d\d \(less the network's reserve\): the network fails it as underfunded$/);
    expect('request' in sendRequest({ network: 'testnet', operations: [{ ...pay, amount: '10000000' }] }, held)).toBe(true);
    // Not read: not judged here.
    expect('request' in sendRequest({ network: 'testnet', operations: [big] }, c)).toBe(true);
  });

  it('refuses what v1.8 takes and then fails as it converts the operations (a walk sent a negative amount and a mistyped destination: both confirmed)', () => {
    const ops = (o: Record<string, unknown>) => errorsOf(sendRequest({ network: 'testnet', operations: [pay, { ...pay, ...o }] }, c)).operations;
    expect(ops({ destination: G.slice(0, -1) + 'A' })).toMatch(/^operations\[1\]\.destination: its checksum does not match .*"the strkey is invalid"/);
    expect(ops({ destination: C })).toMatch(/^operations\[1\]\.destination: starts with C: a Stellar address here is G… or M…/);
    expect(ops({ amount: '-5' })).toMatch(/^operations\[1\]\.amount: must be more than 0/);
    expect(ops({ amount: 0 })).toMatch(/must be more than 0/);
    expect(ops({ amount: '0.5' })).toBe('operations[1].amount: whole stroops only (1 XLM = 10,000,000); 0.5 XLM would be "5000000"');
    // v1.8 reads a string amount as an i64 ("5.0" is a 400); a JSON number 5.0 it takes as 5.
    expect(ops({ amount: '5.0' })).toBe('operations[1].amount: whole stroops only, as digits: "5"');
    expect(ops({ amount: 5.0 })).toBeUndefined();
    expect(ops({ amount: '9223372036854775808' })).toMatch(/out of range: at most 9,223,372,036,854,775,807 stroops/);
    // An integer past 2^53 as the JSON reader gives it (exact: a bigint) is an integer (a walk was told "as a string or an integer").
    expect(ops({ amount: 9007199254740993n })).toBeUndefined();
    expect(ops({ amount: 9223372036854775808n })).toMatch(/out of range/);
    expect(ops({ asset: { type: 'credit4', code: 'USDCX', issuer: G } })).toMatch(/^operations\[1\]\.asset: code: 1–4 characters for credit4/);
    expect(ops({ asset: { type: 'credit12', code: 'USDCLONG', issuer: 'GBBB' } })).toMatch(/^operations\[1\]\.asset: issuer: /);
    expect(ops({ asset: { type: 'credit_alphanum4', code: 'USDC', issuer: G } })).toMatch(/native, credit4 or credit12/);
    expect(ops({ amount: '10000000', asset: { type: 'credit4', code: 'USDC', issuer: G } })).toBeUndefined();
    expect(errorsOf(sendRequest({ network: 'testnet', operations: [{ type: 'invoke_contract', contract_address: G, function_name: 'f', args: [] }] }, c)).operations).toMatch(/contract_address: starts with G: a Stellar address here is C…/);
    expect(errorsOf(sendRequest({ network: 'testnet', operations: [pay], source_account: 'GBBB' }, c)).source_account).toMatch(/Invalid source account/);
    expect(errorsOf(sendRequest({ network: 'testnet', operations: [{ type: 'invoke_contract', contract_address: C, function_name: 'f'.repeat(33), args: [] }] }, c)).operations).toMatch(/function_name: 33 bytes: at most 32/);
    // A user-paid relayer: operations are taken, then failed as v1.8 prepares them.
    const userPaid = { ...c, relayer: { ...c.relayer, policies: { fee_payment_strategy: 'user' } } as typeof c.relayer };
    expect(errorsOf(sendRequest({ network: 'testnet', operations: [pay] }, userPaid)).operations).toMatch(/fee_payment_strategy is user: v1\.8 takes operations, then fails the transaction/);
    // A muxed destination (M…) is an account too.
    expect(ops({ destination: 'MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVAAAAAAAAAAAAAJLK' })).toBeUndefined();
  });
});

describe('what is offered', () => {
  it('a send on every known network type; a withdrawal on EVM only', () => {
    const of = (relayerId: string, relayer: Relayer) => ({ target: { relayerId }, relayer, offered: true });
    expect(sendSpecRefusal(of('sol', solana()))).toBeNull();
    expect(sendSpecRefusal(of('xlm', stellar()))).toBeNull();
    expect(refusalWords(withdrawRefusal(of('sol', solana()))!, 'keys')).toMatch(/a withdrawal is an EVM send here \(sol is solana\)/);
    expect(refusalWords(sendSpecRefusal(of('x', { ...solana(), network_type: 'aptos' } as Relayer))!, 'keys')).toMatch(/has network type "aptos", which this client does not know: no request is guessed/);
  });
});

describe('a Stellar send reviewed', () => {
  it('says its memo beside its payments (an exchange credits a deposit by it), or that it has none', async () => {
    const { stellarSendReview } = await import('../../../src/core/operations/sendStellar.js');
    const memoOf = (memo: unknown) => stellarSendReview({ network: 'testnet', operations: [], ...(memo === undefined ? {} : { memo }) }, stellar()).find((l) => l.label === 'memo')?.value;
    expect(memoOf({ type: 'text', value: 'deposit 42' })).toBe('text "deposit 42"');
    expect(memoOf({ type: 'id', value: '123' })).toBe('id "123"');
    expect(memoOf({ type: 'none' })).toBe('none');
    expect(memoOf(undefined)).toBe('none');
    // A memo of another shape (a --body's) is shown as given, never as none.
    expect(memoOf('deposit 42')).toBe('as given: "deposit 42"');
    expect(memoOf({ value: 'x' })).toBe('as given: {"value":"x"}');
    // An exact integer in it (a --body's) is shown, never a throw.
    expect(memoOf({ value: 12345678901234567890n })).toMatch(/^as given: \{"value":12345678901234567890\}$/);
  });
});
