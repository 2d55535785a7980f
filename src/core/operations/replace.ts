/**
 * Replace a transaction (PUT /relayers/{rid}/transactions/{tid}) with a new body of its relayer's
 * network kind — EVM (evm.ts), Solana (solana.ts), Stellar (stellar.ts) — reviewed before → after
 * against the transaction as read. An executable spec with a form (spec.ts `replaceSpec`): e on a
 * transaction opens it in the one generic screen (the triage view's e a step up: `bump`), its fields
 * the network kind's; `relayer-tui replace RELAYER TX` fills the same form from its flags over the
 * transaction's values, or sends a whole body (`--body FILE|-`, any network kind, every integer kept
 * exactly). Refused before sending where v1.8 refuses it (a paused or disabled relayer, a Solana one,
 * a status it does not replace); its relayer's jam said first in both faces' reviews.
 */
import { ApiError, JsonSyntaxError, normalizeReplacement, parseJson, prepareReplaceTransaction, replacementGroup, type DialectState, type Relayer, type RelayerClient, type ReplacementRequest, type Transaction } from '../../api/index.js';
import { addressProblem } from '../address.js';
import { actionMisfit, behindJamWords, bumpOfBlockerWords, diagnosedAtWords } from '../jam/words.js';
import { readJamForReview, type JamRead } from '../jam/read.js';
import { findRelayer, findTransaction } from '../lookup.js';
import { networkKind, relayerState } from '../relayer.js';
import { isNotFinal, statusWords } from '../status.js';
import { nonceOf } from '../triage/rules.js';
import { relayerBasis, txBasis } from './basis.js';
import { replaceEffect } from './effects.js';
import { EVM_FIELD_FLAGS, evmBumpedValues, evmForm, evmInitialValues } from './evm.js';
import { OPERATIONS, type OperationTarget } from './registry.js';
import { ASKED_PRICES_REFUSED, PRICE_FIELDS, priceCheck, replacementChanges, type ReviewLine } from './review.js';
import { replaceStatusProblem } from './replaceStatus.js';
import { reviewWarnings, STELLAR_NOOP_WARNING } from './reviewWarnings.js';
import { solanaForm, solanaInitialValues } from './solana.js';
import { besideBody, type Built, type NotesContext, type NotFound, type OperationSpec, type Refusal } from './spec.js';
import { stellarForm, stellarInitialValues } from './stellar.js';
import type { BuiltRequest, FormDefinition, Values } from './types.js';
import { jsonCheck } from './validators.js';

/**
 * What a replacement rests on: the relayer and the transaction as read (`tx` undefined: it could not
 * be read, `how` says why: a whole body is still sent, warned), the server's dialect as read (the
 * OpenZeppelin Relayer refuses what others take; a Stellar memo's bytes differ), its relayer's jam
 * (EVM; undefined: not read) and when, and `bump`: opened from the triage view a step up.
 */
export interface ReplaceInput {
  target: OperationTarget & { relayerId: string; txId: string };
  relayer: Relayer;
  tx: Transaction | undefined;
  how: string;
  dialect: DialectState;
  jam?: JamRead | undefined;
  jamAt?: number | undefined;
  bump?: boolean;
}

/** An EVM or Solana body's flags (flag → the form's field); a Stellar one is given whole (--body). */
const REPLACE_FLAGS: Record<'evm' | 'solana', Readonly<Record<string, string>>> = { evm: EVM_FIELD_FLAGS, solana: { transaction: 'transaction' } };
const ALL_FLAGS: Readonly<Record<string, string>> = { ...REPLACE_FLAGS.evm, ...REPLACE_FLAGS.solana };

const kindOf = (i: Pick<ReplaceInput, 'relayer' | 'tx'>) => networkKind(i.relayer.network_type, i.tx);
const openzeppelin = (i: ReplaceInput) => i.dialect.dialect === 'openzeppelin';

