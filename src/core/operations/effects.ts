/**
 * Effect checks: after a 2xx, what came back compared with what was asked. A replacement whose
 * transaction comes back as it was, a cancel whose transaction is neither `canceled` nor
 * `is_canceled`, a relayer patched that comes back otherwise (pause.ts): "the server answered success
 * but nothing changed" (the OpenZeppelin Relayer v1.8 answers 200 and does nothing for a Stellar replace or cancel).
 * Pure; the words hold raw server text (sanitize to draw).
 */
import { stringifyJson, type CancelPendingResult, type Notification, type PluginCallResult, type ReplacementGroup, type Transaction } from '../../api/index.js';
import { formatGwei, toBigInt } from '../amounts.js';
import type { Effect } from './pipeline.js';
import { PRICE_FIELDS } from './review.js';
import { shortId } from '../text/ids.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const short = (id: string) => shortId(id, 18, 18);

/** A value as text that does not depend on key order or on how an integer was spelled by the parser. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v) && v.constructor === Object)
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  return stringifyJson(v ?? null);
}

/** Whether two records are the same, field by field (what a server sends back unchanged). */
export function sameRecord(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

const TIME_FIELDS = new Set(['valid_until']);
const HEX_FIELDS = new Set(['to', 'data', 'from']);

/** Whether the answer's value is the one that was asked for: integers by value, hex without case, times by instant. */
function sameValue(field: string, asked: unknown, got: unknown): boolean {
  const [a, b] = [toBigInt(asked), toBigInt(got)];
  if (typeof asked !== 'string' || /^\d+$/.test(asked) || typeof asked === 'bigint') if (a !== undefined && b !== undefined) return a === b;
  if (TIME_FIELDS.has(field) && typeof asked === 'string' && typeof got === 'string') return Date.parse(asked) === Date.parse(got);
  if (HEX_FIELDS.has(field) && typeof asked === 'string' && typeof got === 'string') return asked.toLowerCase() === got.toLowerCase();
  return canonical(asked) === canonical(got);
}

const shown = (v: unknown) => {
  const t = typeof v === 'string' ? v : canonical(v);
  return t.length > 80 ? `${t.slice(0, 80)}…` : t;
};

/**
 * A replacement: the transaction came back as it was → no effect; a field that was sent and that the
 * answer carries, with another value → not as asked (a price may come back higher: the server
 * re-quotes and bumps, never lower); else as asked. `before` undefined: the transaction could not be
 * read first (a headless --body replacement on a server without a by-id lookup). `requotes`: the
 * server is the OpenZeppelin Relayer (it re-quotes EVM prices; it does nothing for a Stellar replace).
 */
export function replaceEffect(group: ReplacementGroup, before: Transaction | undefined, asked: Record<string, unknown>, requotes = false): (answer: unknown) => Effect {
  return (answer) => {
    if (!isObject(answer)) return { kind: 'unchecked', words: 'the answer is not a transaction' };
    const tx = answer as Transaction;
    if (before && sameRecord(before, tx))
      return {
        kind: 'no effect',
        words: `transaction ${short(tx.id)} came back exactly as it was${group === 'stellar' ? ' (the OpenZeppelin Relayer v1.8 does not replace Stellar transactions: it answers 200 and does nothing)' : ''}`,
      };
    const differs: string[] = [];
    let carried = 0;
    for (const [f, v] of Object.entries(asked)) {
      if (v === undefined || !(f in tx) || tx[f as keyof Transaction] === null || tx[f as keyof Transaction] === undefined) continue;
      const got = tx[f as keyof Transaction];
      if ((PRICE_FIELDS as readonly string[]).includes(f)) {
        // The OpenZeppelin Relayer re-quotes a replacement's prices from speed: what it chose is its own.
        if (requotes) continue;
        carried++;
        const [a, b] = [toBigInt(v), toBigInt(got)];
        if (a !== undefined && b !== undefined && b < a) differs.push(`${f}: asked ${a}, the server has ${b}`);
        continue;
      }
      carried++;
      if (!sameValue(f, v, got)) differs.push(`${f}: asked ${shown(v)}, the server has ${shown(got)}`);
    }
    if (differs.length) return { kind: 'not as asked', words: differs.join('; ') };
    // A Stellar answer is evidence only where it carries what the replacement changes: a transaction that
    // went on by itself (a new hash, confirmed) is not a replacement — v1.8 answers 200 and does nothing.
    if (group === 'stellar' && before) {
      // A Stellar transaction shows its max_fee as `fee`.
      const field = (f: string) => (f === 'max_fee' ? 'fee' : f) as keyof Transaction;
      const changed = Object.entries(asked).filter(([f, v]) => v !== undefined && v !== null && tx[field(f)] !== undefined && tx[field(f)] !== null && sameValue(f, v, tx[field(f)]) && !sameValue(f, v, before[field(f)]));
      if (changed.length === 0) {
        const moved = tx.status !== before.status ? ` (it is ${String(tx.status)} now: it went on by itself)` : '';
        return requotes
          ? { kind: 'no effect', words: `transaction ${short(tx.id)} carries none of what the replacement changes${moved}: the OpenZeppelin Relayer v1.8 does not replace Stellar transactions (it answers 200 and does nothing)` }
          : { kind: 'unchecked', words: `transaction ${short(tx.id)} carries none of what the replacement changes${moved}: whether it was replaced is not known — read it again (r)` };
      }
    }
    // Nothing that was sent is in the answer, and it is not the transaction as it was read: it may have
    // moved on by itself meanwhile (a list row is not fresh) — whether the replacement took is not known.
    if (carried === 0 && before)
      return { kind: 'unchecked', words: `the answer carries none of what was sent, and transaction ${short(tx.id)} is not as it was read (it may have moved on by itself): whether it was replaced is not known — read it again (r)` };
    if (!before) return { kind: 'unchecked', words: `the answer carries what was sent; transaction ${short(tx.id)} was not read before, so whether it changed cannot be told` };
    const hash = typeof tx.hash === 'string' && tx.hash !== before.hash ? `, new hash ${short(tx.hash)}` : '';
    return { kind: 'as asked', words: `transaction ${short(tx.id)} replaced: the answer carries what was sent${hash}${requotes ? priceSet(before, tx) : ''}` };
  };
}

/** What the server set (it quotes a replacement's price itself): `; the server set the price: max fee 3 gwei → 3.4 gwei (speed fast)`. */
function priceSet(before: Transaction, after: Transaction): string {
  const pairs: [string, unknown, unknown][] = [
    ['gas price', before.gas_price, after.gas_price],
    ['max fee', before.max_fee_per_gas, after.max_fee_per_gas],
    ['tip', before.max_priority_fee_per_gas, after.max_priority_fee_per_gas],
  ];
  const said = pairs.filter(([, a, b]) => toBigInt(a) !== undefined || toBigInt(b) !== undefined).map(([n, a, b]) => `${n} ${toBigInt(a) !== undefined ? formatGwei(a) : '—'} → ${toBigInt(b) !== undefined ? formatGwei(b) : '—'}`);
  return said.length ? `; the server set the price: ${said.join(', ')}${typeof after.speed === 'string' ? ` (speed ${after.speed})` : ''}` : '';
}

/**
 * A cancel: `canceled` → as asked; `is_canceled` (an EVM transaction already sent: a NOOP with the
 * same nonce replaces it and it turns canceled when that mines) → in flight; anything else → no effect.
 */
export function cancelEffect(before: Transaction | undefined, kind?: string): (answer: unknown) => Effect {
  return (answer) => {
    if (!isObject(answer) || typeof answer.status !== 'string') return { kind: 'unchecked', words: 'the answer is not a transaction' };
    const tx = answer as Transaction;
    const status = tx.status.toLowerCase();
    if (status === 'canceled') return { kind: 'as asked', words: `transaction ${short(tx.id)} is canceled` };
    if (tx.is_canceled === true)
      return {
        kind: 'in flight',
        words: `transaction ${short(tx.id)} is still ${tx.status}, marked canceling: a NOOP (0 value to itself, nonce ${tx.nonce ?? before?.nonce ?? '?'}) replaces it; it turns canceled when the NOOP is mined (or confirmed, still marked, if the original is mined first)`,
      };
    const same = before && sameRecord(before, tx) ? ' (it came back exactly as it was)' : '';
    const stellar = kind === 'stellar' ? ': the OpenZeppelin Relayer v1.8 does nothing for a Stellar cancel' : '';
    return { kind: 'no effect', words: `transaction ${short(tx.id)} is still ${tx.status}, not canceled${same}${stellar}` };
  };
}

/**
 * Cancelling every pending transaction. The server says which it queued; on the OpenZeppelin Relayer
 * v1.8 that queue does not cancel (its cancel job re-sends sent/submitted ones unchanged and skips
 * pending ones: jobs/handlers/transaction_submission_handler.rs), so queued ids are reported as the
 * server's words and not as canceled: unchecked. None queued → no effect.
 */
export const cancelPendingEffect = (reviewed: readonly string[], kind: string) => (answer: unknown): Effect => {
  if (!isObject(answer)) return { kind: 'unchecked', words: 'the answer is not a cancellation summary' };
  const r = answer as CancelPendingResult;
  const queued = r.queued_for_cancellation_transaction_ids ?? [];
  const failed = r.failed_to_queue_transaction_ids ?? [];
  const read = reviewed.length;
  const list = (ids: readonly string[]) => `${ids.slice(0, 20).map(short).join(', ')}${ids.length > 20 ? `, … ${ids.length - 20} more` : ''}`;
  const fails = failed.length ? `; ${failed.length} could not be queued: ${list(failed)}` : '';
  // The server takes what is pending when the request arrives, not what the review listed: compared.
  const listed = new Set(reviewed);
  const answered = new Set([...queued, ...failed].map(String));
  const unlisted = [...answered].filter((id) => !listed.has(id));
  const missing = reviewed.filter((id) => !answered.has(id));
  const differs = [
    ...(unlisted.length ? [`${unlisted.length} the review did not list (pending after it was read): ${list(unlisted)}`] : []),
    ...(missing.length ? [`${missing.length} it listed the server did not take (no longer pending when it arrived): ${list(missing)}`] : []),
  ];
  if (differs.length && (queued.length || failed.length))
    return { kind: 'not as asked', words: `not as reviewed: ${differs.join('; ')}; ${queued.length} queued for cancellation in all (the answer lists them)${fails}` };
  if (queued.length)
    return {
      kind: 'unchecked',
      words: `${queued.length} queued for cancellation${failed.length ? `, ${failed.length} could not be queued` : ''}, the ones reviewed — not checked: the OpenZeppelin Relayer v1.8 re-sends queued ones rather than cancelling them; cancelling each one (X, or relayer-tui cancel <relayer> <tx>) is certain. Queued: ${list(queued)}${fails}`,
    };
  if (failed.length) return { kind: 'no effect', words: `none queued for cancellation${fails}` };
  if (kind === 'stellar') return { kind: 'no effect', words: `the server queued none of the ${read} read as pending: the OpenZeppelin Relayer v1.8 does nothing here for a Stellar relayer` };
  return { kind: 'no effect', words: read ? `the server queued none of the ${read} read as pending just before${missing.length ? ` (${list(missing)})` : ''}` : 'there was nothing pending to cancel' };
};

/** A notification: the answer names the URL (and the id, when one was given) and whether a key is set, as sent. */
export function notifyEffect(asked: { url: string; id?: string; signingKey: boolean }): (answer: unknown) => Effect {
  return (answer) => {
    if (!isObject(answer)) return { kind: 'unchecked', words: 'the answer is not a notification' };
    const n = answer as Notification;
    const differs: string[] = [];
    if (typeof n.url === 'string' && n.url !== asked.url) differs.push(`url: asked ${shown(asked.url)}, the server has ${shown(n.url)}`);
    if (asked.id && n.id !== asked.id) differs.push(`id: asked ${shown(asked.id)}, the server has ${shown(n.id)}`);
    if (typeof n.has_signing_key === 'boolean' && n.has_signing_key !== asked.signingKey)
      differs.push(`signing key: ${asked.signingKey ? 'sent, but the server says none is set' : 'not sent, but the server says one is set'}`);
    if (differs.length) return { kind: 'not as asked', words: differs.join('; ') };
    return { kind: 'as asked', words: `notification ${short(String(n.id))} created` };
  };
}

/** A plugin call: its own failure is its answer; what a plugin does is its own (not checked). */
export function pluginEffect(answer: unknown): Effect {
  const r = answer as PluginCallResult;
  if (r && r.success === false) {
    const code = r.code !== undefined && r.code !== null ? ` (code ${canonical(r.code).slice(0, 80)})` : '';
    return { kind: 'answered with a failure', words: `${r.error ?? (r.raw ? 'a bare failure' : 'no message')}${code}` };
  }
  return { kind: 'as asked', words: `the plugin answered${r?.raw ? ' (raw response: its result bare)' : ''}` };
}
