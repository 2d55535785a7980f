/** Group B: replace a Solana transaction with a new encoded transaction (base64). */
import { prepareReplaceTransaction, type Relayer, type Transaction } from '../../../api/index.js';
import type { FormDefinition, Values } from '../../forms/types.js';
import { statusWarning } from './statusWarning.js';
import { apiFieldErrors, base64, required } from '../../forms/validators.js';

export function solanaInitialValues(tx: Transaction): Values {
  return { transaction: tx.transaction ?? '' };
}

export function solanaForm(relayer: Relayer | undefined, tx: Transaction): FormDefinition {
  const relayerId = tx.relayer_id ?? relayer?.id ?? '';
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
        return { request: { prepared, review: statusWarning(tx), send: (client, signal) => client.replaceTransaction(relayerId, tx.id, req, { signal }) } };
      } catch (e) {
        return { errors: apiFieldErrors(e) };
      }
    },
  };
}
