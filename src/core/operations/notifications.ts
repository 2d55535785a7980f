/**
 * Change or delete a notification (OpenZeppelin Relayer v1.8, controllers/notification.rs): PATCH
 * /notifications/{id} with only what changes — `url`, a new write-only `signing_key` (≥ 32
 * characters), or `signing_key: ""` to remove it; DELETE /notifications/{id}, which v1.8 refuses (400,
 * naming them) while relayers use it: the review says who does, as read just before. The delete is
 * an executable spec (spec.ts: notificationDeleteSpec).
 */
import { ApiError, prepareDeleteNotification, prepareUpdateNotification, type Notification, type NotificationUpdateRequest, type RelayerClient } from '../../api/index.js';
import { relayersByNotification } from '../lookup.js';
import { OPERATIONS, type OperationTarget } from './registry.js';
import { refusalWords, type NotFound, type OperationSpec, type Refusal as SpecRefusal } from './spec.js';
import type { Effect } from './pipeline.js';
import type { ReviewLine } from './review.js';
import type { BuiltRequest, FormDefinition, Values } from './types.js';
import { absoluteUrl, apiFieldErrors } from './validators.js';
import { maskKeyInError, REAL_SERVER_MIN_KEY } from './notify.js';
import type { Refusal } from './types.js';

/** What an update asks, from the form's values or the subcommand's flags. */
export interface NotificationChange {
  url?: string;
  /** A new key (write-only), or null to remove the one set. */
  signingKey?: string | null;
}

const notOffered = (offered: boolean | undefined): Refusal | null =>
  offered === false ? { refuse: 'changing and deleting notifications is the OpenZeppelin Relayer’s (PATCH, DELETE /notifications/{id}); this server is not it' } : null;

export function notificationUpdateRequest(id: string, current: Notification | undefined, change: NotificationChange, offered: boolean | undefined): BuiltRequest | Refusal {
  const no = notOffered(offered);
  if (no) return no;
  const body: NotificationUpdateRequest = {};
  const review: ReviewLine[] = [];
  if (change.url !== undefined && change.url !== current?.url) {
    body.url = change.url;
    review.push({ label: 'url', value: `${current?.url ?? '(not read)'} → ${change.url}` });
  }
  if (change.signingKey === null) {
    if (current?.has_signing_key === false) review.push({ label: '⚠ signing key', value: 'none is set now: removing it changes nothing', tone: 'warn' });
    body.signing_key = '';
    review.push({ label: 'signing key', value: 'removed ("signing_key": "")' });
  } else if (change.signingKey !== undefined && change.signingKey !== '') {
    body.signing_key = change.signingKey;
    review.push({ label: 'signing key', value: `${current?.has_signing_key ? 'replaced' : 'set'}: ${[...change.signingKey].length} characters, write-only (never shown, never on disk)` });
  }
  if (!current) review.push({ label: '⚠ before', value: `notification ${id} could not be read first: what it is now is not known`, tone: 'warn' });
  const prepared = prepareUpdateNotification(id, body);
  const key = typeof body.signing_key === 'string' && body.signing_key !== '' ? body.signing_key : undefined;
  return {
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
  };
}

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

/** Why a delete is not sent (typed: spec.ts refusalWords says it): not offered, or used by relayers as read (v1.8 answers 400, notification.rs delete_notification). */
export function notificationDeleteRefusal(i: NotificationDeleteInput): SpecRefusal | null {
  if (i.offered === false) return { kind: 'not-offered', doing: 'changing and deleting notifications', endpoint: 'PATCH, DELETE /notifications/{id}' };
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
export function notificationDeleteRequest(id: string, current: Notification | undefined, usedBy: readonly string[] | undefined, offered: boolean | undefined): BuiltRequest | Refusal {
  const input: NotificationDeleteInput = { target: { notificationId: id }, notification: current, usedBy, offered };
  const refused = notificationDeleteRefusal(input);
  if (refused) return { refuse: refusalWords(refused, 'keys') };
  return { ...notificationDeleteBuild(input), review: notificationDeleteNotes(input) };
}

/** The notification read now (not where the server does not list them; its 404 ends it), then who uses it: every relayer read, its notification_id compared. */
async function readNotificationDelete(client: RelayerClient, target: OperationTarget, signal?: AbortSignal): Promise<NotificationDeleteInput | NotFound> {
  const id = target.notificationId ?? '';
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
  const usedBy = offered === false ? [] : await relayersByNotification(client, signal).then((m) => m.get(id) ?? [], () => undefined);
  return { target: { notificationId: id }, notification, usedBy, offered };
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

/** The TUI's update form: the url as it is, a new key (empty: unchanged), or remove the key. */
export function notificationEditForm(id: string, current: Notification | undefined, offered: () => boolean | undefined): FormDefinition {
  return {
    fields: [
      { name: 'url', label: 'url', kind: 'text', hint: 'absolute http(s) URL', validate: absoluteUrl },
      { name: 'signing_key', label: 'new signing_key', kind: 'secret', hint: `write-only, masked; empty: unchanged; ≥ ${REAL_SERVER_MIN_KEY} chars`, note: (v) => (v ? `${[...v].length} chars` : null) },
      { name: 'remove_key', label: 'remove the key', kind: 'choice', options: ['no', 'yes'], hint: current?.has_signing_key === false ? 'none is set now' : 'yes: "signing_key": "" (the webhook is no longer signed)' },
    ],
    focus: 'url',
    build: (v: Values) => {
      if (v.remove_key === 'yes' && v.signing_key) return { errors: { remove_key: 'remove the key, or type a new one: not both' } };
      const change: NotificationChange = { url: (v.url ?? '').trim(), ...(v.remove_key === 'yes' ? { signingKey: null } : v.signing_key ? { signingKey: v.signing_key } : {}) };
      try {
        const r = notificationUpdateRequest(id, current, change, offered());
        if ('refuse' in r) return { errors: { url: r.refuse } };
        return { request: r };
      } catch (e) {
        // "Nothing to change" is the whole body's: said on the url, where the form starts.
        const { body, ...errors } = apiFieldErrors(e);
        return { errors: body ? { ...errors, url: body } : errors };
      }
    },
  };
}
