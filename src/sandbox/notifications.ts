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

  all(): StoredNotification[] {
    return [...this.items.values()].map((n) => ({ ...n }));
  }

  put(n: StoredNotification): void {
    this.items.set(n.id, { ...n });
  }

  remove(id: string): void {
    this.items.delete(id);
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

/** The real flavour's list, get, PATCH and DELETE (v1.8: controllers/notification.rs). */
export class NotificationAdmin {
  constructor(
    private readonly store: NotificationStore,
    private readonly usedBy: (id: string) => string[],
  ) {}

  list(page: number, perPage: number): SandboxResponse {
    const all = this.store.all().sort((a, b) => a.id.localeCompare(b.id));
    const offset = (Math.max(1, page) - 1) * perPage;
    return ok(all.slice(offset, offset + perPage).map(renderNotification), 200, { current_page: page, per_page: perPage, total_items: all.length });
  }

  get(id: string): SandboxResponse {
    const n = this.store.get(id);
    return n ? ok(renderNotification(n)) : fail('real', 404, `Notification with ID ${id} not found`);
  }

  /** `{url?, signing_key?}` (deny unknown fields): "" removes the key, a new one at least 32 characters. */
  update(id: string, rawBody: string): SandboxResponse {
    const n = this.store.get(id);
    if (!n) return fail('real', 404, `Notification with ID ${id} not found`);
    let o: Record<string, unknown>;
    try {
      o = expectObject(parseJson(rawBody), 'struct NotificationUpdateRequest');
      rejectUnknownFields(o, ['type', 'url', 'signing_key']);
    } catch (err) {
      if (err instanceof JsonSyntaxError || err instanceof ShapeError) return badInput('real', 'json', err.message);
      throw err;
    }
    if (o.url !== undefined) {
      let u: URL | undefined;
      try {
        u = new URL(String(o.url));
      } catch {
        u = undefined;
      }
      if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) return invalid('real', 'Invalid notification: URL must be an absolute http or https URL');
      n.url = String(o.url);
    }
    if (o.signing_key !== undefined) {
      const key = String(o.signing_key);
      if (key === '') delete n.signing_key;
      else if (key.length < 32) return invalid('real', 'Invalid notification: signing key must be at least 32 characters long');
      else n.signing_key = key;
    }
    this.store.put(n);
    return ok(renderNotification(n));
  }

  /** Refused while relayers use it, their names in the server's own words. */
  delete(id: string): SandboxResponse {
    if (!this.store.get(id)) return fail('real', 404, `Notification with ID ${id} not found`);
    const names = this.usedBy(id);
    if (names.length)
      return fail('real', 400, `Cannot delete notification '${id}' because it is being used by ${names.length} relayer(s): ${names.join(', ')}. Please remove or reconfigure these relayers before deleting the notification.`);
    this.store.remove(id);
    return ok('Notification deleted successfully');
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
