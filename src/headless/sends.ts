/**
 * `relayer-tui send`: the relayer (and its balance) read first, then the TUI's own form filled from
 * flags (fillForm) or a whole body (`send --body FILE|-`) checked by the same rules
 * (core/operations/send.ts). A body of the relayer's network type only: it is read by that type.
 * (`withdraw` is its spec's: core/operations/withdraw.ts, through mutations.ts prepareSpec.)
 */
import { JsonSyntaxError, parseJson, type Relayer, type RelayerClient, type SendRequest } from '../api/index.js';
import type { HeadlessOptions } from '../cli/grammar.js';
import { EXIT } from '../cli/exitCodes.js';
import type { Values } from '../core/operations/types.js';
import { sendForm, sendInitialValues, sendKind, sendRefusal, sendRequest, type SendContext } from '../core/operations/send.js';
import { findRelayer } from '../core/lookup.js';
import { toBigInt } from '../core/amounts.js';
import { jsonCheck } from '../core/operations/validators.js';
import { fillForm } from './formFlags.js';
import { readInput } from './input.js';
import type { Streams } from './output.js';
import { type Prepared, usage, usageOf } from './prepared.js';
import { FIELD_FLAGS } from './replaceRequest.js';

type Failed = { code: number; message: string };

/** The relayer a send goes from, read and checked: not found (5), or not offered there (2, why). */
async function sendingRelayer(client: RelayerClient, relayerId: string): Promise<{ relayer: Relayer } | Failed> {
  await client.detectDialect();
  const relayer = await findRelayer(client, relayerId);
  if (!relayer) return { code: EXIT.notFound, message: `Relayer ${relayerId} not found` };
  const refused = sendRefusal(relayerId, relayer, client.supports('send'));
  return refused ? usage(`not sent: ${refused.refuse}`) : { relayer };
}

/** Each network type's flags (flag → the form's field); a whole body (--body) for any. */
const SEND_FLAGS = {
  evm: FIELD_FLAGS.evm,
  solana: { transaction: 'transaction', instructions: 'instructions', 'valid-until': 'valid_until' },
  stellar: {},
} as const;

/** `send <relayer-id> …`: the TUI's send form filled from the flags (replace's), or a whole body; the relayer and its balance read first. */
export async function prepareSend(client: RelayerClient, o: HeadlessOptions, args: string[], s: Streams): Promise<Prepared | Failed> {
  const f = o.flags;
  if (args.length !== 1) return usage(usageOf('send'));
  const relayerId = args[0]!;
  const from = await sendingRelayer(client, relayerId);
  if ('code' in from) return from;
  const { relayer } = from;
  const kind = sendKind(relayer);
  const flags: Record<string, string> = SEND_FLAGS[kind];
  const given = Object.keys({ ...SEND_FLAGS.evm, ...SEND_FLAGS.solana }).filter((k) => f[k] !== undefined);
  const foreign = given.find((k) => !(k in flags));
  if (foreign) return usage(`--${foreign} is not a flag of ${kind === 'evm' ? 'an EVM' : `a ${kind === 'solana' ? 'Solana' : 'Stellar'}`} send, and relayer ${relayerId} is ${kind}${kind === 'stellar' ? ': give its body with --body FILE|-' : ''}`);
  if (f.body !== undefined && given.length) return usage(`--body is the whole body: not with --${given[0]}`);
  // Its balance (what it can pay over its minimum): from its status, where the server has one (EVM's check).
  const status = kind === 'evm' && client.offers('relayerStatus') ? await client.relayerStatus(relayerId).catch(() => undefined) : undefined;
  const balanceWei = toBigInt(status?.balance);
  // The network's price (eth_gasPrice through the passthrough): a speed's gas is estimated from it for that check.
  const gasPriceWei = kind === 'evm' && client.offers('rpc') ? toBigInt(await client.rpcRead(relayerId, 'eth_gasPrice', []).catch(() => undefined)) : undefined;
  const c: SendContext = { relayerId, relayer, ...(balanceWei !== undefined ? { balanceWei, balanceAt: Date.now() } : {}), ...(gasPriceWei !== undefined ? { gasPriceWei } : {}), now: Date.now() };
  if (f.body !== undefined) {
    const r = await readInput('--body', f.body, s.in);
    if ('error' in r) return usage(r.error);
    let body: unknown;
    try {
      body = parseJson(r.text);
    } catch (e) {
      if (e instanceof JsonSyntaxError) return usage(`--body: ${jsonCheck(r.text)}`);
      throw e;
    }
    const built = sendRequest(body as SendRequest, c);
    if ('errors' in built) return usage(Object.entries(built.errors).map(([k, m]) => `--body: ${k === '_form' ? '' : `${k}: `}${m}`).join('; '));
    return { request: built.request, stdinUsed: f.body === '-' };
  }
  if (!given.length) return usage(`nothing to send: ${kind === 'stellar' ? 'a Stellar send is given whole: --body FILE|-' : kind === 'solana' ? 'give --transaction B64 or --instructions JSON (or --body FILE|-)' : 'give --to and --value (or --body FILE|-)'}. ${usageOf('send')}`);
  const values: Values = { ...sendInitialValues(relayer), ...(kind === 'evm' ? { speed: '' } : {}) };
  // Solana: what is built from follows the flag given.
  if (kind === 'solana') values.mode = f.instructions !== undefined ? 'instructions' : 'transaction';
  const set = new Set<string>();
  for (const [flag, field] of Object.entries(flags))
    if (f[flag] !== undefined) {
      values[field] = f[flag]!;
      set.add(field);
    }
  const built = fillForm(sendForm(c), values, set, (field) => `--${Object.entries(flags).find(([, x]) => x === field)?.[0] ?? field}`);
  if ('usage' in built) return usage(built.usage);
  return { request: built.request, stdinUsed: false };
}
