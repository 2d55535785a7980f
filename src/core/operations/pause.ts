/**
 * Pause or resume a relayer: PATCH /relayers/{rid} with exactly {"paused": true|false} (a JSON merge
 * patch: nothing else is sent, so nothing else changes). The OpenZeppelin Relayer v1.8 refuses any
 * PATCH of a system-disabled relayer (400 "Relayer is disabled"): refused here before sending. A
 * paused relayer answers 403 "Relayer paused" to sends, replacements, cancels, signing and JSON-RPC;
 * work already queued goes on (its workers do not read `paused`).
 */
import { prepareSetPaused, type Relayer } from '../../api/index.js';
import { relayerState } from '../relayer.js';
import type { Refusal } from './cancel.js';
import { pauseEffect } from './effects.js';
import type { ReviewLine } from './review.js';
import type { BuiltRequest } from './types.js';

/** `offered`: `client.supports('pause')` (false: a server of the interface document, refused before sending). */
export function pauseRequest(relayerId: string, relayer: Relayer | undefined, paused: boolean, offered: boolean | undefined): BuiltRequest | Refusal {
  const verb = paused ? 'pause' : 'resume';
  if (offered === false) return { refuse: `${paused ? 'pausing' : 'resuming'} is the OpenZeppelin Relayer’s (PATCH /relayers/{id}); this server is not it` };
  if (relayer && relayerState(relayer) === 'disabled')
    return { refuse: `relayer ${relayerId} is disabled by the system: the OpenZeppelin Relayer refuses any change to it (400 "Relayer is disabled") until the cause is fixed and it is re-enabled` };
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
