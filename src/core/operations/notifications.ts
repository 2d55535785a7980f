/**
 * Change or delete a notification (OpenZeppelin Relayer v1.8, controllers/notification.rs): PATCH
 * /notifications/{id} with only what changes — `url`, a new write-only `signing_key` (≥ 32
 * characters), or `signing_key: ""` to remove it; DELETE /notifications/{id}, which v1.8 refuses (400,
 * naming them) while relayers use it: the review says who does, as read just before. Both are
 * executable specs (spec.ts): notificationUpdateSpec (with a form), notificationDeleteSpec.
 */
import { ApiError, prepareDeleteNotification, prepareUpdateNotification, type Notification, type NotificationUpdateRequest, type RelayerClient } from '../../api/index.js';
import { relayersByNotification } from '../lookup.js';
import { OPERATIONS, type OperationTarget } from './registry.js';
import { refusalWords, type Built, type FlagArgs, type Flagged, type NotFound, type OperationSpec, type Refusal } from './spec.js';
import type { Effect } from './pipeline.js';
import type { ReviewLine } from './review.js';
import type { BuiltRequest, Refusal as RefusedWords, Values } from './types.js';
import { absoluteUrl, apiFieldErrors } from './validators.js';
import { maskKeyInError, REAL_SERVER_MIN_KEY } from './notify.js';

/** The answer carries the url asked, and a key set or not as asked. */
function updateEffect(asked: NotificationUpdateRequest): (answer: unknown) => Effect {
  return (answer) => {
    if (typeof answer !== 'object' || answer === null) return { kind: 'unchecked', words: 'the answer is not a notification' };
    const n = answer as Notification;
    const differs: string[] = [];
    if (asked.url !== undefined && n.url !== asked.url) differs.push(`url: asked ${asked.url}, the server has ${String(n.url)}`);
    if (asked.signing_key !== undefined && typeof n.has_signing_key === 'boolean' && n.has_signing_key !== (asked.signing_key !== ''))
      differs.push(asked.signing_key === '' ? 'signing key: removal asked, the server says one is set' : 'signing key: sent, the server says none is set');
    return differs.length ? { kind: 'not as asked', words: differs.join('; ') } : { kind: 'as asked', words: `notification ${n.id} changed` };
  };
}

/**
 * What a delete rests on: the notification as read (undefined: not read — the server does not list
 * them), the relayers that name it (undefined: they could not be read), and whether the server has
 * the endpoint (`client.supports('notifications')`).
 */
export interface NotificationDeleteInput {
  target: OperationTarget & { notificationId: string };
  notification: Notification | undefined;
  usedBy: readonly string[] | undefined;
  offered: boolean | undefined;
}

/** Not offered: the server is not the OpenZeppelin Relayer (changes and deletes alike). */
const notOffered = (offered: boolean | undefined): Refusal | null =>
  offered === false ? { kind: 'not-offered', doing: 'changing and deleting notifications', endpoint: 'PATCH, DELETE /notifications/{id}' } : null;

/** Why a delete is not sent (typed: spec.ts refusalWords says it): not offered, or used by relayers as read (v1.8 answers 400, notification.rs delete_notification). */
export function notificationDeleteRefusal(i: NotificationDeleteInput): Refusal | null {
  const no = notOffered(i.offered);
  if (no) return no;
  if (i.usedBy?.length) return { kind: 'in-use', notificationId: i.target.notificationId, usedBy: i.usedBy };
  return null;
}

/** Its review's lines, the same in both faces: the notification as read, and who uses it (or that it is not known). */
function notificationDeleteNotes(i: NotificationDeleteInput): ReviewLine[] {
  const review: ReviewLine[] = [];
  if (i.notification) review.push({ label: 'notification', value: `${i.notification.url ?? ''}${i.notification.has_signing_key ? ' (a signing key is set)' : ''}` });
  if (i.usedBy === undefined) review.push({ label: '⚠ used by', value: 'the relayers could not be read: whether one uses it is not known', tone: 'warn' });
  else review.push({ label: 'used by', value: 'no relayer (read just now)' });
  return review;
}

/** The request (its review lines are notificationDeleteNotes); its id typed to confirm. */
function notificationDeleteBuild(i: NotificationDeleteInput): BuiltRequest {
  const id = i.target.notificationId;
  return {
    op: 'notification-delete',
    target: { notificationId: id },
    what: `Delete notification ${id}`,
    prepared: prepareDeleteNotification(id),
    confirm: id,
    // v1.8 answers the words "Notification deleted successfully": said only where the answer says so.
    effect: (answer) =>
      typeof answer === 'string' && /deleted/i.test(answer) ? { kind: 'as asked', words: `notification ${id} deleted (the server: ${answer.slice(0, 80)})` } : { kind: 'unchecked', words: `the answer does not say it was deleted: look for it (relayer-tui notifications get ${id})` },
    send: (client, options) => client.deleteNotification(id, options),
  };
}

