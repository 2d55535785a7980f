/**
 * A Stellar body's operations, checked before sending as v1.8 converts them to XDR when it prepares
 * the transaction (models/transaction/stellar/conversion.rs:40-80): it takes the request (200) and
 * then fails the transaction, so a mistyped destination is only learnt later, in a status reason.
 * - payment: `destination` a G… or M… address (operation.rs parse_destination_address), `amount` in
 *   stroops as an i64 (a string, an integer, or a whole float: utils/serde/i64_serializer.rs) and
 *   more than 0 (the network refuses a payment of 0 or less as malformed), `asset` native, credit4
 *   (a code of 1–4 bytes) or credit12 (5–12) with a G… issuer (asset.rs);
 * - invoke_contract: `contract_address` a C… address (host_function.rs:292), `function_name` at most 32 bytes.
 * The request's `source_account`: a G… or M… address (conversion.rs: "Invalid source account").
 */
import { ExactNumber, INT64_MAX, LongInteger } from '../../api/index.js';
import { thousands } from '../text/values.js';
import { decodeStrKey, type StrKeyKind } from '../stellarKey.js';

/** Operations read at most (v1.8 takes 100; more is refused by its own rule first). */
const MAX_CHECKED = 1_000;
const STROOPS_PER_XLM = 10_000_000n;

function key(v: unknown, kinds: readonly StrKeyKind[], v18: string): string | null {
  if (typeof v !== 'string') return `not a string: a Stellar address (v1.8: "${v18}")`;
  if (v.trim() !== v) return 'has spaces around it: a Stellar address has none';
  const d = decodeStrKey(v, kinds);
  return 'error' in d ? `${d.error} (v1.8 fails the transaction: "${v18}: …")` : null;
}

function amount(v: unknown): string | null {
  // (An integer past 2^53 is read exactly: a bigint, or the parser's LongInteger.)
  const text = typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' || v instanceof LongInteger || v instanceof ExactNumber ? String(v) : null;
  if (text === null) return 'stroops, as a string or an integer (1 XLM = 10,000,000)';
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (m && m[3] !== undefined && /[1-9]/.test(m[3])) {
    // `0.5` meant as XLM: said in stroops (never converted here: what is sent is what was typed).
    const frac = (m[3] + '0000000').slice(0, 7);
    const asStroops = m[3].length <= 7 ? `; ${text.trim()} XLM would be "${(BigInt(m[2]!) * STROOPS_PER_XLM + BigInt(frac)).toString()}"` : '';
    return `whole stroops only (1 XLM = 10,000,000)${asStroops}`;
  }
  if (!m) return 'not an integer: stroops (1 XLM = 10,000,000)';
  // A string is read as an i64 (`"5.0"` fails it: a 400); only a JSON number may be a whole float (i64_serializer.rs visit_f64).
  if (typeof v === 'string' && m[3] !== undefined) return `whole stroops only, as digits: "${m[1] === '-' ? '-' : ''}${m[2]}"`;
  const n = BigInt(`${m[1] === '-' ? '-' : ''}${m[2]}`);
  if (n > INT64_MAX) return `out of range: at most ${thousands(INT64_MAX)} stroops (an i64)`;
  if (n <= 0n) return 'must be more than 0: the network refuses a payment of 0 or less (malformed)';
  return null;
}

function asset(v: unknown): string | null {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return 'an object: {"type": "native"}, or {"type": "credit4"|"credit12", "code", "issuer"}';
  const a = v as Record<string, unknown>;
  if (a.type === 'native') return null;
  if (a.type !== 'credit4' && a.type !== 'credit12') return `type ${JSON.stringify(a.type) ?? 'missing'}: native, credit4 or credit12`;
  const bytes = typeof a.code === 'string' ? Buffer.byteLength(a.code, 'utf8') : -1;
  const [lo, hi] = a.type === 'credit4' ? [1, 4] : [5, 12];
  if (bytes < lo || bytes > hi) return `code: ${lo}–${hi} characters for ${a.type} (v1.8 fails the transaction: "asset code ${lo}-${hi} chars")`;
  const issuer = key(a.issuer, ['account'], 'Invalid issuer');
  return issuer ? `issuer: ${issuer}` : null;
}

/** The first operation field v1.8 would fail, named by its path (`operations[0].destination: …`); or null. */
export function stellarOperationsError(ops: readonly unknown[]): string | null {
  for (let i = 0; i < Math.min(ops.length, MAX_CHECKED); i++) {
    const op = ops[i];
    const at = `operations[${i}]`;
    if (op === null || typeof op !== 'object' || Array.isArray(op)) return `${at}: not an object with a "type"`;
    const o = op as Record<string, unknown>;
    if (o.type === 'payment') {
      const d = key(o.destination, ['account', 'muxed'], 'Invalid destination');
      if (d) return `${at}.destination: ${d}`;
      const n = amount(o.amount);
      if (n) return `${at}.amount: ${n}`;
      const a = asset(o.asset);
      if (a) return `${at}.asset: ${a}`;
    } else if (o.type === 'invoke_contract') {
      const c = key(o.contract_address, ['contract'], 'Invalid contract address');
      if (c) return `${at}.contract_address: ${c}`;
      // An ScSymbol: at most 32 bytes (host_function.rs:296-298).
      if (typeof o.function_name !== 'string' || o.function_name === '') return `${at}.function_name: the contract function's name (a string)`;
      if (Buffer.byteLength(o.function_name, 'utf8') > 32) return `${at}.function_name: ${Buffer.byteLength(o.function_name, 'utf8')} bytes: at most 32 (v1.8 fails the transaction: "Invalid function name: xdr value max length exceeded")`;
    }
  }
  return null;
}

/** The request's source_account (empty: the relayer): a G… or M… address; or why not. */
export function stellarSourceError(v: string): string | null {
  return v.trim() === '' ? null : key(v.trim(), ['account', 'muxed'], 'Invalid source account');
}

/** A Stellar body's operations and source_account as v1.8 will convert them, on their fields (a send's, a replacement's; either face). */
export function stellarBodyErrors(body: { operations?: unknown; source_account?: unknown }): Record<string, string> {
  const errors: Record<string, string> = {};
  const ops = Array.isArray(body.operations) ? stellarOperationsError(body.operations) : null;
  if (ops) errors.operations = ops;
  const source = typeof body.source_account === 'string' ? stellarSourceError(body.source_account) : null;
  if (source) errors.source_account = source;
  return errors;
}
