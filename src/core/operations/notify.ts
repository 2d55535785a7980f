/** Create a webhook notification: url, optional id, optional write-only signing key (masked). */
import { ApiError, prepareCreateNotification, type DialectState, type NotificationCreateRequest } from '../../api/index.js';
import type { FormDefinition, Values } from './types.js';
import { absoluteUrl, apiFieldErrors, notificationId, required } from './validators.js';
import { notifyEffect } from './effects.js';

export const REAL_SERVER_MIN_KEY = 32;

export const NOTIFY_INITIAL: Values = { url: '', id: '', signing_key: '' };

export function notifyRequest(v: Values): NotificationCreateRequest {
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

/**
 * `dialect`: the server's, read when the review is built. A signing key shorter than the OpenZeppelin
 * Relayer's minimum is refused before sending where the server is known to be one, and warned about
 * on the review elsewhere.
 */
export function notifyForm(dialect?: () => DialectState): FormDefinition {
  return {
    fields: [
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
    ],
    focus: 'url',
    build: (v) => {
      const req = notifyRequest(v);
      const n = req.signing_key ? [...req.signing_key].length : 0;
      const d = dialect?.();
      if (n > 0 && n < REAL_SERVER_MIN_KEY && d?.dialect === 'openzeppelin')
        return { errors: { signing_key: `${n} characters: this server refuses fewer than ${REAL_SERVER_MIN_KEY} (${d.why})` } };
      const review =
        n > 0 && n < REAL_SERVER_MIN_KEY
          ? [{ label: '⚠ signing_key', value: `${n} characters: the OpenZeppelin Relayer refuses fewer than ${REAL_SERVER_MIN_KEY}${d ? ` (this server: ${d.why})` : ''}`, tone: 'warn' as const }]
          : [];
      try {
        const prepared = prepareCreateNotification(req);
        return {
          request: {
            op: 'notification-create',
            target: typeof req.id === 'string' && req.id ? { notificationId: req.id } : {},
            what: `Create a webhook notification for ${req.url}`,
            prepared,
            review,
            ...(n > 0 ? { secret: 'signing-key' as const } : {}),
            effect: notifyEffect({ url: req.url, id: typeof req.id === 'string' && req.id ? req.id : undefined, signingKey: n > 0 }),
            send: (client, options) =>
              client.createNotification(req, options).catch((e: unknown) => {
                throw maskKeyInError(e, req.signing_key);
              }),
          },
        };
      } catch (e) {
        return { errors: apiFieldErrors(e) };
      }
    },
  };
}
