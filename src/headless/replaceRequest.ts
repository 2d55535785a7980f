/**
 * `relayer-tui replace`: the same request the TUI's form builds, from flags (`--value`, `--speed`, …
 * for EVM, `--transaction` for Solana) or from a whole body (`--body FILE|-`, any network type, every
 * integer kept exactly). The transaction is looked up first so that flags start from its values (as
 * the form does) and the review shows before → after.
 */
import {
  ApiError,
  JsonSyntaxError,
  normalizeReplacement,
  parseJson,
  prepareReplaceTransaction,
  replacementGroup,
  type Dialect,
  type Relayer,
  type RelayerClient,
  type ReplacementRequest,
  type Transaction,
} from '../api/index.js';
import type { BuiltRequest, FormDefinition, Values } from '../core/operations/types.js';
import { jsonCheck } from '../core/operations/validators.js';
import { addressProblem } from '../core/address.js';
import { fillForm } from './formFlags.js';
import { ASKED_PRICES_REFUSED, priceCheck, replacementChanges } from '../core/operations/review.js';
import { EVM_FIELD_FLAGS, evmForm, evmInitialValues } from '../core/operations/evm.js';
import { replaceRelayerRefusal, reviewWarnings, STELLAR_NOOP_WARNING } from '../core/operations/reviewWarnings.js';
import { replaceEffect } from '../core/operations/effects.js';
import { solanaForm, solanaInitialValues, solanaReplaceRefusal } from '../core/operations/solana.js';
import { replaceStatusRefusal } from '../core/operations/replaceStatus.js';
import { networkKind, unknownNetworkWords } from '../core/relayer.js';
import { findRelayer, findTransaction } from '../core/lookup.js';
import { PRICE_FIELDS } from '../core/operations/review.js';

/** Flags that set a field of the form (flag → field). */
export const FIELD_FLAGS: Record<'evm' | 'solana', Readonly<Record<string, string>>> = {
  evm: EVM_FIELD_FLAGS,
  solana: { transaction: 'transaction' },
};

export type Built = { request: BuiltRequest; dialect?: Dialect } | { usage: string } | { notFound: string };

const flagOf = (group: 'evm' | 'solana', field: string) => `--${Object.entries(FIELD_FLAGS[group]).find(([, f]) => f === field)?.[0] ?? field}`;

/** The form filled from flags over the transaction's values (as the form starts), checked as the form checks. */
function fromForm(group: 'evm' | 'solana', def: FormDefinition, initial: Values, flags: Record<string, string | undefined>): Built {
  const values: Values = { ...initial };
  const given = new Set<string>();
  for (const [flag, field] of Object.entries(FIELD_FLAGS[group]))
    if (flags[flag] !== undefined) {
      values[field] = flags[flag]!;
      given.add(field);
    }
  return fillForm(def, values, given, (f) => flagOf(group, f));
}

