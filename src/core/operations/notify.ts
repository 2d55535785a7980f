/**
 * Create a webhook notification: url, optional id, optional write-only signing key (masked). An
 * executable spec with a form (spec.ts): `:notify` opens it in the one generic screen, `relayer-tui
 * notify --url URL [--id ID] [--signing-key-file FILE | --signing-key-env VAR]` fills the same fields
 * from its flags (the key read from the file or the variable by headless, never from the command line).
 */
import { ApiError, prepareCreateNotification, type DialectState, type Notification, type NotificationCreateRequest, type RelayerClient } from '../../api/index.js';
import { OPERATIONS } from './registry.js';
import type { Built, FlagArgs, OperationSpec, SpecInput } from './spec.js';
import type { FieldSpec, Values } from './types.js';
import { absoluteUrl, apiFieldErrors, notificationId, required } from './validators.js';
import { notifyEffect } from './effects.js';

export const REAL_SERVER_MIN_KEY = 32;

export const NOTIFY_INITIAL: Values = { url: '', id: '', signing_key: '' };

/** The form's fields: the url, an id (generated when empty), the signing key (masked, never kept in a draft). */
export const NOTIFY_FIELDS: readonly FieldSpec[] = [
  { name: 'url', label: 'url', kind: 'text', hint: 'absolute http(s) URL, required', validate: required(absoluteUrl) },
  { name: 'id', label: 'id', kind: 'text', hint: 'optional: letters, digits, - and _, at most 36 (generated when empty)', validate: notificationId },
  {
    name: 'signing_key',
    label: 'signing_key',
    kind: 'secret',
    hint: `optional, write-only, masked; the real server needs ≥ ${REAL_SERVER_MIN_KEY} chars`,
    note: (v) => {
      const n = [...v].length;
      if (n === 0) return null;
      return n < REAL_SERVER_MIN_KEY ? `${n} chars — the real server refuses fewer than ${REAL_SERVER_MIN_KEY}` : `${n} chars`;
    },
  },
];

function notifyRequest(v: Values): NotificationCreateRequest {
  const opt = (s: string | undefined) => (s && s.trim() ? s.trim() : undefined);
  return { url: (v.url ?? '').trim(), id: opt(v.id), type: 'webhook', signing_key: v.signing_key ? v.signing_key : undefined };
}

/**
 * The error with the signing key masked out of its message, at the source: the screen keeps the
 * error while the key field is edited (or cleared), so masking with the field's current value
 * would show the key that was sent.
 */
export function maskKeyInError(e: unknown, key: string | null | undefined): unknown {
  if (!key || !(e instanceof ApiError) || !e.message.includes(key)) return e;
  return e.withMessage(e.message.split(key).join('••••'));
}

/** What a create rests on: the server's dialect, read as it opens (a short key is refused where the server is known to be the OpenZeppelin Relayer). */
export interface NotifyInput extends SpecInput {
  dialect: DialectState;
}

/**
 * The request for the values typed. A signing key shorter than the OpenZeppelin Relayer's minimum is
 * refused before sending where the server is known to be one, and warned about on the review elsewhere.
 */
function build(i: NotifyInput, v: Values): Built {
  const req = notifyRequest(v);
  const n = req.signing_key ? [...req.signing_key].length : 0;
  const d = i.dialect;
  if (n > 0 && n < REAL_SERVER_MIN_KEY && d.dialect === 'openzeppelin') return { errors: { signing_key: `${n} characters: this server refuses fewer than ${REAL_SERVER_MIN_KEY} (${d.why})` } };
  const review =
    n > 0 && n < REAL_SERVER_MIN_KEY ? [{ label: '⚠ signing_key', value: `${n} characters: the OpenZeppelin Relayer refuses fewer than ${REAL_SERVER_MIN_KEY} (this server: ${d.why})`, tone: 'warn' as const }] : [];
  try {
    const prepared = prepareCreateNotification(req);
    const id = typeof req.id === 'string' && req.id ? req.id : undefined;
    return {
      request: {
        op: 'notification-create',
        target: id ? { notificationId: id } : {},
        what: `Create a webhook notification for ${req.url}`,
        prepared,
        review,
        ...(n > 0 ? { secret: 'signing-key' as const } : {}),
        effect: notifyEffect({ url: req.url, id, signingKey: n > 0 }),
        send: (client, options) =>
          client.createNotification(req, options).catch((e: unknown) => {
            throw maskKeyInError(e, req.signing_key);
          }),
      },
    };
  } catch (e) {
    return { errors: apiFieldErrors(e) };
  }
}

/** `--url`, `--id`, and the signing key as headless read it from `--signing-key-file` or `--signing-key-env` (FlagArgs.secrets). */
function fromFlags({ flags, secrets }: FlagArgs) {
  const key = secrets?.['signing-key'];
  const values: Values = { url: flags.url ?? '', id: flags.id ?? '', ...(key !== undefined ? { signing_key: key } : {}) };
  return { values, given: { url: 'url', id: 'id', ...(key !== undefined ? { signing_key: flags['signing-key-env'] !== undefined ? 'signing-key-env' : 'signing-key-file' } : {}) } };
}

/** What the answer said, each field as it came back; one it left out said as left out (never a default in its place). */
function answerRows(answer: unknown): string[] {
  const n = (answer ?? {}) as Partial<Notification>;
  const said = (v: string | null | undefined) => (v === undefined ? NOT_IN_ANSWER : v === null ? 'null' : v);
  const key = n.has_signing_key === undefined ? NOT_IN_ANSWER : n.has_signing_key ? 'yes' : 'no';
  return [`id               ${said(n.id)}`, `type             ${said(n.type)}`, `url              ${said(n.url)}`, `signing key set  ${key}`];
}

const NOT_IN_ANSWER = '(not in the answer)';

export const notifySpec: OperationSpec<'notification-create', NotifyInput> = {
  kind: 'notification-create',
  entry: OPERATIONS['notification-create'],
  read: async (client: RelayerClient, _target, signal) => ({ target: {}, dialect: await client.detectDialect(signal) }),
  // Always read: the dialect decides whether a short key is refused.
  known: () => null,
  refusal: () => null,
  form: () => ({
    title: 'create notification',
    fields: NOTIFY_FIELDS,
    focus: 'url',
    initial: NOTIFY_INITIAL,
    intro: [`${'type'.padEnd(26)}webhook (the only type)`],
    secrets: (v) => (v.signing_key ? [v.signing_key] : []),
    // The OpenZeppelin Relayer answers a duplicate id with exactly this 500.
    unknownNext: (e, v) =>
      e.status === 500 && /unknown error/i.test(e.message) && v.id?.trim()
        ? `Nothing was resent. An OpenZeppelin Relayer answers this when the id "${v.id.trim()}" is already taken: try another id, or leave it empty for a generated one.`
        : 'Nothing was resent. It may have been created: sent again with the same id, it answers "already exists" if so.',
  }),
  fromFlags,
  build,
  reviewNotes: () => [],
  // Built on the dialect as read: a short key's refusal or warning rests on it.
  basis: (i) => `dialect ${i.dialect.dialect}`,
  events: (answer) => [{ kind: 'notification', notificationId: String((answer as Notification | null)?.id ?? '') }],
  answerRows,
};
