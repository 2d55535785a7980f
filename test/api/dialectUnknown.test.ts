/**
 * The server-type probe on an unwell server (issue 51.2): a 429 is waited out by its Retry-After; a
 * probe that fails (5xx, 429 past the timeout) leaves the dialect "not known" — asked again on the next
 * read, never taken for "not the OpenZeppelin Relayer" — and a jam read meanwhile is not diagnosed for
 * that reason, as a failed read. Real loopback HTTP to the sandbox's real flavour.
 */
import { describe, expect, it } from 'vitest';
import { readJam } from '../../src/core/jam/read.js';
import { useSandbox } from './helpers.js';

const health = (c: { sandbox: { requests: { url: string }[] } }) => c.sandbox.requests.filter((q) => q.url === '/api/v1/health').length;

describe('the server-type probe on an unwell server', () => {
  const ctx = useSandbox({ flavor: 'real' });

  it('a 429 on the probe is asked again after its Retry-After: detected', async () => {
    ctx.sandbox.setThrottle({ first: true });
    const before = health(ctx);
    const c = ctx.makeClient({ maxRetries: 2 });
    expect(await c.detectDialect()).toMatchObject({ dialect: 'openzeppelin', source: 'detected' });
    expect(health(ctx) - before).toBe(2);
    ctx.sandbox.setThrottle(undefined);
  });

  it('a probe that fails (5xx on every try) leaves the server type not known, asked again on the next read; a jam is then not diagnosed as a failed read', async () => {
    const c = ctx.makeClient({ maxRetries: 2 });
    ctx.sandbox.inject({ status: 500, body: '{"success":false,"data":null,"error":"Internal Server Error"}', match: { pathPrefix: '/api/v1/health' }, times: 6 });
    const d = await c.detectDialect();
    expect(d).toMatchObject({ source: 'unknown' });
    expect(d.why).toMatch(/^not known: GET \/api\/v1\/health answered HTTP 500 \(3 tries\); asked again on the next read$/);
    // Not known is not "missing": nothing is refused for it.
    expect(c.supports('relayerStatus')).toBeUndefined();
    const relayer = (await c.listRelayers({ perPage: 100 })).items.find((r) => r.id === 'holesky-test')!;
    const read = await readJam(c, relayer, { now: Date.now() });
    expect(read).toMatchObject({ kind: 'not_diagnosed', unreadable: true, why: expect.stringMatching(/^the server's type is not known: GET \/api\/v1\/health answered HTTP 500/) });
    expect(JSON.stringify(read)).not.toMatch(/not the OpenZeppelin Relayer/);
    // The next read asks again, and the server answers now.
    const again = await readJam(c, relayer, { now: Date.now() });
    expect(c.dialect()).toMatchObject({ dialect: 'openzeppelin', source: 'detected' });
    expect(again).toMatchObject({ kind: 'diagnosed', diagnosis: { kind: 'jam' } });
  });
});
