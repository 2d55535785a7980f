/**
 * Settling an unknown outcome: a send the ledger left "outcome unknown" (a timeout, a reset, a line
 * that dropped) is read back from the server — did the replacement, the cancel, the patch of a
 * relayer take effect? Both faces call `settleCheck` and write what it says as a new ledger line (src/ledger/audit.ts);
 * the old line is never rewritten. The request path comes from the ledger's own record of what was
 * sent (the operator's navigation then), never from a field the server returned. Pure of any face.
 */
import { ApiError, parseJson, stringifyJson, type RelayerClient, type Transaction } from '../../api/index.js';
import { findRelayer, findTransaction } from '../lookup.js';
import { replaceEffect } from './effects.js';
import { shortId } from '../text/ids.js';
import { OPERATIONS } from './registry.js';
import { recordedOperation, type SentRecord } from './recorded.js';

export { recordedOperation, type SentRecord } from './recorded.js';

/** What a read-back showed: it took effect, it did not, it is on its way (a cancel's NOOP), or the read could not tell. */
export type SettleOutcome = 'applied' | 'not applied' | 'in flight' | 'unknown';

export interface SettleResult {
  outcome: SettleOutcome;
  /** In words (raw server text possibly inside: sanitize to draw). */
  words: string;
}

/** What a send is read back as: its transaction, its relayer (with the merge patch sent), or nothing (why). */
type Settled = { kind: 'replace' | 'cancel' | 'created'; relayerId: string; txId: string } | { kind: 'relayer'; relayerId: string } | { kind: 'none'; why: string };

/** What kind of read-back a send needs, and what it names: its operation's entry (registry.ts). */
export function settleTarget(r: SentRecord): Settled {
  const rec = recordedOperation(r);
  if ('unknown' in rec) return { kind: 'none', why: rec.unknown };
  const back = OPERATIONS[rec.op].readBack;
  const t = rec.target;
  if (back.kind === 'none') return { kind: 'none', why: back.why };
  if (!t.relayerId) return { kind: 'none', why: 'the ledger line names no relayer' };
  if (back.kind === 'relayer') return { kind: 'relayer', relayerId: t.relayerId };
  if (back.kind === 'created') return r.done?.answer_id ? { kind: 'created', relayerId: t.relayerId, txId: r.done.answer_id } : { kind: 'none', why: 'the ledger has no id for the transaction it made (its answer was not read)' };
  if (!t.txId) return { kind: 'none', why: 'the ledger line names no transaction' };
  return { kind: back.as, relayerId: t.relayerId, txId: t.txId };
}

/** A value as compared and said (numbers, big ones as their digits, and strings alike: the server may send either). */
const canon = (v: unknown): string => (v !== null && typeof v === 'object' ? stringifyJson(v) : String(v));

/**
 * Where a relayer as read differs from a JSON merge patch (RFC 7396) that was sent: each field of the
 * patch, by its path — null asks for the field to be gone; an object, field by field.
 */
function patchDiffers(patch: Record<string, unknown>, now: unknown, at: string): { differs: string[]; carried: string[] } {
  const out = { differs: [] as string[], carried: [] as string[] };
  const here = now !== null && typeof now === 'object' && !Array.isArray(now) ? (now as Record<string, unknown>) : {};
  for (const [k, v] of Object.entries(patch)) {
    const path = `${at}${k}`;
    const has = here[k];
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const inner = patchDiffers(v as Record<string, unknown>, has, `${path}.`);
      out.differs.push(...inner.differs);
      out.carried.push(...inner.carried);
    } else if (v === null) (has === undefined || has === null ? out.carried : out.differs).push(has === undefined || has === null ? `${path} unset` : `${path} is ${canon(has).slice(0, 40)}, asked unset`);
    else if (has !== undefined && canon(has) === canon(v)) out.carried.push(`${path}: ${canon(v).slice(0, 40)}`);
    else out.differs.push(`${path} is ${has === undefined ? 'not shown' : canon(has).slice(0, 40)}, asked ${canon(v).slice(0, 40)}`);
  }
  return out;
}

const short = (id: string) => shortId(id, 18, 18);

/**
 * Reads the target of a send back and says whether the send took effect. A read that fails (the
 * server down, a 401) rejects with its ApiError: nothing is settled then, and nothing is written.
 */