/** Why no replacement is sent (typed: spec.ts refusalWords says it), or null. */
export function replaceRefusal(i: ReplaceInput): Refusal | null {
  const relayerId = i.target.relayerId;
  const kind = kindOf(i);
  if (kind === 'unknown') return { kind: 'unknown-network', relayerId, networkType: i.relayer.network_type };
  if (kind === 'solana' && openzeppelin(i)) return { kind: 'solana-replace' };
  // A paused or disabled relayer as read: v1.8 answers 403 (validate_active_state); another server is warned about (reviewWarnings).
  const state = relayerState(i.relayer);
  if (openzeppelin(i) && state !== 'active') return { kind: 'inactive', relayerId, state, what: 'replacements' };
  return replaceStatusProblem(kind, i.dialect.dialect, i.tx);
}

/** The form of the relayer's network kind on the transaction as read (none without it, or where the kind is not known). */
function kindForm(i: ReplaceInput): FormDefinition | null {
  const tx = i.tx;
  const kind = kindOf(i);
  if (!tx || kind === 'unknown') return null;
  const { relayerId } = i.target;
  const dialect = () => i.dialect;
  return kind === 'solana' ? solanaForm(relayerId, i.relayer, tx) : kind === 'stellar' ? stellarForm(relayerId, i.relayer, tx, dialect) : evmForm(relayerId, i.relayer, tx, dialect);
}

/** The form's first values: the transaction's own (EVM a step up where `bump`), Stellar's and Solana's from it. */
function initialValues(i: ReplaceInput): Values {
  const tx = i.tx;
  if (!tx) return {};
  const kind = kindOf(i);
  if (kind === 'solana') return solanaInitialValues(tx);
  if (kind === 'stellar') return stellarInitialValues(i.relayer, tx);
  if (kind === 'unknown') return {};
  return i.bump ? evmBumpedValues(tx, openzeppelin(i)) : evmInitialValues(tx);
}

/** A whole body (headless `--body`): parsed losslessly, checked by the API module, encoded in the server's dialect; its errors said on `--body`. */
function bodyReplacement(i: ReplaceInput, text: string): Built {
  const { relayerId, txId } = i.target;
  const { tx } = i;
  const dialect = i.dialect.dialect;
  const usage = (words: string): Built => ({ errors: { _form: words } });
  let body: unknown;
  try {
    body = parseJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) return usage(`--body: ${jsonCheck(text)}`);
    throw e;
  }
  let prepared;
  let normal: Record<string, unknown>;
  try {
    const group = replacementGroup(body);
    const kind = kindOf(i);
    if (group !== kind) return usage(`--body is a${group === 'evm' ? 'n EVM' : group === 'solana' ? ' Solana' : ' Stellar'} body, but relayer ${relayerId} is ${kind}`);
    prepared = prepareReplaceTransaction(relayerId, txId, body as ReplacementRequest, dialect);
    normal = normalizeReplacement(body as ReplacementRequest, dialect).body;
  } catch (e) {
    if (e instanceof ApiError) return usage(`--body: ${e.message}`);
    throw e;
  }
  const group = replacementGroup(body);
  // The one address rule (core/address.ts), as the form's `to` field has it: a wrong EIP-55 checksum is a typo.
  // (The transaction's own `to`, kept, is what the server already holds: never refused here.)
  const toProblem = group === 'evm' && typeof normal.to === 'string' && normal.to !== '' && normal.to !== tx?.to ? addressProblem(normal.to) : null;
  if (toProblem) return usage(`--body: to: ${toProblem}`);
  // v1.8 discards a replacement's asked prices (for_replacement): refused before sending, as the form refuses them.
  const askedPrices = PRICE_FIELDS.filter((f) => normal[f] !== undefined && normal[f] !== null);
  if (dialect === 'openzeppelin' && group === 'evm' && askedPrices.length) return usage(`--body: ${askedPrices.join(', ')}: ${ASKED_PRICES_REFUSED}`);
  const review: ReviewLine[] = reviewWarnings(relayerId, tx, i.relayer);
  if (!tx) review.push({ label: '⚠ before', value: `transaction ${txId} ${i.how}: what it replaces is not shown`, tone: 'warn' });
  if (tx) {
    // The same before → after as the TUI's review, from the exact body that will be sent.
    const prices = priceCheck(tx, normal, i.dialect);
    const bad = Object.entries(prices.errors)[0];
    if (bad) return usage(`--body: ${bad[0]}: ${bad[1]}`);
    review.push(...prices.warnings, ...replacementChanges(group, tx, normal));
  }
  if (group === 'stellar' && dialect === 'openzeppelin') review.unshift(STELLAR_NOOP_WARNING('replace'));
  const request: BuiltRequest = {
    op: 'replace',
    target: { relayerId, txId },
    what: `Replace transaction ${txId} of relayer ${relayerId}`,
    prepared,
    review,
    send: (c, options) => c.replaceTransaction(relayerId, txId, body as ReplacementRequest, { ...options, dialect }),
    effect: replaceEffect(group, tx, normal, dialect === 'openzeppelin'),
  };
  return { request };
}