/** A delete as one call (its refusal in words, else the request with its notes): what tests take. `usedBy`: the relayers that name it, read just before. */
export function notificationDeleteRequest(id: string, current: Notification | undefined, usedBy: readonly string[] | undefined, offered: boolean | undefined): BuiltRequest | RefusedWords {
  const input: NotificationDeleteInput = { target: { notificationId: id }, notification: current, usedBy, offered };
  const refused = notificationDeleteRefusal(input);
  if (refused) return { refuse: refusalWords(refused, 'keys') };
  return { ...notificationDeleteBuild(input), review: notificationDeleteNotes(input) };
}

/**
 * The notification as it is now (undefined: not read, where the server does not list them; its 404
 * ends it), and whether the server has the endpoint (`client.supports('notifications')`).
 */
async function readNotification(client: RelayerClient, id: string, signal?: AbortSignal): Promise<{ notification: Notification | undefined; offered: boolean | undefined } | NotFound> {
  await client.detectDialect(signal);
  const offered = client.supports('notifications');
  let notification: Notification | undefined;
  if (offered !== false && client.offers('notifications')) {
    try {
      notification = await client.getServerRecord('notifications', id, signal ? { signal } : {});
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'not_found') return { notFound: { what: 'notification', id } };
      if (!(e instanceof ApiError && e.kind === 'unsupported')) throw e;
    }
  }
  return { notification, offered };
}

/** The notification read now, then who uses it: every relayer read, its notification_id compared. */
async function readNotificationDelete(client: RelayerClient, target: OperationTarget, signal?: AbortSignal): Promise<NotificationDeleteInput | NotFound> {
  const id = target.notificationId ?? '';
  const read = await readNotification(client, id, signal);
  if ('notFound' in read) return read;
  const usedBy = read.offered === false ? [] : await relayersByNotification(client, signal).then((m) => m.get(id) ?? [], () => undefined);
  return { target: { notificationId: id }, notification: read.notification, usedBy, offered: read.offered };
}

/** Delete a notification: an executable spec (spec.ts): D on a notification (`:notifications`) and `relayer-tui notifications delete ID` alike. */
export const notificationDeleteSpec: OperationSpec<'notification-delete', NotificationDeleteInput> = {
  kind: 'notification-delete',
  entry: OPERATIONS['notification-delete'],
  read: readNotificationDelete,
  // Always read: who uses it is not in the list's row.
  known: () => null,
  refusal: notificationDeleteRefusal,
  build: notificationDeleteBuild,
  reviewNotes: notificationDeleteNotes,
  // Sent only if it is still used by none (or still not known).
  basis: (i) => `notification ${i.target.notificationId} used by: ${i.usedBy === undefined ? 'not read' : i.usedBy.join(',')}`,
  events: (_answer, i) => [{ kind: 'notification', notificationId: i.target.notificationId }],
};

/** What a change rests on: what a delete does but who uses it (the notification as read, whether the server has the endpoint). */
export type NotificationUpdateInput = Omit<NotificationDeleteInput, 'usedBy'>;

/** The request for the values: only what changes (the url where it differs, a new key, or the key removed); its review says before → after. */
function updateBuild(i: NotificationUpdateInput, v: Values): Built {
  const id = i.target.notificationId;
  const current = i.notification;
  if (v.remove_key === 'yes' && v.signing_key) return { errors: { remove_key: 'remove the key, or type a new one: not both' } };
  const url = (v.url ?? '').trim();
  const body: NotificationUpdateRequest = {};
  const review: ReviewLine[] = [];
  // Not read (its url not known): an empty url is no change.
  if ((url !== '' || current) && url !== current?.url) {
    body.url = url;
    review.push({ label: 'url', value: `${current?.url ?? '(not read)'} → ${url}` });
  }
  if (v.remove_key === 'yes') {
    if (current?.has_signing_key === false) review.push({ label: '⚠ signing key', value: 'none is set now: removing it changes nothing', tone: 'warn' });
    body.signing_key = '';
    review.push({ label: 'signing key', value: 'removed ("signing_key": "")' });
  } else if (v.signing_key) {
    body.signing_key = v.signing_key;
    review.push({ label: 'signing key', value: `${current?.has_signing_key ? 'replaced' : 'set'}: ${[...v.signing_key].length} characters, write-only (never shown, never on disk)` });
  }
  let prepared;
  try {
    prepared = prepareUpdateNotification(id, body);
  } catch (e) {
    // "Nothing to change" is the whole body's: said on the url, where the form starts.
    const { body: nothing, ...errors } = apiFieldErrors(e);
    return { errors: nothing ? { ...errors, url: nothing } : errors };
  }
  const key = body.signing_key !== undefined && body.signing_key !== '' ? body.signing_key : undefined;
  return {
    request: {
      op: 'notification-update',
      target: { notificationId: id },
      what: `Change notification ${id}`,
      prepared,
      review,
      ...(key !== undefined ? { secret: 'signing-key' as const } : {}),
      effect: updateEffect(body),
      send: (client, options) =>
        client.updateNotification(id, body, options).catch((e: unknown) => {
          throw maskKeyInError(e, key);
        }),
    },
  };
}

