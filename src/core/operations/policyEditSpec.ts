/**
 * A relayer's policies, name, notification and RPC URLs changed as one merge patch (policyEdit.ts
 * reviews and sends it; policies.ts holds the form), as an executable spec (spec.ts): `p` on a relayer
 * opens it in the one generic screen — the relayer read as it opens (the form starts from what the
 * server holds; from the list's row, said so, when that read fails), read again before every send —
 * and `relayer-tui policies ID --set K=V…` fills the same form from its flags, sending exactly what
 * they name. A jam at its cap proposes gas_price_cap at the network's price + 30 % (`propose`).
 */
import type { Relayer, RelayerClient } from '../../api/index.js';
import type { Jam } from '../jam/diagnose.js';
import { proposedCapGwei } from '../jam/words.js';
import { findRelayer } from '../lookup.js';
import { relayerState } from '../relayer.js';
import { clock } from '../time.js';
import { relayerBasis } from './basis.js';
import { readNotificationRef, type NotificationRef } from './notificationRef.js';
import { policiesForm, policyFormValues, policyLines, presetAgainst, relayerPatch } from './policies.js';
import { policiesRequest, sameValue } from './policyEdit.js';
import { movedLine, readPolicyFigures, serverMoved, UNREAD_FIGURES, type PolicyFigures } from './policyRisks.js';
import { OPERATIONS, type OperationTarget } from './registry.js';
import { NONE } from './relayerFields.js';
import type { ReviewLine } from './review.js';
import type { Built, NotFound, OperationSpec, Preset, Refusal, SpecInput } from './spec.js';
import { typedUrlSecrets } from '../../api/index.js';
import type { Values } from './types.js';

/** What a change of a relayer rests on. */
export interface PolicyInput extends SpecInput {
  target: OperationTarget & { relayerId: string };
  /** The relayer as the server holds it, as last read: the review's before. */
  relayer: Relayer | undefined;
  /** The relayer the form opened on: what was typed is told against it (only that is sent). */
  opened: Relayer | undefined;
  /** Whether the server has PATCH /relayers/{id} (false: refused; undefined: not known). */
  offered: boolean | undefined;
  /** The network's price and the relayer's balance: what a cap or a min_balance would do. */
  figures: PolicyFigures;
  /** The server's notification ids (undefined: not read, or not readable). */
  notifications?: readonly string[];
  /** When the relayer was first read (undefined: the form opened on the list's row, not read again). */
  readAt?: number;
  /** The notification the flags name, as read by its id. */
  named?: { id: string; ref: NotificationRef };
}

const offeredBy = (client: RelayerClient): boolean | undefined => client.offers('policies') || client.supports('policies');

/** The relayer as the server holds it now, the figures a change is weighed against, and the notifications to choose from. */
async function read(client: RelayerClient, target: OperationTarget, signal?: AbortSignal): Promise<PolicyInput | NotFound> {
  const relayerId = target.relayerId ?? '';
  await client.detectDialect(signal);
  const relayer = await findRelayer(client, relayerId, signal ? { signal } : {});
  if (!relayer) return { notFound: { what: 'relayer', id: relayerId } };
  const [figures, notifications] = await Promise.all([
    readPolicyFigures(client, relayerId, relayer.network_type, Date.now, signal),
    client.offers('notifications') ? client.listServerRecords('notifications', { perPage: 100 }).then((p) => p.items.map((n) => String(n.id)), () => undefined) : Promise.resolve(undefined),
  ]);
  return { target: { relayerId }, relayer, opened: relayer, offered: offeredBy(client), figures, ...(notifications ? { notifications } : {}), readAt: Date.now() };
}

/** What the form says it opened on: read now, or the list's row (a read that failed). */
function openedWords(i: PolicyInput): string | { text: string; warn: true } {
  return i.readAt !== undefined ? `read at ${clock(i.readAt)}: the form starts from what the server holds` : { text: "could not be read again: the form starts from the list's row (it may be older); read again before it is sent", warn: true };
}

/** The form's core (policies.ts): its fields and the TUI's build, against the relayer opened on and the server as last read. */
const formOf = (i: PolicyInput) => policiesForm(i.target.relayerId, i.opened, i.offered, i.notifications, { ...(i.relayer ? { server: i.relayer } : {}), figures: i.figures });

/** What the flags name, as given: exactly those fields (a policy set or unset by key), into one merge patch. */
function buildGiven(i: PolicyInput, values: Values, given: Readonly<Record<string, string>>): Built {
  const relayerId = i.target.relayerId;
  if (!i.opened) return { errors: { _form: `relayer ${relayerId} could not be read: what it holds now is not known` } };
  const sets: string[] = [];
  const unsets: string[] = [];
  for (const [field, option] of Object.entries(given)) {
    if (option === `set ${field}`) sets.push(`${field}=${values[field] ?? ''}`);
    else if (option === `unset ${field}`) unsets.push(field);
  }
  const urls = given.custom_rpc_urls !== undefined ? (values.custom_rpc_urls ?? '').split('\n') : undefined;
  const patch = relayerPatch(i.opened, {
    sets,
    unsets,
    ...(given.name !== undefined ? { name: values.name ?? '' } : {}),
    ...(given.notification_id !== undefined ? { notification: values.notification_id ?? NONE } : {}),
    ...(urls ? { rpcUrls: urls } : {}),
  });
  if ('error' in patch) return { errors: { _form: patch.error } };
  const built = policiesRequest(relayerId, i.relayer ?? i.opened, patch.patch, i.offered, { figures: i.figures });
  return 'refuse' in built ? { errors: { _form: built.refuse } } : { request: built };
}

