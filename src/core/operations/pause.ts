/**
 * Pause or resume a relayer: PATCH /relayers/{rid} with exactly {"paused": true|false} (a JSON merge
 * patch: nothing else is sent, so nothing else changes). The OpenZeppelin Relayer v1.8 refuses any
 * PATCH of a system-disabled relayer (400 "Relayer is disabled"): refused here before sending. A
 * paused relayer answers 403 "Relayer paused" to sends, replacements, cancels, signing and JSON-RPC;
 * work already queued goes on (its workers do not read `paused`).
 */
import { prepareSetPaused, type Relayer } from '../../api/index.js';
import type { Refusal } from './cancel.js';
import type { Effect } from './pipeline.js';
import { shortId } from '../text/ids.js';
import type { ReviewLine } from './review.js';
import type { BuiltRequest, ReviewInput } from './types.js';
import { disabledChangeRefusal } from './reviewWarnings.js';

/** `offered`: `client.supports('pause')` (false: a server of the interface document, refused before sending). */
export function pauseRequest(relayerId: string, relayer: Relayer | undefined, paused: boolean, offered: boolean | undefined): BuiltRequest | Refusal {
  const verb = paused ? 'pause' : 'resume';
  if (offered === false) return { refuse: `${paused ? 'pausing' : 'resuming'} is the OpenZeppelin Relayer’s (PATCH /relayers/{id}); this server is not it` };
  const disabled = disabledChangeRefusal(relayerId, relayer);
  if (disabled) return { refuse: disabled };
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
  return {
    ...(relayer && relayer.paused === paused ? { already: `relayer ${relayerId} is already ${paused ? 'paused' : 'active'}` } : {}),
    op: paused ? 'pause' : 'resume',
    target: { relayerId },
    what: `${paused ? 'Pause' : 'Resume'} relayer ${relayerId}`,
    prepared: prepareSetPaused(relayerId, paused),
    review,
    send: (client, options) => client.setPaused(relayerId, paused, options),
    effect: pauseEffect(paused, relayer),
  };
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

/** The review-only builders of pause and resume (reviewOnly.ts holds every review-only kind's). */
export const PAUSE_BUILDS = {
  pause: (i: ReviewInput) => pauseRequest(i.target.relayerId, i.relayer, true, i.offered),
  resume: (i: ReviewInput) => pauseRequest(i.target.relayerId, i.relayer, false, i.offered),
};