/**
 * Its relayer's jam, the same in both faces (the fixes named for the face): a bump of a blocker held
 * at its cap stays jammed; one that waits behind the jam cannot be mined before its blocker; with when
 * it was diagnosed. None where no jam is known.
 */
export function replaceJamNotes(i: ReplaceInput, context: Pick<NotesContext, 'face'>): ReviewLine[] {
  const jam = i.jam?.kind === 'diagnosed' && i.jam.diagnosis.kind === 'jam' ? i.jam.diagnosis.jam : undefined;
  if (!jam || !i.tx) return [];
  const face = context.face === 'keys' ? ({ kind: 'keys' } as const) : ({ kind: 'commands', relayerId: i.target.relayerId } as const);
  const nonce = nonceOf(i.tx);
  const misfit = actionMisfit(jam, 'bump', nonce, face);
  if (misfit) return [{ label: '⚠ stays jammed', value: misfit + diagnosedAtWords(i.jamAt), tone: 'warn' }];
  const behind = behindJamWords(jam, i.tx.id, nonce, face);
  if (behind) return [{ label: '⚠ behind a jam', value: behind + diagnosedAtWords(i.jamAt), tone: 'warn' }];
  // Its blocker: what waits, and what the replacement is expected to do (as a cancel's review says).
  return jam.blocker_id === i.tx.id ? [{ label: 'what waits', value: bumpOfBlockerWords(jam, face) + diagnosedAtWords(i.jamAt) }] : [];
}

/** The relayer and the transaction read now, then the relayer's jam where its notes are said (an EVM replacement not refused). */
async function readReplace(client: RelayerClient, target: OperationTarget, signal?: AbortSignal): Promise<ReplaceInput | NotFound> {
  const relayerId = target.relayerId ?? '';
  const txId = target.txId ?? '';
  const dialect = await client.detectDialect(signal);
  const relayer = await findRelayer(client, relayerId, signal ? { signal } : {});
  if (!relayer) return { notFound: { what: 'relayer', id: relayerId } };
  const found = await findTransaction(client, relayerId, txId, signal);
  const input: ReplaceInput = { target: { relayerId, txId }, relayer, tx: found.tx, how: found.how, dialect };
  if (replaceRefusal(input) || !found.tx || kindOf(input) !== 'evm') return input;
  return { ...input, ...(await readJamForReview(client, relayer, signal)) };
}

