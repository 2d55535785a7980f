/** The review's warnings for a replacement: a paused or disabled relayer, a relayer mismatch, a status the server will not replace. */
import type { Relayer, Transaction } from '../../api/index.js';
import { relayerState } from '../relayer.js';
import { PENDING_STATUSES } from '../status.js';

/** The statuses a cancel or a replacement takes (core/status.ts). */
export const REPLACEABLE: readonly string[] = PENDING_STATUSES;

/** The OpenZeppelin Relayer v1.8 answers a Stellar replace or cancel with 200 and the transaction unchanged (stellar_transaction.rs). */
export const STELLAR_NOOP_WARNING = (action: 'replace' | 'cancel'): Warning => ({
  label: '⚠ Stellar',
  value: `the OpenZeppelin Relayer v1.8 answers a Stellar ${action} with 200 and does nothing: the answer is checked, and a transaction that comes back unchanged is reported as no effect`,
  tone: 'warn',
});

type Warning = { label: string; value: string; tone: 'warn' };

/**
 * The transaction's own `relayer_id`, when the server sent one that is not the relayer it was listed
 * under. The request goes to the relayer on screen (where the operator navigated), never to a field
 * the server returned; this says that they differ.
 */
export function relayerMismatch(relayerId: string, tx: Transaction): string | null {
  if (typeof tx.relayer_id !== 'string' || tx.relayer_id === relayerId) return null;
  return `the server says this transaction belongs to relayer ${tx.relayer_id}, but it was listed under ${relayerId}`;
}

/** Why a change to a relayer disabled by the system is refused (v1.8's update_relayer answers 400 "Relayer is disabled"): spec.ts Refusal `disabled`'s words. */
export const disabledChangeWords = (relayerId: string): string =>
  `relayer ${relayerId} is disabled by the system: the OpenZeppelin Relayer refuses any change to it (400 "Relayer is disabled") until the cause is fixed and it is re-enabled`;

/** Which face reads the words: the TUI (keys), headless (commands), or either (the how left out). */
export type WordsFace = 'keys' | 'commands' | 'either';

/**
 * Why the relayer will refuse the action now (the real server answers 403), or null; a paused one's
 * way out as the face names it (`P` in the TUI, `relayer-tui resume ID` headless: issue 53.5, a
 * headless refusal named the TUI's key).
 */
export function relayerBlocked(relayer: Relayer | undefined, what: string, face: WordsFace): string | null {
  const state = relayer ? relayerState(relayer) : 'active';
  return state === 'disabled' || state === 'paused' ? blockedWords(state, what, face, relayer?.id ?? '<id>') : null;
}

/** The words of a paused or disabled relayer's refusal of `what` (relayerBlocked; spec.ts refusalWords): a paused one's way out as the face names it. */
export function blockedWords(state: 'paused' | 'disabled', what: string, face: WordsFace, relayerId: string): string {
  if (state === 'disabled') return `the relayer is disabled by the system: the server refuses ${what} until it is re-enabled`;
  const how = face === 'keys' ? ' (P resumes it)' : face === 'commands' ? ` (relayer-tui resume ${relayerId})` : '';
  return `the relayer is paused: the server refuses ${what} until it is resumed${how}`;
}

/** `tx` undefined: the transaction could not be read (a headless `--body` replacement): the relayer's warning only. */
/** A body that is itself a NOOP (v1.8 make_noop: 0 to the sender, no data): the cancel stands. */
function isNoopBody(tx: Transaction, sent: Record<string, unknown>): boolean {
  const to = typeof sent.to === 'string' ? sent.to.toLowerCase() : undefined;
  const from = typeof tx.from === 'string' ? tx.from.toLowerCase() : undefined;
  const data = sent.data === undefined || sent.data === null || sent.data === '' || sent.data === '0x';
  return to !== undefined && to === from && String(sent.value ?? '') === '0' && data;
}

/** `sent`: the body as it goes (a replacement's), when known: a canceling one's warning says whether the cancel stands. */
export function reviewWarnings(relayerId: string, tx: Transaction | undefined, relayer?: Relayer, sent?: Record<string, unknown>): Warning[] {
  const out: Warning[] = [];
  // Said by both faces' reviews: the way out is the refusal's (each face names its own).
  const blocked = relayerBlocked(relayer, 'replacements', 'either');
  if (blocked) out.push({ label: '⚠ relayer', value: blocked, tone: 'warn' });
  if (!tx) return out;
  const mismatch = relayerMismatch(relayerId, tx);
  if (mismatch) out.push({ label: '⚠ relayer_id', value: `${mismatch}: the request goes to ${relayerId}, the relayer on screen`, tone: 'warn' });
  // v1.8's replace_transaction puts the new body in the NOOP's place and leaves is_canceled as it is
  // (evm_transaction.rs:1308-1412): once mined, its receipt is not a send to itself, so it is
  // confirmed as sent (status.rs:248-272) — the cancel undone: warned before a canceling one is bumped.
  if (tx.is_canceled === true && REPLACEABLE.includes(tx.status.toLowerCase()))
    out.push(
      sent && isNoopBody(tx, sent)
        ? { label: '⚠ canceling', value: 'a cancel of it is on its way (its NOOP): this replacement takes the NOOP\'s place and is itself one (0 to the relayer itself, no data): the cancel stands, re-priced', tone: 'warn' }
        : { label: '⚠ canceling', value: 'a cancel of it is on its way (its NOOP): this replacement takes the NOOP\'s place — the cancel is undone, and what is sent here goes through instead', tone: 'warn' },
    );
  if (!REPLACEABLE.includes(tx.status.toLowerCase()))
    out.push({ label: '⚠ status', value: `${tx.status}: only pending, sent or submitted can be replaced — the server will likely refuse`, tone: 'warn' });
  return out;
}