export async function settleCheck(r: SentRecord, client: RelayerClient): Promise<SettleResult> {
  const t = settleTarget(r);
  if (t.kind === 'none') return { outcome: 'unknown', words: t.why };
  await client.detectDialect();
  if (t.kind === 'relayer') {
    let asked: unknown;
    try {
      asked = parseJson(r.body);
    } catch {
      asked = undefined;
    }
    if (asked === null || typeof asked !== 'object' || Array.isArray(asked) || !Object.keys(asked).length) return { outcome: 'unknown', words: 'the body in the ledger is not a patch that can be compared' };
    const relayer = await findRelayer(client, t.relayerId);
    if (!relayer) return { outcome: 'unknown', words: `relayer ${short(t.relayerId)} is not among the server's relayers now` };
    const { differs, carried } = patchDiffers(asked as Record<string, unknown>, relayer, '');
    return differs.length
      ? { outcome: 'not applied', words: `relayer ${short(t.relayerId)} does not carry what was sent: ${differs.join('; ')}` }
      : { outcome: 'applied', words: `relayer ${short(t.relayerId)} carries what was sent (${carried.join(', ')}), as asked` };
  }
  const found = await findTransaction(client, t.relayerId, t.txId);
  if (!found.tx) return { outcome: 'unknown', words: `transaction ${short(t.txId)} ${found.how}` };
  const tx: Transaction = found.tx;
  // A new transaction (a send, a withdrawal): accepted when answered; final, mined or not, only later.
  if (t.kind === 'created') {
    const status = String(tx.status).toLowerCase();
    const reason = tx.status_reason ? `: ${String(tx.status_reason).slice(0, 300)}` : '';
    if (status === 'confirmed' || status === 'mined') return { outcome: 'applied', words: `transaction ${short(tx.id)} is ${status}` };
    if (status === 'failed' || status === 'canceled' || status === 'expired') return { outcome: 'not applied', words: `transaction ${short(tx.id)} is ${status}${reason}` };
    return { outcome: 'in flight', words: `transaction ${short(tx.id)} is ${status}: not final yet` };
  }
  if (t.kind === 'cancel') {
    const status = String(tx.status).toLowerCase();
    if (status === 'canceled') return { outcome: 'applied', words: `transaction ${short(tx.id)} is canceled` };
    // Confirmed: the original went through (v1.8 confirms a canceled one as Canceled only when the
    // receipt is its NOOP's, to itself; the original mined first is Confirmed, still marked:
    // evm/status.rs:248-272). Mined: either, awaiting its confirmations — not final yet.
    if (status === 'confirmed') return { outcome: 'not applied', words: `transaction ${short(tx.id)} is confirmed${tx.is_canceled === true ? ', still marked canceling: the original was mined before its NOOP' : ', not canceled'}` };
    if (status === 'mined' && tx.is_canceled === true) return { outcome: 'in flight', words: `transaction ${short(tx.id)} is mined, marked canceling: awaiting its confirmations (canceled if what was mined is its NOOP, confirmed if the original)` };
    if (status === 'mined') return { outcome: 'not applied', words: `transaction ${short(tx.id)} is mined, not marked canceling` };
    if (status === 'failed' || status === 'expired') return { outcome: 'not applied', words: `transaction ${short(tx.id)} is ${status}, not canceled${tx.status_reason ? `: ${String(tx.status_reason).slice(0, 300)}` : ''}` };
    if (tx.is_canceled === true) return { outcome: 'in flight', words: `transaction ${short(tx.id)} is ${tx.status}, marked canceling: the cancel was accepted (a NOOP with its nonce replaces it)` };
    return { outcome: 'not applied', words: `transaction ${short(tx.id)} is ${tx.status}, not canceled nor marked canceling` };
  }
  let asked: Record<string, unknown>;
  try {
    asked = parseJson(r.body) as Record<string, unknown>;
  } catch {
    return { outcome: 'unknown', words: 'the body in the ledger cannot be read, so it cannot be compared' };
  }
  if (typeof asked !== 'object' || asked === null || Array.isArray(asked)) return { outcome: 'unknown', words: 'the body in the ledger is not an object, so it cannot be compared' };
  // The same comparison as the effect check, against the transaction as it is now.
  const effect = replaceEffect('evm', undefined, asked, client.dialect().dialect === 'openzeppelin')(tx);
  if (effect.kind === 'not as asked') return { outcome: 'not applied', words: `transaction ${short(tx.id)} (${tx.status}) does not carry what was sent: ${effect.words}` };
  const carried = Object.entries(asked).filter(([f, v]) => v !== undefined && v !== null && tx[f as keyof Transaction] !== undefined && tx[f as keyof Transaction] !== null).length;
  if (carried === 0) return { outcome: 'unknown', words: `transaction ${short(tx.id)} (${tx.status}) shows none of the fields that were sent: whether it was replaced cannot be told` };
  if (effect.kind === 'unchecked')
    return { outcome: 'applied', words: `transaction ${short(tx.id)} (${tx.status}) carries what was sent: the replacement took effect` };
  return { outcome: 'unknown', words: `transaction ${short(tx.id)} (${tx.status}): ${effect.words}` };
}

/** The message of a read-back that could not be made (nothing is written then). */
export function settleFailure(e: unknown): string {
  return e instanceof ApiError ? e.message : e instanceof Error ? e.message : String(e);
}
