/**
 * Each operation's own options in words, for its subcommand's --help and the man page (src/cli/helpParts.ts
 * operationHead): what the value is (`arg`) and what it does, one line (a repeatable one is said so from its `multiple`). The compiler holds the set: every
 * option of a kind's registry entry (registry.ts `options`) needs its words here, and nothing else may have
 * any, so an option added there cannot be missing from --help. Loaded only with the help pages (never on a
 * start path).
 */
import { SPEEDS } from '../../api/replacementBody.js';
import type { OperationKind, OptionName } from './registry.js';

/** An option in --help: `--name ARG   does`. */
export interface OptionWords {
  arg?: string;
  does: string;
}

type Words<K extends OperationKind> = { readonly [O in OptionName<K>]: OptionWords };

/** An EVM transaction's fields, as send and replace take them. */
const EVM = {
  value: { arg: 'V', does: 'wei (u128), or with a unit: 1.5 ETH, 20 gwei, 1e18' },
  to: { arg: '0xADDR', does: 'the receiver (EVM)' },
  data: { arg: '0xHEX', does: 'the call data (EVM)' },
  'gas-limit': { arg: 'N', does: 'the gas limit (EVM)' },
  speed: { arg: 'S', does: SPEEDS.join(' | ') },
  'gas-price': { arg: 'W', does: 'legacy pricing, wei' },
  'max-fee-per-gas': { arg: 'W', does: 'EIP-1559 pricing, wei (with --max-priority-fee-per-gas)' },
  'max-priority-fee-per-gas': { arg: 'W', does: 'EIP-1559 pricing, wei (with --max-fee-per-gas)' },
  'valid-until': { arg: 'T', does: 'RFC 3339: when the server stops trying it' },
  body: { arg: 'FILE|-', does: 'the whole JSON body (EVM, Solana or Stellar), from a file or stdin; every integer is sent exactly as written' },
  transaction: { arg: 'B64', does: 'Solana: a serialized transaction, base64 (its fee payer the relayer)' },
} as const satisfies Record<string, OptionWords>;

const SIGNING_KEY = {
  'signing-key-file': { arg: 'FILE', does: 'the write-only signing key: the file\'s first line (warned if others can read it)' },
  'signing-key-env': { arg: 'VAR', does: '… or an environment variable\'s value' },
  'signing-key': { arg: 'KEY', does: 'refused: a key on the command line is visible to every user in ps' },
} as const satisfies Record<string, OptionWords>;

const ON_OFF = 'on|off';

/** Every kind that has options (one without, a delete, needs no entry here). */
export const OPTION_WORDS: { readonly [K in OperationKind as [OptionName<K>] extends [never] ? never : K]: Words<K> } = {
  send: { ...EVM, instructions: { arg: 'JSON', does: 'Solana: [{program_id, accounts: [{pubkey, is_signer, is_writable}], data}], the server builds the transaction' } },
  withdraw: {
    to: EVM.to,
    value: EVM.value,
    all: { does: "everything over the relayer's min_balance and the fee of one re-price" },
  },
  // A replacement's prices and valid_until: sent to a server that is not v1.8; v1.8 refuses them before sending (it discards both).
  replace: {
    ...EVM,
    'gas-price': { arg: 'W', does: 'legacy pricing, wei (refused on the OpenZeppelin Relayer: give a --speed)' },
    'max-fee-per-gas': { arg: 'W', does: 'EIP-1559 pricing, wei, with --max-priority-fee-per-gas (refused on the OpenZeppelin Relayer)' },
    'max-priority-fee-per-gas': { arg: 'W', does: 'EIP-1559 pricing, wei, with --max-fee-per-gas (refused on the OpenZeppelin Relayer)' },
    'valid-until': { arg: 'T', does: 'RFC 3339 (refused on the OpenZeppelin Relayer: a replacement keeps its own)' },
  },
  'cancel-pending': { 'all-pending': { does: 'every pending transaction of the relayer: DELETE /relayers/{id}/transactions/pending' } },
  'policy-edit': {
    set: { arg: 'KEY=VALUE', does: 'a policy set: gas_price_cap=72gwei, min_balance=0.1eth, whitelist_receivers=0xA…,0xB…' },
    unset: { arg: 'KEY', does: 'a policy removed: sent as null' },
    name: { arg: 'NAME', does: "the relayer's name" },
    notification: { arg: 'ID|none', does: 'the notification it uses (read first: one that does not exist is refused), or none' },
    'rpc-url': { arg: '"URL [WEIGHT]"', does: "its own RPC URLs, replaced whole (weight 0–100, 100 when left out), or none" },
  },
  'plugin-call': {
    params: { arg: 'JSON', does: 'the params (default {}); numbers are sent exactly as written' },
    'params-file': { arg: 'FILE', does: 'read them from a file; - reads them from stdin' },
    route: { arg: '/PATH', does: 'POST /plugins/<id>/call/PATH: the route is passed to the plugin (OpenZeppelin Relayer)' },
    get: { does: 'GET /plugins/<id>/call[/PATH] instead, no body (the plugin sees {} as params), where the plugin allows it' },
    query: { arg: 'K=V', does: 'with --get: the query the plugin is passed' },
  },
  'plugin-update': {
    'plugin-timeout': { arg: 'S', does: 'its timeout, whole seconds above 0 (--timeout stays the HTTP one)' },
    'emit-logs': { arg: ON_OFF, does: 'emit_logs' },
    'emit-traces': { arg: ON_OFF, does: 'emit_traces' },
    'raw-response': { arg: ON_OFF, does: 'raw_response: its result answered bare, without the envelope' },
    'allow-get': { arg: ON_OFF, does: 'allow_get_invocation: callable by GET' },
    'forward-logs': { arg: ON_OFF, does: 'forward_logs' },
    'plugin-config': { arg: 'JSON', does: "its config, a JSON object ('{}' empties it)" },
    'plugin-config-file': { arg: 'FILE', does: '… read from a file; - reads it from stdin' },
  },
  'network-update': { 'rpc-url': { arg: '"URL [WEIGHT]"', does: 'its RPC URLs, replaced whole (weight 0–100, 100 when left out)' } },
  'notification-create': {
    id: { arg: 'ID', does: 'letters, digits, - and _, at most 36 (the server generates one when absent)' },
    ...SIGNING_KEY,
  },
  'notification-update': {
    'webhook-url': { arg: 'URL', does: "its new URL (--url is the server's here)" },
    ...SIGNING_KEY,
    'remove-signing-key': { does: 'remove its signing key ("signing_key": "")' },
  },
};

/** --wait S, where an operation follows what it sent: until what, and its exit codes. */
export const WAIT_WORDS: Record<'jam' | 'transaction', OptionWords> = {
  jam: { arg: 'S', does: 'then follow the relayer until its jam clears (exit 0) or S seconds pass (16), progress on stderr' },
  transaction: { arg: 'S', does: 'then follow the new transaction until it is mined (exit 0) or S seconds pass (16), progress on stderr' },
};