export const policyEditSpec: OperationSpec<'policy-edit', PolicyInput> = {
  kind: 'policy-edit',
  entry: OPERATIONS['policy-edit'],
  read,
  readsFirst: true,
  // The list's row: the form's start when the read as it opens fails (said so), and what a key refuses on.
  known: (client, target, relayer) =>
    relayer ? { target: { relayerId: target.relayerId ?? relayer.id }, relayer, opened: relayer, offered: offeredBy(client), figures: UNREAD_FIGURES } : null,
  refusal: (i): Refusal | null => {
    if (i.offered === false) return { kind: 'not-offered', doing: "changing a relayer's policies", endpoint: 'PATCH /relayers/{id}' };
    if (i.relayer && relayerState(i.relayer) === 'disabled') return { kind: 'disabled', relayerId: i.target.relayerId };
    if (i.named?.ref.kind === 'missing') return { kind: 'no-notification', notificationId: i.named.id };
    return null;
  },
  rereads: { always: true, since: (first, next) => ({ ...next, opened: first.opened, ...(first.readAt !== undefined ? { readAt: first.readAt } : { readAt: undefined }), ...(first.named ? { named: first.named } : {}), ...(first.notifications ? { notifications: first.notifications } : {}) }) },
  propose: (jam: Jam): Preset | null => {
    const proposed = jam.cause === 'price_cap' ? proposedCapGwei(jam) : null;
    if (proposed === null) return null;
    return { values: { gas_price_cap: `${proposed}gwei` }, why: [`${OPERATIONS['policy-edit'].proposes} (${proposed} gwei)`, `the server re-prices the blocker at its next re-price; ${jam.waiting} wait behind it`] };
  },
  form: (i, preset) => {
    const def = formOf(i);
    // A proposal weighed against the relayer as read: one not above its cap now is dropped, said.
    const proposal = i.opened ? presetAgainst(i.opened, preset?.values) : { preset: preset?.values ?? {} };
    const why = proposal.dropped ? [proposal.dropped] : (preset?.why ?? []);
    return {
      title: `${i.target.relayerId} › policies`,
      fields: def.fields,
      ...(def.focus !== undefined ? { focus: def.focus } : {}),
      initial: i.opened ? policyFormValues(i.opened, proposal.preset) : {},
      intro: [openedWords(i), ...why.map((text) => ({ text, warn: true as const }))],
      secrets: (v) => typedUrlSecrets(v.custom_rpc_urls ?? ''),
      unknownNext: () => 'Nothing was resent. Read the relayer again (i) to see whether its policies changed.',
    };
  },
  // `--set KEY=VALUE` and `--unset KEY` (a policy by its key), `--name`, `--notification ID|none`, `--rpc-url "URL [WEIGHT]"…|none`.
  fromFlags: ({ flags, lists }) => {
    const values: Values = {};
    const given: Record<string, string> = {};
    for (const s of lists.set ?? []) {
      const eq = s.indexOf('=');
      if (eq < 1) return { usage: `--set ${s}: write key=value (e.g. gas_price_cap=100gwei; a Solana or Stellar policy's value as JSON: max_fee=200)` };
      const key = s.slice(0, eq).trim();
      if (key in given) return { usage: `--set ${key}: given twice` };
      values[key] = s.slice(eq + 1).trim();
      given[key] = `set ${key}`;
    }
    for (const key of lists.unset ?? []) {
      if (key in given) return { usage: `${key}: both set and unset` };
      values[key] = '';
      given[key] = `unset ${key}`;
    }
    const field = (name: string, value: string | undefined, option: string) => {
      if (value === undefined) return;
      values[name] = value;
      given[name] = option;
    };
    field('name', flags.name, 'name');
    field('notification_id', flags.notification?.trim(), 'notification');
    const urls = lists['rpc-url'] ?? [];
    field('custom_rpc_urls', urls.length ? urls.join('\n') : undefined, 'rpc-url');
    return Object.keys(given).length ? { values, given } : { usage: '' };
  },
  // The notification the flags name, read by its id (the TUI's choices are the server's list).
  readGiven: async (client, i, values, given) => {
    const id = given.notification_id !== undefined ? (values.notification_id ?? '') : '';
    return id === '' || id === NONE ? i : { ...i, named: { id, ref: await readNotificationRef(client, id) } };
  },
  build: (i, values, _asked, given) => (given ? buildGiven(i, values, given) : formOf(i).build(values)),
  reviewNotes: (i, context): ReviewLine[] => [
    // What the server holds otherwise now than the form opened on (a lost update otherwise): said, never sent back.
    ...(i.relayer && i.opened && i.opened !== i.relayer ? serverMoved(i.opened, i.relayer, sameValue).map((m) => movedLine(m, i.relayer!, context.face === 'keys' ? 'opened' : 'read')) : []),
    ...(i.named?.ref.kind === 'not known' ? [{ label: '⚠ notification', value: `whether notification ${i.named.id} exists is not known (${i.named.ref.why}): sent as given`, tone: 'warn' as const }] : []),
  ],
  // Built against the relayer as read: sent only if it is still so.
  basis: (i) => relayerBasis(i.relayer),
  events: (answer, i) => [{ kind: 'relayer', relayerId: i.target.relayerId, ...(typeof answer === 'object' && answer !== null ? { relayer: answer as Relayer } : {}) }],
  answer: (value) => ({ title: 'policies now, as the server answered:', lines: value && typeof value === 'object' ? policyLines(value as Relayer) : ['(no relayer in the answer)'], hang: 28 }),
};