export const replaceSpec: OperationSpec<'replace', ReplaceInput> = {
  kind: 'replace',
  entry: OPERATIONS.replace,
  read: readReplace,
  // The row the TUI's list read, its relayer as the directory has it, its jam as last read; `bump` from the triage view.
  known: (client, target, relayer, seen) =>
    seen?.tx && relayer
      ? { target: { relayerId: target.relayerId ?? relayer.id, txId: target.txId ?? seen.tx.id }, relayer, tx: seen.tx, how: 'read by its list', dialect: client.dialect(), jam: seen.jam, jamAt: seen.jamAt, ...(seen.bump ? { bump: true } : {}) }
      : null,
  refusal: replaceRefusal,
  refusedLead: 'No replacement',
  // A status v1.8 does not replace, met on an EVM form (read again before sending): said on its value.
  refusalField: (r, i) => (r.kind === 'not-replaceable' && kindOf(i) === 'evm' ? 'value' : undefined),
  form: (i) => {
    const def = kindForm(i);
    const kind = kindOf(i);
    const tx = i.tx;
    return {
      title: `${i.bump && kind === 'evm' ? 'bump' : 'replace'} ${kind.toUpperCase()} tx ${tx?.id ?? i.target.txId} (${tx?.status ?? '?'})`,
      fields: (def?.fields ?? []).map(besideBody),
      ...(def?.focus !== undefined ? { focus: def.focus } : {}),
      initial: initialValues(i),
      ...(tx && !isNotFinal(tx) ? { stale: `the transaction is now ${statusWords(tx)} (final)` } : {}),
    };
  },
  fileOptions: ['body'],
  // The fields' flags over the transaction's own values (the form's start), or a whole body.
  fromFlags: ({ flags: f, files }) => {
    const flags = Object.keys(ALL_FLAGS).filter((k) => f[k] !== undefined);
    if (f.body !== undefined) return flags.length ? { usage: `--body is the whole body: not with --${flags[0]}` } : { values: { body: files?.body ?? '' }, given: { body: 'body' } };
    if (!flags.length) return { usage: 'nothing to send: give --body FILE|- or the fields (--value … for EVM, --transaction for Solana)' };
    const values: Values = {};
    const given: Record<string, string> = {};
    for (const flag of flags) {
      values[ALL_FLAGS[flag]!] = f[flag]!;
      given[ALL_FLAGS[flag]!] = flag;
    }
    return { values, given };
  },
  flagsMisfit: (i, given) => {
    if (given.body !== undefined) return null;
    const { relayerId, txId } = i.target;
    const kind = kindOf(i);
    if (kind === 'stellar') return `relayer ${relayerId} is a Stellar relayer: give the whole body with --body FILE|- (the TUI's form builds operations)`;
    if (kind !== 'evm' && kind !== 'solana') return null;
    const other = kind === 'evm' ? 'solana' : 'evm';
    const stray = Object.values(given).find((flag) => flag in REPLACE_FLAGS[other] && !(flag in REPLACE_FLAGS[kind]));
    if (stray) return `--${stray} is for ${other === 'evm' ? 'EVM' : 'Solana'} relayers; relayer ${relayerId} is ${kind}`;
    if (!i.tx) return { notFound: { what: 'transaction', id: txId, how: `${i.how}: the flags start from its current values, so without it give the whole body with --body` } };
    return null;
  },
  build: (i, v) => {
    if (v.body !== undefined) return bodyReplacement(i, v.body);
    const def = kindForm(i);
    if (!def) return { errors: { _form: `transaction ${i.target.txId} ${i.how}: nothing to replace it from` } };
    return def.build(v);
  },
  reviewNotes: replaceJamNotes,
  // Its relayer's jam is said first (a bump that leaves it jammed is said so before it is sent).
  notesFirst: true,
  // Built on the transaction as read (its status, nonce, prices) and the relayer's policies: sent only if they are still so.
  basis: (i) => `${txBasis(i.tx)}|${relayerBasis(i.relayer)}`,
  events: (answer, i) => [{ kind: 'transaction', relayerId: i.target.relayerId, txId: i.target.txId, transaction: answer as Transaction }],
  restsOnJam: true,
};
