/**
 * The fleet reader (src/core/fleet/fleet.ts) against real loopback servers: the sandbox in both
 * flavours, and purpose-built hostile ones (hanging, 401, 429, hostile text), plus a server that counts
 * the requests it has in flight. Rows come as contexts answer; the slowest blocks nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient } from '../../../src/api/index.js';
import { Fleet, type FleetSource } from '../../../src/core/fleet/fleet.js';
import { problemsSaid, summaryLine, type FleetRow, type MinBalances } from '../../../src/core/fleet/health.js';
import { stateWords } from '../../../src/core/fleet/problems.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { startHostile, type Hostile } from '../../hostile/server.js';

let contract: Sandbox;
let real: Sandbox;
const hostiles: Hostile[] = [];
const fleets: Fleet[] = [];
beforeAll(async () => {
  contract = await startSandbox({ port: 0 });
  real = await startSandbox({ port: 0, flavor: 'real' });
});
afterEach(async () => {
  await Promise.all(fleets.splice(0).map((f) => f.close()));
  await Promise.all(hostiles.splice(0).map((h) => h.close()));
});
afterAll(async () => {
  await Promise.all([contract.close(), real.close()]);
});

function source(name: string, url: string, token: string, o: { timeoutMs?: number; minBalances?: MinBalances } = {}): FleetSource {
  return {
    name,
    url,
    open: async () => ({ client: createRelayerClient({ baseUrl: url, token, timeoutMs: o.timeoutMs ?? 5_000, maxRetries: 0 }), timeoutMs: o.timeoutMs ?? 5_000, minBalances: o.minBalances }),
  };
}

async function hostile(modes: string[], token?: string): Promise<Hostile> {
  const h = await startHostile(modes, token ? { token } : {});
  hostiles.push(h);
  return h;
}

function fleet(sources: FleetSource[], o: Partial<ConstructorParameters<typeof Fleet>[1]> = {}): Fleet {
  const f = new Fleet(sources, { now: Date.now, ...o });
  fleets.push(f);
  return f;
}

/** A context's rows with their state and problems in words (as `fleet --json` says them). */
const said = (r: FleetRow) => ({ ...r, state: stateWords(r.state), problems: problemsSaid(r, Date.now()) });
const byContext = (f: Fleet, name: string) => f.rows().filter((r) => r.context === name).map(said);
const state = (f: Fleet, name: string) => f.contexts().find((c) => c.name === name)!;

