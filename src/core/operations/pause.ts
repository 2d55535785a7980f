/**
 * Pause or resume a relayer: PATCH /relayers/{rid} with exactly {"paused": true|false} (a JSON merge
 * patch: nothing else is sent, so nothing else changes). The OpenZeppelin Relayer v1.8 refuses any
 * PATCH of a system-disabled relayer (400 "Relayer is disabled"): refused here before sending. A
 * paused relayer answers 403 "Relayer paused" to sends, replacements, cancels, signing and JSON-RPC;
 * work already queued goes on (its workers do not read `paused`).
 * Both are executable specs (spec.ts): `pauseSpec` and `resumeSpec` drive the TUI's review and the
 * `pause` / `resume` subcommands alike.
 */
import { prepareSetPaused, type Relayer, type RelayerClient } from '../../api/index.js';
import type { Refusal as RefusalWords } from './cancel.js';
import type { Effect } from './pipeline.js';
import { shortId } from '../text/ids.js';
import type { ReviewLine } from './review.js';
import type { BuiltRequest } from './types.js';
import { relayerState } from '../relayer.js';
import { relayerBasis } from './basis.js';
import { OPERATIONS, type OperationTarget } from './registry.js';
import { refusalWords, type NotFound, type Refusal, type ReviewOnlySpec } from './spec.js';
import { findRelayer } from '../lookup.js';

/** What a pause or resume rests on: the relayer as read, and whether the server offers PATCH /relayers/{id}. */
export interface PauseInput {
  target: OperationTarget & { relayerId: string };
  relayer: Relayer | undefined;
  /** `client.supports('pause')` (false: a server of the interface document, refused before sending). */
  offered: boolean | undefined;
}

/** Why a pause or resume is not sent (typed; spec.ts refusalWords says it). */
export function pauseRefusal(paused: boolean, i: PauseInput): Refusal | null {
  if (i.offered === false) return { kind: 'not-offered', doing: paused ? 'pausing' : 'resuming', endpoint: 'PATCH /relayers/{id}' };
  if (i.relayer && relayerState(i.relayer) === 'disabled') return { kind: 'disabled', relayerId: i.target.relayerId };
  return null;
}

/** The review's lines of a pause or resume: already so, not read first, what happens, what is sent. */
export function pauseNotes(paused: boolean, { target: { relayerId }, relayer }: PauseInput): ReviewLine[] {
  const review: ReviewLine[] = [];
  if (relayer && relayer.paused === paused) review.push({ label: '⚠ already', value: `relayer ${relayerId} is already ${paused ? 'paused' : 'active'}: nothing will change`, tone: 'warn' });
  if (!relayer) review.push({ label: '⚠ before', value: `relayer ${relayerId} could not be read first: its state now is not known`, tone: 'warn' });
  review.push({
    label: 'what happens',
    value: paused
      ? 'the server refuses new transactions, replacements, cancels, signing and JSON-RPC for it (403 "Relayer paused") until it is resumed; transactions already queued go on'
      : 'the server accepts transactions, replacements and cancels for it again',
  });
  review.push({ label: 'sent', value: `exactly {"paused": ${paused}}: no other field of the relayer is touched` });
  return review;
}

/** The request of a pause or resume (its review lines are pauseNotes). */
export function pauseBuild(paused: boolean, { target: { relayerId }, relayer }: PauseInput): BuiltRequest {
  return {
    ...(relayer && relayer.paused === paused ? { already: `relayer ${relayerId} is already ${paused ? 'paused' : 'active'}` } : {}),
    op: paused ? 'pause' : 'resume',
    target: { relayerId },
    what: `${paused ? 'Pause' : 'Resume'} relayer ${relayerId}`,
    prepared: prepareSetPaused(relayerId, paused),
    send: (client, options) => client.setPaused(relayerId, paused, options),
    effect: pauseEffect(paused, relayer),
  };
}

/** A pause or resume as one call (its refusal in words, else the request with its notes): what tests and older callers take. */
export function pauseRequest(relayerId: string, relayer: Relayer | undefined, paused: boolean, offered: boolean | undefined): BuiltRequest | RefusalWords {
  const input: PauseInput = { target: { relayerId }, relayer, offered };
  const refused = pauseRefusal(paused, input);
  if (refused) return { refuse: refusalWords(refused, 'keys') };
  const built = pauseBuild(paused, input);
  return { ...built, review: pauseNotes(paused, input) };
}

const short = (id: string) => shortId(id, 18, 18);

/** Pause or resume: the relayer as answered is in the state asked → as asked (said when it already was); else no effect. */
export function pauseEffect(paused: boolean, before: Relayer | undefined): (answer: unknown) => Effect {
  return (answer) => {
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return { kind: 'unchecked', words: 'the answer is not a relayer' };
    const r = answer as Relayer;
    const word = paused ? 'paused' : 'resumed (not paused)';
    // It already was: nothing changed (never called done).
    if (r.paused === paused && before && before.paused === paused) return { kind: 'no effect', words: `relayer ${short(r.id)} already was ${paused ? 'paused' : 'not paused'}` };
    if (r.paused === paused) return { kind: 'as asked', words: `relayer ${short(r.id)} ${word}${!paused && r.system_disabled ? '; it is still disabled by the system' : ''}` };
    if (typeof r.paused !== 'boolean') return { kind: 'unchecked', words: `relayer ${short(r.id)} came back without its paused state` };
    return { kind: 'no effect', words: `relayer ${short(r.id)} came back ${r.paused ? 'paused' : 'not paused'}` };
  };
}

/** The relayer read now (the dialect first: whether PATCH is offered is known from it). */
async function readPause(client: RelayerClient, target: OperationTarget, signal?: AbortSignal): Promise<PauseInput | NotFound> {
  const relayerId = target.relayerId ?? '';
  await client.detectDialect(signal);
  const relayer = await findRelayer(client, relayerId, signal ? { signal } : {});
  if (!relayer) return { notFound: { what: 'relayer', id: relayerId } };
  return { target: { relayerId }, relayer, offered: client.supports('pause') };
}

function pauseSpecOf<K extends 'pause' | 'resume'>(kind: K): ReviewOnlySpec<K, PauseInput> {
  const paused = kind === 'pause';
  return {
    kind,
    entry: OPERATIONS[kind],
    read: readPause,
    known: (client, target, relayer) => (relayer ? { target: { relayerId: target.relayerId ?? relayer.id }, relayer, offered: client.supports('pause') } : null),
    refusal: (i) => pauseRefusal(paused, i),
    build: (i) => pauseBuild(paused, i),
    reviewNotes: (i) => pauseNotes(paused, i),
    // Built on the relayer as read (paused, disabled): sent only if it is still so.
    basis: (i) => relayerBasis(i.relayer),
    events: (answer, i) =>
      typeof answer === 'object' && answer !== null && !Array.isArray(answer)
        ? [{ kind: 'relayer', relayerId: i.target.relayerId, relayer: answer as Relayer }]
        : [{ kind: 'relayer', relayerId: i.target.relayerId }],
  };
}

export const pauseSpec = pauseSpecOf('pause');
export const resumeSpec = pauseSpecOf('resume');