/** `--webhook-url`, a new key (read by headless from --signing-key-file or --signing-key-env: FlagArgs.secrets), or `--remove-signing-key`: at least one. */
function updateFromFlags({ flags, secrets }: FlagArgs): Flagged {
  const url = flags['webhook-url'];
  const key = secrets?.['signing-key'];
  const remove = flags['remove-signing-key'] === 'true';
  if (url === undefined && key === undefined && !remove) return { usage: 'nothing to change: give --webhook-url, a new key (--signing-key-file, --signing-key-env) or --remove-signing-key' };
  return {
    values: { ...(url !== undefined ? { url } : {}), ...(key !== undefined ? { signing_key: key } : {}), ...(remove ? { remove_key: 'yes' } : {}) },
    given: {
      ...(url !== undefined ? { url: 'webhook-url' } : {}),
      ...(key !== undefined ? { signing_key: flags['signing-key-env'] !== undefined ? 'signing-key-env' : 'signing-key-file' } : {}),
      ...(remove ? { remove_key: 'remove-signing-key' } : {}),
    },
  };
}

/** Change a notification: an executable spec with a form (spec.ts): e on a notification (`:notifications`) and `relayer-tui notifications update ID` alike. */
export const notificationUpdateSpec: OperationSpec<'notification-update', NotificationUpdateInput> = {
  kind: 'notification-update',
  entry: OPERATIONS['notification-update'],
  read: async (client, target, signal) => {
    const id = target.notificationId ?? '';
    const read = await readNotification(client, id, signal);
    return 'notFound' in read ? read : { target: { notificationId: id }, ...read };
  },
  // Always read: the review's before is the notification as it is now.
  known: () => null,
  refusal: (i) => notOffered(i.offered),
  // The url as it is, a new key (empty: unchanged), or remove the key.
  form: (i) => ({
    title: `change notification ${i.target.notificationId}`,
    fields: [
      { name: 'url', label: 'url', kind: 'text', hint: i.notification ? 'absolute http(s) URL' : 'absolute http(s) URL; empty: unchanged (it could not be read)', validate: (v) => (v.trim() === '' && !i.notification ? null : absoluteUrl(v)) },
      { name: 'signing_key', label: 'new signing_key', kind: 'secret', hint: `write-only, masked; empty: unchanged; ≥ ${REAL_SERVER_MIN_KEY} chars`, note: (v) => (v ? `${[...v].length} chars` : null) },
      { name: 'remove_key', label: 'remove the key', kind: 'choice', options: ['no', 'yes'], hint: i.notification?.has_signing_key === false ? 'none is set now' : 'yes: "signing_key": "" (the webhook is no longer signed)' },
    ],
    focus: 'url',
    initial: { url: i.notification?.url ?? '', signing_key: '', remove_key: 'no' },
    secrets: (v) => (v.signing_key ? [v.signing_key] : []),
  }),
  fromFlags: updateFromFlags,
  build: updateBuild,
  reviewNotes: (i) => (i.notification ? [] : [{ label: '⚠ before', value: `notification ${i.target.notificationId} could not be read first: what it is now is not known`, tone: 'warn' }]),
  // Built on the notification as read: sent only if its url and whether a key is set are still so.
  basis: (i) => `notification ${i.target.notificationId} ${i.notification ? `${String(i.notification.url)} key ${String(i.notification.has_signing_key)}` : 'not read'}`,
  events: (_answer, i) => [{ kind: 'notification', notificationId: i.target.notificationId }],
};
