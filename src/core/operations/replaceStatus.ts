/**
 * Which transactions the OpenZeppelin Relayer v1.8 replaces, by their status — refused at the key and
 * before sending, in its own terms: an EVM one only while pending, sent or submitted
 * (evm_transaction.rs:1316, ensure_status_one_of; mined is not among them), a Stellar one never in
 * effect (stellar_transaction.rs:480 answers it unchanged: warned in the review) and not at all once
 * final. A server that is not the OpenZeppelin Relayer decides for itself: nothing refused here.
 */
import type { Transaction } from '../../api/index.js';
import { isNotFinal, PENDING_STATUSES } from '../status.js';
import { displayText } from '../text/values.js';
import { refusalWords, type Refusal } from './spec.js';

const EVM_REPLACEABLE: readonly string[] = PENDING_STATUSES;

/** Why v1.8 will not replace this transaction by its status (typed: spec.ts refusalWords says it), or null. */
export function replaceStatusProblem(kind: 'evm' | 'solana' | 'stellar', dialect: string, tx: Pick<Transaction, 'status'> | undefined): Refusal | null {
  if (dialect !== 'openzeppelin' || !tx) return null;
  const status = displayText(String(tx.status ?? '').toLowerCase()).slice(0, 40);
  if (kind === 'evm' && !EVM_REPLACEABLE.includes(status)) return { kind: 'not-replaceable', networkKind: 'evm', status };
  if (kind === 'stellar' && !isNotFinal(tx)) return { kind: 'not-replaceable', networkKind: 'stellar', status };
  return null;
}

/** The same, in words. */
export function replaceStatusRefusal(kind: 'evm' | 'solana' | 'stellar', dialect: string, tx: Pick<Transaction, 'status'> | undefined): string | null {
  const problem = replaceStatusProblem(kind, dialect, tx);
  return problem ? refusalWords(problem, 'keys') : null;
}
