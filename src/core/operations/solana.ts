/** Group B: replace a Solana transaction with a new encoded transaction (base64). */
import { prepareReplaceTransaction, type Relayer, type Transaction } from '../../api/index.js';
import type { FormDefinition, Values } from './types.js';
import { replacementChanges } from './review.js';
import { reviewWarnings } from './reviewWarnings.js';
import { replaceEffect } from './effects.js';
import { apiFieldErrors, base64, required } from './validators.js';

export function solanaInitialValues(tx: Transaction): Values {
  return { transaction: tx.transaction ?? '' };
}

/** `relayerId`: the relayer on screen, where the request goes (never the transaction's own `relayer_id`). */
export function solanaForm(relayerId: string, relayer: Relayer | undefined, tx: Transaction): FormDefinition {
  return {
    fields: [
      {
        name: 'transaction',
        label: 'transaction',
        kind: 'text',
        hint: 'base64 of the serialized transaction, required',
        validate: required(base64),
        note: (v) => (v.trim() ? `${Buffer.from(v.trim(), 'base64').length} bytes` : null),
      },
    ],
    focus: 'transaction',
    build: (values) => {
      const req = { transaction: (values.transaction ?? '').trim() };
      try {
        const prepared = prepareReplaceTransaction(relayerId, tx.id, req);
        return {
          request: {
            op: 'replace',
            target: { relayerId, txId: tx.id },
            what: `Replace Solana transaction ${tx.id} of relayer ${relayerId}`,
            prepared,
            // Before → after: a transaction sent as it was replaces nothing, and the review says so.
            review: [...reviewWarnings(relayerId, tx, relayer), ...replacementChanges('solana', tx, req)],
            send: (client, options) => client.replaceTransaction(relayerId, tx.id, req, options),
            effect: replaceEffect('solana', tx, req),
          },
        };
      } catch (e) {
        return { errors: apiFieldErrors(e) };
      }
    },
  };
}

