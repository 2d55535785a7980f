/**
 * A notification a relayer is set to name (`policies --notification ID`): read first (GET
 * /notifications/{id}), since a relayer naming one that does not exist gets no webhooks. v1.8 answers
 * such a PATCH 404 (api/controllers/relayer.rs:262-267); a server that does not check takes it and
 * the relayer's webhooks go nowhere. Refused when the read says it does not exist (spec.ts Refusal
 * `no-notification`); where it could not be read, said so (not known, never "exists": policyEditSpec.ts).
 */
import { ApiError, type RelayerClient } from '../../api/index.js';

/** What was read of a notification id: it exists, it does not (404), or not known (why). */
export type NotificationRef = { kind: 'exists' } | { kind: 'missing' } | { kind: 'not known'; why: string };

export async function readNotificationRef(client: RelayerClient, id: string): Promise<NotificationRef> {
  if (client.supports('notifications') === false || !client.offers('notifications')) return { kind: 'not known', why: 'this server has no GET /notifications/{id}' };
  try {
    await client.getServerRecord('notifications', id);
    return { kind: 'exists' };
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'not_found') return { kind: 'missing' };
    return { kind: 'not known', why: `GET /notifications/${id} failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}