/** A whole body: parsed losslessly, checked by the API module, encoded in the server's dialect. */
function fromBody(relayerId: string, txId: string, relayer: Relayer, found: { tx?: Transaction; how: string }, text: string, dialect: Dialect): Built {
  const tx = found.tx;
  let body: unknown;
  try {
    body = parseJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) return { usage: `--body: ${jsonCheck(text)}` };
    throw e;
  }
  let prepared;
  let normal: Record<string, unknown>;
  try {
    const group = replacementGroup(body);
    const kind = networkKind(relayer.network_type, tx);
    if (kind === 'unknown') return { usage: unknownNetworkWords(relayerId, relayer.network_type) };
    const solana = kind === 'solana' ? solanaReplaceRefusal(dialect) : null;
    if (solana) return { usage: `not sent: ${solana}` };
    const status = replaceStatusRefusal(kind, dialect, tx);
    if (status) return { usage: `not sent: ${status}` };
    if (group !== kind) return { usage: `--body is a${group === 'evm' ? 'n EVM' : group === 'solana' ? ' Solana' : ' Stellar'} body, but relayer ${relayerId} is ${kind}` };
    prepared = prepareReplaceTransaction(relayerId, txId, body as ReplacementRequest, dialect);
    normal = normalizeReplacement(body as ReplacementRequest, dialect).body;
  } catch (e) {
    if (e instanceof ApiError) return { usage: `--body: ${e.message}` };
    throw e;
  }
  // The one address rule (core/address.ts), as the form's `to` field has it: a wrong EIP-55 checksum is a typo.
  // (The transaction's own `to`, kept, is what the server already holds: never refused here.)
  const toProblem = replacementGroup(body) === 'evm' && typeof normal.to === 'string' && normal.to !== '' && normal.to !== tx?.to ? addressProblem(normal.to) : null;
  if (toProblem) return { usage: `--body: to: ${toProblem}` };
  // v1.8 discards a replacement's asked prices (for_replacement): refused before sending, as the form refuses them.
  const askedPrices = PRICE_FIELDS.filter((f) => normal[f] !== undefined && normal[f] !== null);
  if (dialect === 'openzeppelin' && replacementGroup(body) === 'evm' && askedPrices.length)
    return { usage: `--body: ${askedPrices.join(', ')}: ${ASKED_PRICES_REFUSED}` };
  const review: NonNullable<BuiltRequest['review']> = reviewWarnings(relayerId, tx, relayer);
  if (!tx) review.push({ label: '⚠ before', value: `transaction ${txId} ${found.how}: what it replaces is not shown`, tone: 'warn' });
  if (tx) {
    // The same before → after as the TUI's review, from the exact body that will be sent.
    const prices = priceCheck(tx, normal);
    const bad = Object.entries(prices.errors)[0];
    if (bad) return { usage: `--body: ${bad[0]}: ${bad[1]}` };
    review.push(...prices.warnings, ...replacementChanges(replacementGroup(body), tx, normal));
  }
  const group = replacementGroup(body);
  if (group === 'stellar' && dialect === 'openzeppelin') review.unshift(STELLAR_NOOP_WARNING('replace'));
  return {
    request: {
      op: 'replace',
      target: { relayerId, txId },
      what: `Replace transaction ${txId} of relayer ${relayerId}`,
      prepared,
      review,
      send: (c, options) => c.replaceTransaction(relayerId, txId, body as ReplacementRequest, { ...options, dialect }),
      effect: replaceEffect(group, tx, normal, dialect === 'openzeppelin'),
    },
    dialect,
  };
}

/** Builds the replacement: the relayer and transaction looked up, then flags or body. */
export async function buildReplacement(client: RelayerClient, relayerId: string, txId: string, flags: Record<string, string | undefined>, body: string | undefined): Promise<Built> {
  const dialect = (await client.detectDialect()).dialect;
  const relayer = await findRelayer(client, relayerId);
  if (!relayer) return { notFound: `Relayer ${relayerId} not found` };
  // A paused or disabled relayer as read: v1.8 answers 403: refused here, nothing sent.
  const blocked = replaceRelayerRefusal(relayer, dialect, 'commands');
  if (blocked) return { usage: `not sent: ${blocked}` };
  const found = await findTransaction(client, relayerId, txId);
  const tx = found.tx;
  if (body !== undefined) return fromBody(relayerId, txId, relayer, found, body, dialect);
  const kind = networkKind(relayer.network_type, tx);
  if (kind === 'unknown') return { usage: unknownNetworkWords(relayerId, relayer.network_type) };
  const solana = kind === 'solana' ? solanaReplaceRefusal(dialect) : null;
  if (solana) return { usage: `not sent: ${solana}` };
  const status = replaceStatusRefusal(kind, dialect, tx);
  if (status) return { usage: `not sent: ${status}` };
  if (kind === 'stellar') return { usage: `relayer ${relayerId} is a Stellar relayer: give the whole body with --body FILE|- (the TUI's form builds operations)` };
  const other = kind === 'evm' ? 'solana' : 'evm';
  const stray = Object.keys(FIELD_FLAGS[other]).find((f) => flags[f] !== undefined);
  if (stray) return { usage: `--${stray} is for ${other === 'evm' ? 'EVM' : 'Solana'} relayers; relayer ${relayerId} is ${kind}` };
  if (!tx)
    return {
      notFound: `Transaction ${txId} ${found.how}: the flags start from its current values, so without it give the whole body with --body`,
    };
  return kind === 'solana'
    ? fromForm('solana', solanaForm(relayerId, relayer, tx), solanaInitialValues(tx), flags)
    : fromForm('evm', evmForm(relayerId, relayer, tx, () => client.dialect()), evmInitialValues(tx), flags);
}
