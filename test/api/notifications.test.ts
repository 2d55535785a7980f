import { describe, expect, it } from 'vitest';
import { FLAVORS, apiError, refusedLocally, useSandbox } from './helpers.js';

const KEY = 'whsec-0123456789abcdef0123456789abcdef';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(FLAVORS)('createNotification (%s flavor)', (flavor) => {
  const ctx = useSandbox({ flavor });

  it('creates a webhook with a signing key that never comes back', async () => {
    const before = ctx.count();
    const n = await ctx.client.createNotification({ id: `hook-${flavor}`, url: 'https://ops.example.com/hook', signing_key: KEY });
    expect(n).toEqual({ id: `hook-${flavor}`, type: 'webhook', url: 'https://ops.example.com/hook', has_signing_key: true });
    expect(JSON.stringify(n)).not.toContain(KEY);
    const sent = ctx.since(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe('/api/v1/notifications');
    expect(JSON.parse(sent[0]!.body)).toEqual({ id: `hook-${flavor}`, type: 'webhook', url: 'https://ops.example.com/hook', signing_key: KEY });
    expect(ctx.sandbox.getNotification(`hook-${flavor}`)?.signing_key).toBe(KEY);
  });

  it('lets the server generate the id when it is omitted', async () => {
    const n = await ctx.client.createNotification({ url: 'http://127.0.0.1:9/hook' });
    expect(typeof n.id).toBe('string');
    expect(n.id).toMatch(UUID_V4);
    expect(n.has_signing_key).toBe(false);
    expect(ctx.sandbox.getNotification(n.id)).toMatchObject({ id: n.id, url: 'http://127.0.0.1:9/hook', type: 'webhook' });
    expect(ctx.sandbox.getNotification(n.id)?.signing_key).toBeUndefined();
  });

  it('reports a duplicate id per flavor', async () => {
    const err = await apiError(ctx.client.createNotification({ id: 'ops-webhook', url: 'https://ops.example.com/other' }));
    if (flavor === 'real') {
      expect(err.kind).toBe('server');
      expect(err.status).toBe(500);
      expect(err.message).toBe('An unknown error occurred');
    } else {
      expect(err.kind).toBe('conflict');
      expect(err.status).toBe(409);
      expect(err.message).toBe('Notification with this ID already exists');
    }
    expect(ctx.sandbox.getNotification('ops-webhook')?.url).toBe('https://hooks.example.com/relayer/ops');
  });

  it('passes on the server verdict on a short signing key', async () => {
    const call = ctx.client.createNotification({ id: `short-${flavor}`, url: 'https://x.example.com/', signing_key: 'short' });
    if (flavor === 'real') {
      const err = await apiError(call);
      expect(err.kind).toBe('bad_request');
      expect(err.status).toBe(400);
      expect(err.message).toMatch(/at least 32 characters/);
      expect(ctx.sandbox.getNotification(`short-${flavor}`)).toBeUndefined();
    } else {
      expect((await call).has_signing_key).toBe(true);
    }
  });

  it.each([
    ['url', { url: 'not a url' }],
    ['url', { url: '/relative' }],
    ['url', { url: 'mailto:ops@example.com' }],
    ['id', { url: 'https://x.example.com/', id: 'bad id!' }],
    ['id', { url: 'https://x.example.com/', id: 'a'.repeat(37) }],
    ['type', { url: 'https://x.example.com/', type: 'email' }],
  ])('refuses a bad %s before sending', async (field, body) => {
    const err = await refusedLocally(ctx, () => ctx.client.createNotification(body as never));
    expect(err.field).toBe(field);
    expect(err.message.startsWith(`${field}:`)).toBe(true);
  });
});
