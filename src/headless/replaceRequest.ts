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
  stringifyJson,
  type Dialect,
  type Relayer,
  type RelayerClient,
  type ReplacementRequest,
  type Transaction,
} from '../api/index.js';
import type { BuiltRequest, FormDefinition, Values } from '../ui/forms/types.js';
import { jsonCheck } from '../ui/forms/validators.js';
import { fillForm } from './formFlags.js';
import { priceCheck, replacementChanges } from '../core/replacementReview.js';
import { evmForm, evmInitialValues } from '../ui/screens/replace/evmForm.js';
import { reviewWarnings } from '../ui/screens/replace/reviewWarnings.js';
import { solanaForm, solanaInitialValues } from '../ui/screens/replace/solanaForm.js';
import { networkKind } from '../ui/screens/transactions/columns.js';

/** Pages read to find a relayer, and a transaction where the server cannot return one by id. */
const RELAYER_PAGES = 50;
const TRANSACTION_PAGES = 10;
const PER_PAGE = 100;
const NEWEST = (TRANSACTION_PAGES * PER_PAGE).toLocaleString('en-US');

/** Flags that set a field of the form (flag → field). */
export const FIELD_FLAGS: Record<'evm' | 'solana', Record<string, string>> = {
  evm: {
    value: 'value',
    to: 'to',
    data: 'data',
    'gas-limit': 'gas_limit',
    'gas-price': 'gas_price',
    'max-fee-per-gas': 'max_fee_per_gas',
    'max-priority-fee-per-gas': 'max_priority_fee_per_gas',
    speed: 'speed',
    'valid-until': 'valid_until',
  },
  solana: { transaction: 'transaction' },
};

export type Built = { request: BuiltRequest; dialect?: Dialect } | { usage: string } | { notFound: string };

export async function findRelayer(client: RelayerClient, relayerId: string): Promise<Relayer | undefined> {
  for (let page = 1; page <= RELAYER_PAGES; page++) {
    const p = await client.listRelayers({ page, perPage: PER_PAGE });
    const r = p.items.find((x) => x.id === relayerId);
    if (r) return r;
    if (p.items.length === 0 || page * p.perPage >= p.totalItems) return undefined;
  }
  return undefined;
}

/**
 * The transaction by id where the server has that endpoint, else among the newest 1,000; `how` says
 * which way it was looked for, in words. The real server's own "Transaction with ID … not found" is
 * believed; a generic 404 means the lookup does not exist (the API module says `unsupported`), and
 * the pages are read instead.
 */
export async function findTransaction(client: RelayerClient, relayerId: string, txId: string): Promise<{ tx?: Transaction; how: string }> {
  let why = '';
  if (client.supports('transactionById') !== false) {
    try {
      return { tx: await client.getTransaction(relayerId, txId), how: 'read by id' };
    } catch (e) {
      if (!(e instanceof ApiError) || (e.kind !== 'unsupported' && e.kind !== 'not_found')) throw e;
      if (e.kind === 'not_found') return { how: `not found: the server's by-id lookup says "${e.message}"` };
      why = ' (the server has no by-id lookup)';
    }
  } else why = ' (the server has no by-id lookup)';
  for (let page = 1; page <= TRANSACTION_PAGES; page++) {
    const p = await client.listTransactions(relayerId, { page, perPage: PER_PAGE });
    const t = p.items.find((x) => x.id === txId);
    if (t) return { tx: t, how: `found among relayer ${relayerId}'s newest transactions${why}` };
    if (p.items.length === 0 || page * p.perPage >= p.totalItems) return { how: `not among relayer ${relayerId}'s ${p.totalItems.toLocaleString('en-US')} transactions${why}` };
  }
  return { how: `not among relayer ${relayerId}'s newest ${NEWEST}${why}` };
}

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
    if (group !== kind) return { usage: `--body is a${group === 'evm' ? 'n EVM' : group === 'solana' ? ' Solana' : ' Stellar'} body, but relayer ${relayerId} is ${kind}` };
    prepared = prepareReplaceTransaction(relayerId, txId, body as ReplacementRequest, dialect);
    normal = normalizeReplacement(body as ReplacementRequest, dialect).body;
  } catch (e) {
    if (e instanceof ApiError) return { usage: `--body: ${e.message}` };
    throw e;
  }
  const review: NonNullable<BuiltRequest['review']> = reviewWarnings(relayerId, tx, relayer);
  if (!tx) review.push({ label: '⚠ before', value: `transaction ${txId} ${found.how}: what it replaces is not shown`, tone: 'warn' });
  if (tx) {
    // The same before → after as the TUI's review, from the exact body that will be sent.
    const prices = priceCheck(tx, normal);
    const bad = Object.entries(prices.errors)[0];
    if (bad) return { usage: `--body: ${bad[0]}: ${bad[1]}` };
    review.push(...prices.warnings, ...replacementChanges(replacementGroup(body), tx, normal));
  }
  return { request: { prepared, review, send: (c, options) => c.replaceTransaction(relayerId, txId, body as ReplacementRequest, { ...options, dialect }) }, dialect };
}

/** Builds the replacement: the relayer and transaction looked up, then flags or body. */
export async function buildReplacement(client: RelayerClient, relayerId: string, txId: string, flags: Record<string, string | undefined>, body: string | undefined): Promise<Built> {
  const dialect = (await client.detectDialect()).dialect;
  const relayer = await findRelayer(client, relayerId);
  if (!relayer) return { notFound: `Relayer ${relayerId} not found` };
  const found = await findTransaction(client, relayerId, txId);
  const tx = found.tx;
  if (body !== undefined) return fromBody(relayerId, txId, relayer, found, body, dialect);
  const kind = networkKind(relayer.network_type, tx);
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
    : fromForm('evm', evmForm(relayerId, relayer, tx), evmInitialValues(tx), flags);
}
