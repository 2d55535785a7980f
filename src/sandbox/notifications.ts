/**
 * POST /notifications: webhook targets with an optional write-only signing key.
 * Contract flavor: 200, duplicate → 409. Real flavor: 201, duplicate → 500 `An unknown error occurred`,
 * signing_key at least 32 characters.
 */
import { randomUUID } from 'node:crypto';
import { JsonSyntaxError, parseJson } from '../api/json.js';
import { type Flavor, type SandboxResponse, badInput, fail, invalid, ok } from './flavor.js';
import { RuleError, ShapeError, expectObject, optional, rejectUnknownFields, requireField, toEnum, toStringValue } from './validate.js';

export interface StoredNotification {
  id: string;
  type: string;
  url: string;
  signing_key?: string;
}

const ID_RE = /^[A-Za-z0-9_-]{1,36}$/;

export const SEED_NOTIFICATION: StoredNotification = {
  id: 'ops-webhook',
  type: 'webhook',
  url: 'https://hooks.example.com/relayer/ops',
  signing_key: 'ops-webhook-signing-key-0123456789abcdef',
};

export function renderNotification(n: StoredNotification): Record<string, unknown> {
  return { id: n.id, type: n.type, url: n.url, has_signing_key: n.signing_key !== undefined };
}

export class NotificationStore {
  private readonly items = new Map<string, StoredNotification>();

  constructor() {
    this.items.set(SEED_NOTIFICATION.id, { ...SEED_NOTIFICATION });
  }

  get(id: string): StoredNotification | undefined {
    const n = this.items.get(id);
    return n ? { ...n } : undefined;
  }

  create(flavor: Flavor, rawBody: string): SandboxResponse {
    let n: StoredNotification;
    try {
      n = parseNotification(flavor, parseJson(rawBody));
    } catch (err) {
      if (err instanceof JsonSyntaxError || err instanceof ShapeError) return badInput(flavor, 'json', err.message);
      if (err instanceof RuleError) return invalid(flavor, err.message);
      throw err;
    }
    if (this.items.has(n.id)) {
      return flavor === 'real'
        ? fail(flavor, 500, 'An unknown error occurred')
        : fail(flavor, 409, 'Notification with this ID already exists');
    }
    this.items.set(n.id, n);
    return ok(renderNotification(n), flavor === 'real' ? 201 : 200);
  }
}

function parseNotification(flavor: Flavor, body: unknown): StoredNotification {
  const o = expectObject(body, 'struct NotificationCreateRequest');
  rejectUnknownFields(o, ['id', 'type', 'url', 'signing_key']);
  const url = toStringValue(requireField(o, 'url'));
  const idValue = optional(o, 'id');
  const typeValue = optional(o, 'type');
  const keyValue = optional(o, 'signing_key');
  const id = idValue === undefined ? randomUUID() : toStringValue(idValue);
  const type = typeValue === undefined ? 'webhook' : toEnum(typeValue, ['webhook'] as const);
  const signingKey = keyValue === undefined ? undefined : toStringValue(keyValue);

  if (!ID_RE.test(id)) {
    throw new RuleError('Invalid notification: ID must be 1-36 characters of letters, digits, "-" or "_"');
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new RuleError('Invalid notification: URL must be an absolute http or https URL');
  }
  if (signingKey !== undefined && flavor === 'real' && signingKey.length < 32) {
    throw new RuleError('Invalid notification: signing key must be at least 32 characters long');
  }
  const n: StoredNotification = { id, type, url };
  if (signingKey !== undefined) n.signing_key = signingKey;
  return n;
}