describe('the fleet reader', () => {
  it('reads every context at once: the sandboxes are done while a hanging server is still waited for; each unreadable server is one row saying why', async () => {
    const hang = await hostile(['hang']);
    const locked = await hostile([], 'the-right-token');
    const limited = await hostile(['rate-limited']);
    const f = fleet([
      source('contract', contract.url, contract.token),
      source('real', real.url, real.token),
      source('hanging', hang.url, hang.token, { timeoutMs: 5000 }),
      source('locked', locked.url, 'a-wrong-token'),
      source('limited', limited.url, limited.token),
      { name: 'no-key', open: async () => ({ error: 'The token_command of context no-key failed (exit status 1)', kind: 'no token' as const }) },
    ]);
    const done = f.refresh();
    // The two sandboxes complete while the hanging one is still loading: nothing waits for the slowest.
    for (let i = 0; i < 400 && !(state(f, 'contract').phase === 'ok' && state(f, 'real').phase === 'ok'); i++) await new Promise((r) => setTimeout(r, 5));
    expect([state(f, 'contract').phase, state(f, 'real').phase, state(f, 'hanging').phase]).toEqual(['ok', 'ok', 'loading']);
    expect(byContext(f, 'hanging')).toMatchObject([{ relayerId: null, loading: true, state: 'loading' }]);
    expect(byContext(f, 'contract').length).toBe(15);
    expect(byContext(f, 'contract').every((r) => !r.loading)).toBe(true);
    await done;
    // Said by the request's own timeout, the same words every read (the read's deadline comes a little later).
    expect(byContext(f, 'hanging')).toMatchObject([{ trouble: 'unreachable', state: expect.stringMatching(/^unreachable: No answer from 127\.0\.0\.1:\d+ within 5 s$/) }]);
    expect(byContext(f, 'locked')).toMatchObject([{ trouble: 'unreachable', state: 'unreachable: 401 Unauthorized' }]);
    expect(byContext(f, 'limited')[0]!.state).toMatch(/^unreachable: 429 Too Many Requests/);
    expect(byContext(f, 'no-key')).toMatchObject([{ trouble: 'not-opened', state: 'no token: The token_command of context no-key failed (exit status 1)', problems: ['no token: The token_command of context no-key failed (exit status 1)'] }]);
    // Worst first: the unreachable rows lead.
    expect(f.rows().slice(0, 4).map((r) => r.trouble)).toEqual(['unreachable', 'unreachable', 'unreachable', 'not-opened']);
    // The 429 backs off as long as the server said (30 s); a refresh now does not ask it again.
    const lim = state(f, 'limited');
    expect(lim.retryAt! - lim.at!).toBeGreaterThanOrEqual(30_000);
    const asked = limited.requests.length;
    const contractAsked = contract.requests.length;
    await f.refresh();
    expect(limited.requests.length).toBe(asked);
    expect(contract.requests.length).toBeGreaterThan(contractAsked);
    // A context the operator changed a relayer of is read now, its backoff aside; a token not had stays unread.
    await f.refresh(new Set(['limited', 'no-key']));
    expect(limited.requests.length).toBeGreaterThan(asked);
    expect(state(f, 'no-key').phase).toBe('not opened');
  });

  it('a context forced while a read is under way (the operator changed a relayer of it) is read again after that read, not only joined to it', async () => {
    const f = fleet([source('contract', contract.url, contract.token)]);
    const lists = () => contract.requests.filter((r) => r.url.startsWith('/api/v1/relayers?')).length;
    const before = lists();
    const first = f.refresh();
    // Joined: a plain refresh meanwhile asks nothing more.
    expect(f.refresh()).toBe(first);
    await f.refresh(new Set(['contract']));
    expect(lists() - before).toBe(2);
    await first;
  });

  it("the real server's figures: balance with the low flag (the higher of the policy's min_balance and the context's), last confirmed, stuck by the :stuck rules", async () => {
    const f = fleet([source('real', real.url, real.token, { minBalances: { '*': '100 ETH' } })]);
    await f.refresh();
    const rows = byContext(f, 'real');
    expect(rows).toHaveLength(15);
    const sepolia = rows.find((r) => r.relayerId === 'sepolia-main')!;
    // The context's 100 ETH is above sepolia-main's own minimum: it binds, and the row says whose it is (issue 42.3).
    expect(sepolia.balance).toMatchObject({ unit: { unit: 'ETH' }, min: '100000000000000000000', minSource: 'context real min_balance (above its policies.min_balance)' });
    // Never below a relayer's own minimum where it counts (above 1 base unit).
    for (const r of rows.filter((x) => x.balance && x.relayer)) {
      const own = BigInt(String(r.relayer!.policies?.min_balance ?? 0));
      if (own > 1n) expect(BigInt(r.balance!.min!) >= own, String(r.relayerId)).toBe(true);
    }
    const hot = rows.find((r) => r.relayerId === 'mainnet-hot')!;
    expect(hot).toMatchObject({ trouble: 'low-balance', balance: { low: true, min: '100000000000000000000' } });
    expect(rows.some((r) => r.lastConfirmedMs !== null)).toBe(true);
    const stuck = rows.filter((r) => r.trouble === 'stuck');
    expect(stuck.length).toBeGreaterThan(0);
    for (const r of stuck) expect(r.problems.some((p) => / stuck \(oldest \d+[smhd]\): /.test(p) || /^nonce gap at /.test(p))).toBe(true);
  });

  it('at most 2 requests in flight to one server and `pool` in all, whatever the number of relayers', async () => {
    let inFlight = 0;
    let most = 0;
    const perServer = new Map<number, number>();
    let mostPerServer = 0;
    const servers: Server[] = [];
    const urls: string[] = [];
    for (let s = 0; s < 3; s++) {
      const server = createServer((req, res) => {
        const port = (server.address() as AddressInfo).port;
        inFlight++;
        perServer.set(port, (perServer.get(port) ?? 0) + 1);
        most = Math.max(most, inFlight);
        mostPerServer = Math.max(mostPerServer, perServer.get(port)!);
        setTimeout(() => {
          inFlight--;
          perServer.set(port, perServer.get(port)! - 1);
          const url = new URL(req.url!, 'http://x');
          res.setHeader('content-type', 'application/json');
          if (url.pathname === '/api/v1/relayers') {
            const data = Array.from({ length: 12 }, (_, i) => ({ id: `r${i}`, name: `R ${i}`, network: 'sepolia', network_type: 'evm', paused: false, system_disabled: false }));
            res.end(JSON.stringify({ success: true, data, error: null, pagination: { current_page: 1, per_page: 100, total_items: 12 } }));
          } else if (url.pathname.endsWith('/transactions/')) res.end(JSON.stringify({ success: true, data: [], error: null, pagination: { current_page: 1, per_page: 50, total_items: 0 } }));
          else {
            res.statusCode = 404;
            res.end('not here');
          }
        }, 5);
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      servers.push(server);
      urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
    try {
      const f = fleet(urls.map((u, i) => source(`s${i}`, u, 't')), { pool: 3 });
      await f.refresh();
      expect(f.rows().filter((r) => r.relayerId !== null && !r.loading)).toHaveLength(36);
      expect(mostPerServer).toBeLessThanOrEqual(2);
      expect(most).toBeLessThanOrEqual(3);
      expect(most).toBeGreaterThanOrEqual(2);
      // Per server: the health check (dialect), the relayers page, one transactions page per relayer.
      expect(f.contexts().map((c) => c.requests)).toEqual([14, 14, 14]);
      // A second read: the dialect is known, no health check; the relayers page and one page each.
      await f.refresh();
      expect(f.contexts().map((c) => c.requests)).toEqual([13, 13, 13]);
    } finally {
      for (const s of servers) s.close();
    }
  });

  it('hostile text stays data in the rows (the faces sanitize it); a refresh with nothing changed keeps the same rows', async () => {
    const evil = await hostile(['escapes']);
    const f = fleet([source('evil', evil.url, evil.token), source('contract', contract.url, contract.token)]);
    await f.refresh();
    const rows = f.rows();
    expect(rows.some((r) => r.name?.includes('\x1b]0;'))).toBe(true);
    const before = f.rows().filter((r) => r.context === 'contract');
    await f.refresh();
    expect(f.rows().filter((r) => r.context === 'contract')).toEqual(before);
  });

  it('what it did not read is said, never fine (issue 27.3): 1,500 relayers (1,000 read), a total that lies while pages stay full', async () => {
    const many = await hostile(['many-relayers']);
    const lying = await hostile(['lying-total']);
    const f = fleet([source('many', many.url, many.token), source('lying', lying.url, lying.token)]);
    await f.refresh();
    const m = byContext(f, 'many').find((r) => r.key === 'many/unread')!;
    expect(m).toMatchObject({ trouble: 'unchecked', problems: ['relayers not all read: 1,000 of the 1,500 it says it has (the fleet reads 10 pages of 100); a relayer beyond them is not checked'] });
    const l = byContext(f, 'lying').find((r) => r.key === 'lying/unread')!;
    expect(l.problems[0]).toMatch(/^relayers not all read: the server kept paging past 1,000 \(10 pages of 100; it says 5 in all\)$/);
    expect(byContext(f, 'lying').filter((r) => r.relayerId !== null)).toHaveLength(1_000);
    expect(summaryLine(f.rows(), 2, 0, f.serverOf())).toMatch(/ · 2 not all read \((lying, many|many, lying)\)$/);
  });

  it("a context's deadline counts from its turn (issue 27.2): servers that hold every shared slot make a healthy one wait, never time it out", async () => {
    const hangs = [await hostile(['hang']), await hostile(['hang'])];
    // Two shared slots, both taken by the hanging servers for their 1.5 s; the healthy context's own deadline is 0.3 s + the slack.
    const f = fleet(
      [source('hang-a', hangs[0]!.url, hangs[0]!.token, { timeoutMs: 1_500 }), source('hang-b', hangs[1]!.url, hangs[1]!.token, { timeoutMs: 1_500 }), source('healthy', contract.url, contract.token, { timeoutMs: 300 })],
      { pool: 2, perServer: 1 },
    );
    await f.refresh();
    expect(state(f, 'healthy')).toMatchObject({ phase: 'ok', error: null });
    expect(byContext(f, 'healthy').filter((r) => r.trouble === 'unchecked' || r.trouble === 'unreachable')).toEqual([]);
    expect(state(f, 'hang-a').phase).toBe('unreachable');
  });

  it('two contexts on one URL are one server (issue 27.8): its limit of 2 in flight is shared, its relayers counted once and said', async () => {
    let inFlight = 0;
    let most = 0;
    const server = createServer((req, res) => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight--;
        const url = new URL(req.url!, 'http://x');
        res.setHeader('content-type', 'application/json');
        if (url.pathname === '/api/v1/relayers') {
          const data = Array.from({ length: 3 }, (_, i) => ({ id: `r${i}`, name: `R ${i}`, network: 'sepolia', network_type: 'evm', paused: false, system_disabled: false }));
          res.end(JSON.stringify({ success: true, data, error: null, pagination: { current_page: 1, per_page: 100, total_items: 3 } }));
        } else if (url.pathname.endsWith('/transactions/')) res.end(JSON.stringify({ success: true, data: [], error: null, pagination: { current_page: 1, per_page: 50, total_items: 0 } }));
        else {
          res.statusCode = 404;
          res.end('not here');
        }
      }, 10);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const f = fleet([source('one', url, 't'), source('two', `${url}/api/v1`, 't')]);
      await f.refresh();
      expect(most).toBeLessThanOrEqual(2);
      expect(summaryLine(f.rows(), 2, 0, f.serverOf())).toBe('2 contexts · 3 relayers · nothing needs attention · one and two: one server');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('a diagnosis that failed on a read (issue 51)', () => {
  it('is not "no jam": the row says not diagnosed and is not checked, as check says it', async () => {
    const sb = await startSandbox({ port: 0, flavor: 'real' });
    try {
      // Every JSON-RPC read of linea-idle (a relayer with nothing stuck: only the diagnosis asks) fails.
      sb.inject({ status: 500, body: '{"success":false,"data":null,"error":"Internal Server Error"}', match: { pathPrefix: '/api/v1/relayers/linea-idle/rpc' }, times: 50 });
      const f = fleet([source('unwell', sb.url, sb.token)]);
      await f.refresh();
      const row = f.rows().find((r) => r.relayerId === 'linea-idle')!;
      expect(row).toMatchObject({ trouble: 'unchecked', diagnosed: false, jam: null });
      expect(problemsSaid(row, Date.now())).toEqual([expect.stringMatching(/^not diagnosed: its JSON-RPC \(eth_getTransactionCount\) could not be read \(500 /)]);
    } finally {
      await sb.close();
    }
  });
});
