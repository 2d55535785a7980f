/**
 * `relayer-tui check`: the built CLI with RELAYER_URL/RELAYER_API_KEY only (no config file) against
 * the sandbox's real flavour over loopback — each seeded jam with its cause and exact waiting count,
 * healthy relayers not flagged, exit 12; a server not ready said first; after the fixes, their jams gone.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient } from '../../src/api/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { assertBuilt, cliPath } from './pty.js';
import { cliWithSandbox, onSandboxClock, runAgainst } from './run.js';

const cli = cliWithSandbox('relayer-tui-check-');
const HOME = cli.home;
const run = (args: string[]) => cli.run(args);

describe('relayer-tui check', () => {
  it('on a server known not to be the OpenZeppelin Relayer: the summary says no jam can be diagnosed there, never "none jammed" (of none diagnosed; a walk finding)', async () => {
    const contract = await startSandbox({ port: 0 });
    try {
      const r = await runAgainst(contract, HOME, ['check', 'holesky-test']);
      expect(r.err).toBe('relayer-tui check: server readiness: no endpoint; 0 of 1 relayer need attention; jams not diagnosed: not the OpenZeppelin Relayer (no relayer status or JSON-RPC); 1 not diagnosed\n');
      expect(r.err).not.toContain('none jammed');
    } finally {
      await contract.close();
    }
  });

  it('the jams with their causes and waiting counts, the disabled ones, the rest not flagged: exit 12; --json has the fields', async () => {
    cli.sandbox().clock.step(1);
    const r = await run(['check']);
    expect(r.code, r.err).toBe(12);
    const lines = r.out.trim().split('\n');
    expect(lines.find((l) => l.startsWith('holesky-test:'))).toMatch(/^holesky-test: jammed \S+ \(blocker created \d\d:\d\d:\d\d\) at nonce 2834 — tx 1b89699f…c1cc was signed and never broadcast: every re-send refused .*; 2 waiting\. /);
    expect(lines.find((l) => l.startsWith('avalanche-bridge:'))).toMatch(/at its cap 30 gwei, the network asks 55 gwei; 2 waiting/);
    // The fixes named as the commands that do them (a TUI key means nothing in a shell).
    expect(lines.find((l) => l.startsWith('holesky-test:'))).toMatch(/Bump it at a faster speed \(relayer-tui replace holesky-test 1b89699f-e832-4322-a4d9-1284f878c1cc --speed fastest\) or cancel it \(relayer-tui cancel holesky-test 1b89699f-e832-4322-a4d9-1284f878c1cc: a NOOP takes the nonce\)$/);
    expect(lines.find((l) => l.startsWith('avalanche-bridge:'))).toMatch(/raise gas_price_cap \(relayer-tui policies avalanche-bridge --set gas_price_cap=72gwei\), or cancel this nonce \(relayer-tui cancel avalanche-bridge \S+: the NOOP is not held to the cap\)$/);
    expect(r.out).not.toMatch(/\((?:e|X|p)\b[):]/);
    expect(lines.find((l) => l.startsWith('optimism-relay:'))).toMatch(/no transaction of the relayer holds it/);
    expect(lines.some((l) => l.startsWith('base-batch: disabled by the system'))).toBe(true);
    for (const healthy of ['sepolia-main', 'arbitrum-payouts', 'bsc-treasury', 'linea-idle']) expect(lines.some((l) => l.startsWith(`${healthy}:`)), healthy).toBe(false);
    // Under its own minimum (its policy's 100 ETH: v1.8 fails a send that would go lower): said (issue 42.3).
    expect(lines.find((l) => l.startsWith('mainnet-hot:'))).toMatch(/^mainnet-hot: low balance: 0\.\d+… ETH < 100 ETH \(its policies\.min_balance\)$/);
    // Every state of a relayer listed, as its detail lists them: paused too (not counted as needing attention), with the command that ends it.
    expect(lines.filter((l) => l.startsWith('mainnet-hot:'))).toEqual([expect.stringMatching(/: low balance: /), 'mainnet-hot: paused: the server refuses its sends, cancels and replacements until it is resumed (relayer-tui resume mainnet-hot)']);
    // The three seeded jams (bulk-1m's newest go through as any busy relayer's: the chain walks it too).
    expect(r.err).toBe('relayer-tui check: server ready (healthy); 6 of 15 relayers need attention; 3 jammed: holesky-test (never broadcast, 2 waiting), avalanche-bridge (at its cap, 2 waiting), optimism-relay (no transaction at its nonce, 2 waiting); 7 not diagnosed\n');

    const j = JSON.parse((await run(['check', '--json'])).out) as { relayers: { relayer: string; state: string; diagnosed: boolean; not_diagnosed_because: string | null; jam: Record<string, unknown> | null }[] };
    const by = new Map(j.relayers.map((x) => [x.relayer, x]));
    expect(by.get('avalanche-bridge')).toMatchObject({ state: 'jammed', diagnosed: true, jam: { cause: 'price_cap', cap_wei: '30000000000', network_price_wei: '55000000000', waiting: 2, chain_nonce: expect.any(Number) } });
    expect(by.get('mainnet-hot')).toMatchObject({ state: 'paused', diagnosed: false, not_diagnosed_because: expect.stringContaining('403'), jam: null });
    expect(by.get('sepolia-main')).toMatchObject({ state: 'active', diagnosed: true, jam: null });
  });

  it('a server that is not ready is said first (exit 12); each fix the server offers clears its jam', async () => {
    cli.sandbox().setReady('unhealthy');
    const r = await run(['check']);
    expect(r.code).toBe(12);
    expect(r.out.split('\n')[0]).toMatch(/^server not ready: /);
    cli.sandbox().setReady('healthy');
    // The fixes the server offers: cancel the never-broadcast blocker, raise the cap, wait for the filler; fund the disabled one.
    const c = createRelayerClient({ baseUrl: cli.sandbox().url, token: cli.sandbox().token });
    await c.detectDialect();
    await c.cancelTransaction('holesky-test', '1b89699f-e832-4322-a4d9-1284f878c1cc');
    const a = await fetch(`${cli.sandbox().url}/api/v1/relayers/avalanche-bridge`, { method: 'PATCH', headers: { authorization: `Bearer ${cli.sandbox().token}`, 'content-type': 'application/json' }, body: '{"policies":{"gas_price_cap":80000000000}}' });
    expect(a.status).toBe(200);
    await fetch(`${cli.sandbox().url}/sandbox/relayers/base-batch/fund`, { method: 'POST', headers: { authorization: `Bearer ${cli.sandbox().token}` } });
    await c.close();
    cli.sandbox().clock.step(400); // the fixes go through; the filler comes; the health checks run; the cap's re-prices pass
    const after = await run(['check']);
    // Left: polygon-ops (disabled for checks no funding passes) and mainnet-hot under its minimum balance
    // (never funded), paused beside it. sepolia-main's traffic never spends it under its minimum (v1.8 fails
    // a transaction it cannot pay at prepare).
    const left = after.out.trim().split('\n');
    expect(left.map((l) => l.split(':')[0])).toEqual(['mainnet-hot', 'mainnet-hot', 'polygon-ops']);
    expect(left[0]).toMatch(/^mainnet-hot: low balance: .* < .* \(its policies\.min_balance\)$/);
    expect(after.code).toBe(12);
  });

  it('a freshly started sandbox exits 12 for its seeded jams, and 0 once each is fixed by the command check names (the rest by the sandbox\'s faucet and repair)', async () => {
    const sb = await startSandbox({ flavor: 'real' });
    try {
      sb.clock.step(1);
      // The CLI reads on the sandbox's clock (stepped past this machine's below): every age is the sandbox's.
      const first = await runAgainst(sb, HOME, ['check'], onSandboxClock(sb));
      expect(first.code, first.err).toBe(12);
      expect(first.err).toMatch(/; 3 jammed: holesky-test \(never broadcast, 2 waiting\), avalanche-bridge \(at its cap, 2 waiting\), optimism-relay \(no transaction at its nonce, 2 waiting\);/);
      // Each jam's first fix, as check itself names it (a command), run headless with --yes; optimism-relay's is v1.8's own job.
      const lines = first.out.split('\n');
      const fixOf = (id: string) => /\((relayer-tui (?:policies|cancel) [^):]+)/.exec(lines.find((l) => l.startsWith(`${id}: jammed`))!)![1]!;
      const holesky = fixOf('holesky-test');
      const avalanche = fixOf('avalanche-bridge');
      expect(holesky).toMatch(/^relayer-tui cancel holesky-test /);
      expect(avalanche).toBe('relayer-tui policies avalanche-bridge --set gas_price_cap=72gwei');
      for (const cmd of [holesky, avalanche]) {
        const x = await runAgainst(sb, HOME, [...cmd.split(' ').slice(1), '--yes'], onSandboxClock(sb));
        expect(x.code, `${cmd}: ${x.err}`).toBe(0);
      }
      // The relayers in trouble that is no jam (check keeps them at 12: they are trouble): funded, repaired.
      const post = (path: string) => fetch(`${sb.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${sb.token}` } });
      for (const id of ['base-batch', 'mainnet-hot']) expect((await post(`/sandbox/relayers/${id}/fund`)).status).toBe(200);
      expect((await post('/sandbox/relayers/polygon-ops/repair')).status).toBe(200);
      sb.clock.step(300); // the NOOPs mined, the cap's re-price, the gap's filler, the health checks; ten minutes of traffic
      const after = await runAgainst(sb, HOME, ['check'], onSandboxClock(sb));
      expect(after.err).toBe('relayer-tui check: server ready (healthy); 0 of 15 relayers need attention; none jammed of the 10 diagnosed; 5 not diagnosed\n');
      // Paused is the operator's own state: said, not counted.
      expect(after.out).toBe('mainnet-hot: paused: the server refuses its sends, cancels and replacements until it is resumed (relayer-tui resume mainnet-hot)\n');
      expect(after.code).toBe(0);
    } finally {
      await sb.close();
    }
  }, 60_000);
});

describe('--wait: follow the relayer until its jam clears', () => {
  function spawnCli(args: string[], onErr: (chunk: string) => void): Promise<{ code: number; out: string; err: string }> {
    return new Promise((resolve) => {
      let err = '';
      const child = execFile(process.execPath, [cliPath(), ...args], { env: { PATH: process.env.PATH ?? '', HOME, XDG_CONFIG_HOME: join(HOME, 'c'), XDG_STATE_HOME: join(HOME, 's'), RELAYER_URL: w.url, RELAYER_API_KEY: w.token } }, (e, out) =>
        resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }),
      );
      child.stderr!.on('data', (c: Buffer) => {
        err += c.toString();
        onErr(c.toString());
      });
    });
  }
  let w: Sandbox;
  beforeAll(async () => {
    w = await startSandbox({ flavor: 'real' });
    w.clock.step(1);
  });
  afterAll(() => w.close());

  it('cancel --wait: progress lines while it waits (the test moves the chain as they come), then cleared: exit 0', async () => {
    let stepped = 0;
    const r = await spawnCli(['cancel', 'holesky-test', '1b89699f-e832-4322-a4d9-1284f878c1cc', '--yes', '--wait', '60'], (chunk) => {
      // Each progress line: two blocks on (the NOOP broadcast, then mined with the two behind it).
      if (chunk.includes('waiting:')) (w.clock.step(2), (stepped += 2));
    });
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/relayer-tui cancel: waiting: the chain at nonce 2834, clear past 2836 · never broadcast, 2 waiting\n/);
    expect(r.err).toMatch(/relayer-tui cancel: holesky-test: cleared at \d\d:\d\d:\d\d \(chain nonce 2834 → 2837, 3 went through in \d+ s since \d\d:\d\d:\d\d\)\n$/);
    expect(stepped).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it('a cancel at the cap clears its own nonce only: --wait ends at its deadline with the cause as it is now, exit 16', async () => {
    const c = createRelayerClient({ baseUrl: w.url, token: w.token });
    await c.detectDialect();
    const chain = Number(await c.rpcRead('avalanche-bridge', 'eth_getTransactionCount', [(await c.listRelayers({ perPage: 100 })).items.find((x) => x.id === 'avalanche-bridge')!.address!, 'latest']));
    const blocker = await c.getTransactionByNonce('avalanche-bridge', String(chain));
    await c.close();
    const r = await spawnCli(['cancel', 'avalanche-bridge', blocker.id, '--yes', '--wait', '3'], (chunk) => {
      if (chunk.includes('waiting:')) w.clock.step(3);
    });
    expect(r.code, r.err).toBe(16);
    expect(r.err).toMatch(new RegExp(`still jammed after \\d+s \\(followed since \\d\\d:\\d\\d:\\d\\d\\): avalanche-bridge: jammed \\S+ \\(blocker created \\d\\d:\\d\\d:\\d\\d\\) at nonce ${chain + 1} — at its cap 30 gwei, the network asks 55 gwei; 1 waiting`));
  }, 30_000);

  it('--wait is checked before anything is sent', async () => {
    const before = w.requests.filter((q) => q.method !== 'GET').length;
    const r = await spawnCli(['cancel', 'holesky-test', 'x', '--yes', '--wait', 'soon'], () => undefined);
    expect(r).toMatchObject({ code: 2, err: expect.stringContaining('--wait must be a number of seconds') });
    expect(w.requests.filter((q) => q.method !== 'GET').length).toBe(before);
  });
});

describe('relayer-tui policies', () => {
  let p: Sandbox;
  const LEDGER_HOME = mkdtempSync(join(tmpdir(), 'relayer-tui-policies-'));
  beforeAll(async () => {
    p = await startSandbox({ flavor: 'real' });
  });
  afterAll(() => p.close());
  function runP(args: string[], onErr: (c: string) => void = () => undefined): Promise<{ code: number; out: string; err: string }> {
    return new Promise((resolve) => {
      let err = '';
      const child = execFile(process.execPath, [cliPath(), ...args], { env: { PATH: process.env.PATH ?? '', HOME: LEDGER_HOME, XDG_CONFIG_HOME: join(LEDGER_HOME, 'c'), XDG_STATE_HOME: join(LEDGER_HOME, 's'), RELAYER_URL: p.url, RELAYER_API_KEY: p.token } }, (e, out) =>
        resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }),
      );
      child.stderr!.on('data', (c: Buffer) => {
        err += c.toString();
        onErr(c.toString());
      });
    });
  }

  it('shows them in units; --set builds exactly {"policies":{"gas_price_cap":…}}; --wait follows the capped jam to cleared (exit 0); the ledger says policy-edit', async () => {
    const shown = await runP(['policies', 'avalanche-bridge', '--output', 'table']);
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toMatch(/^ {2}gas_price_cap +30 gwei$/m);
    expect(shown.out).toMatch(/^ {2}min_balance +0\.005 AVAX$/m);
    const dry = await runP(['policies', 'avalanche-bridge', '--set', 'gas_price_cap=72gwei', '--dry-run']);
    expect(dry.out).toBe(`PATCH ${p.url}/api/v1/relayers/avalanche-bridge\nContent-Type: application/json\n\n{"policies":{"gas_price_cap":72000000000}}\n`);
    // Without a terminal a dry run says the review's warnings on stderr, as --yes would: a cap under the network's price jams.
    const under = await runP(['policies', 'avalanche-bridge', '--set', 'gas_price_cap=1gwei', '--dry-run']);
    expect(under.code).toBe(0);
    expect(under.err).toMatch(/^relayer-tui policies: warning: will jam: gas_price_cap 1 gwei is under the network's price now, 55 gwei/m);
    const r = await runP(['policies', 'avalanche-bridge', '--set', 'gas_price_cap=72gwei', '--yes', '--wait', '60'], (c) => {
      if (c.includes('waiting:')) p.clock.step(3);
    });
    expect(r.code, r.err).toBe(0);
    expect(p.requests.filter((q) => q.method === 'PATCH').map((q) => q.body)).toEqual(['{"policies":{"gas_price_cap":72000000000}}']);
    expect(r.err).toMatch(/relayer-tui policies: avalanche-bridge: cleared at \d\d:\d\d:\d\d \(chain nonce (\d+) → \d+, 3 went through in \d+ s since \d\d:\d\d:\d\d\)\n$/);
    const audit = JSON.parse((await runP(['audit', '--json'])).out) as { items: { op: string; target: unknown }[] };
    expect(audit.items[0]).toMatchObject({ op: 'policy-edit', target: { relayerId: 'avalanche-bridge' } });
  }, 30_000);

  it('refused before sending: an unknown key, a bad amount, a disabled relayer, a Solana key of the wrong type; --unset sends null', async () => {
    const before = p.requests.filter((q) => q.method === 'PATCH').length;
    expect(await runP(['policies', 'avalanche-bridge', '--set', 'gas_cap=1', '--yes'])).toMatchObject({ code: 2, err: expect.stringContaining('gas_cap: not an EVM policy') });
    expect(await runP(['policies', 'avalanche-bridge', '--set', 'gas_price_cap=lots', '--yes'])).toMatchObject({ code: 2 });
    expect(await runP(['policies', 'polygon-ops', '--set', 'gas_price_cap=1gwei', '--yes'])).toMatchObject({ code: 2, err: expect.stringContaining('disabled by the system') });
    // A Solana relayer's policies are JSON values checked by v1.8's types (max_signatures is a u8).
    expect(await runP(['policies', 'solana-devnet', '--set', 'max_signatures=300', '--yes'])).toMatchObject({ code: 2, err: expect.stringContaining('max_signatures: a whole number from 0 to 255 (u8)') });
    expect(p.requests.filter((q) => q.method === 'PATCH').length).toBe(before);
    const unset = await runP(['policies', 'sepolia-main', '--unset', 'gas_price_cap', '--yes', '--json']);
    expect(unset.code, unset.err).toBe(0);
    expect(p.requests.filter((q) => q.method === 'PATCH').at(-1)!.body).toBe('{"policies":{"gas_price_cap":null}}');
    expect(JSON.parse(unset.out).policies).not.toHaveProperty('gas_price_cap');
  });
});

describe('replacements on v1.8: a speed, never asked prices', () => {
  let r: Sandbox;
  beforeAll(async () => {
    r = await startSandbox({ flavor: 'real' });
  });
  afterAll(() => r.close());
  const runR = (args: string[], stdin?: string) =>
    new Promise<{ code: number; out: string; err: string }>((resolve) => {
      const child = execFile(process.execPath, [cliPath(), ...args], { env: { PATH: process.env.PATH ?? '', HOME, XDG_CONFIG_HOME: join(HOME, 'c'), XDG_STATE_HOME: join(HOME, 'r'), RELAYER_URL: r.url, RELAYER_API_KEY: r.token } }, (e, out, err) =>
        resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }),
      );
      child.stdin?.end(stdin ?? '');
    });

  it('asked prices are refused before sending (exit 2); a bump at a speed says the price the server set, before → after in gwei', async () => {
    const blocker = '1b89699f-e832-4322-a4d9-1284f878c1cc';
    const sent = () => r.requests.filter((q) => q.method === 'PUT').length;
    const before = sent();
    const priced = await runR(['replace', 'holesky-test', blocker, '--value', '0', '--gas-price', '50 gwei', '--yes']);
    expect(priced.code).toBe(2);
    // One truth everywhere (core/operations/review.ts V18_REPLACEMENT_PRICING): the speed, capped where a cap is set, then at least × 1.1.
    expect(priced.err).toContain("give a speed: v1.8 discards a replacement's asked prices, takes the speed from the request, else the old transaction's, else fast, quotes it capped only where a cap is set, then raises it to at least the old price × 1.1 (and 1 wei more than it), which may pass the cap");
    const file = join(HOME, 'priced.json');
    writeFileSync(file, '{"value":0,"speed":"fast","max_fee_per_gas":900000000000,"max_priority_fee_per_gas":2000000000}');
    const body = await runR(['replace', 'holesky-test', blocker, '--body', file, '--yes']);
    expect(body.code).toBe(2);
    expect(body.err).toContain("--body: max_fee_per_gas, max_priority_fee_per_gas: leave them out and give a speed: v1.8 discards a replacement's asked prices");
    expect(sent()).toBe(before);
    const fast = await runR(['replace', 'holesky-test', blocker, '--value', '0', '--speed', 'fast', '--yes', '--output', 'table']);
    expect(fast.code, fast.err).toBe(0);
    expect(fast.out).toMatch(/the server set the price: max fee 3 gwei → [\d.]+ gwei, tip 0\.5 gwei → [\d.]+ gwei \(speed fast\)/);
  });

  it('send: refused before sending by v1.8\'s rules (exit 2, on its flag); --yes sends the exact body and names the new transaction', async () => {
    const posts = () => r.requests.filter((q) => q.method === 'POST' && q.url.endsWith('/transactions'));
    const before = posts().length;
    const outside = await runR(['send', 'sepolia-main', '--to', '0x1111111111111111111111111111111111111111', '--value', '1', '--speed', 'fast', '--yes']);
    expect(outside.code).toBe(2);
    expect(outside.err).toContain('--to "0x1111111111111111111111111111111111111111": not in the relayer\'s whitelist_receivers');
    const unpriced = await runR(['send', 'sepolia-main', '--to', '0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7', '--value', '1', '--yes']);
    expect(unpriced.code).toBe(2);
    expect(unpriced.err).toContain('choose how it is priced');
    // A flag the command line left out is said so, never quoted as given empty.
    expect(unpriced.err).toContain('--speed (not given): choose how it is priced');
    expect(unpriced.err).not.toContain('--speed ""');
    expect(posts().length).toBe(before);
    const sent = await runR(['send', 'sepolia-main', '--to', '0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7', '--value', '0.001 ETH', '--speed', 'fast', '--yes', '--output', 'table']);
    expect(sent.code, sent.err).toBe(0);
    expect(posts().at(-1)!.body).toBe('{"value":1000000000000000,"to":"0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7","speed":"fast"}');
    const id = /new transaction ([0-9a-f-]{36}), pending/.exec(sent.out)![1]!;
    expect(r.getTransaction('sepolia-main', id)).toMatchObject({ status: 'pending' });
  });

  it('withdraw --all takes exactly what is over min_balance at a fixed price and gas; --wait follows the new transaction to mined (exit 0)', async () => {
    const to = '0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7';
    const dry = await runR(['withdraw', 'bsc-treasury', '--to', to, '--all', '--dry-run']);
    expect(dry.code, dry.err).toBe(0);
    const body = JSON.parse(dry.out.slice(dry.out.indexOf('{'))) as Record<string, unknown>;
    const auth = { headers: { authorization: `Bearer ${r.token}`, 'content-type': 'application/json' } };
    const status = (await (await fetch(`${r.url}/api/v1/relayers/bsc-treasury/status`, auth)).json()) as { data: { balance: string } };
    const rpc = (await (await fetch(`${r.url}/api/v1/relayers/bsc-treasury/rpc`, { ...auth, method: 'POST', body: '{"jsonrpc":"2.0","method":"eth_gasPrice","params":[],"id":1}' })).json()) as { result: string };
    // The passthrough answers the node's bare JSON-RPC (no envelope), as v1.8 does.
    const price = BigInt(rpc.result);
    const min = 5_000_000_000_000_000n;
    expect(dry.out).toMatch(/"gas_limit":21000/);
    expect(BigInt(/"value":(\d+)/.exec(dry.out)![1]!)).toBe(BigInt(status.data.balance) - min - 21_000n * ((price * 11n) / 10n));
    expect(BigInt(/"gas_price":(\d+)/.exec(dry.out)![1]!)).toBe(price);
    expect(body).toMatchObject({ to });
    // Sent, then followed: the test moves the chain while the CLI polls.
    const run = runR(['withdraw', 'bsc-treasury', '--to', to, '--value', '0.01bnb', '--yes', '--wait', '30']);
    const posted = () => r.requests.some((q) => q.method === 'POST' && q.url === '/api/v1/relayers/bsc-treasury/transactions');
    for (let i = 0; i < 100 && !posted(); i++) await new Promise((res) => setTimeout(res, 50));
    r.clock.step(4);
    const done = await run;
    expect(done.code, done.err).toBe(0);
    expect(done.err).toMatch(/withdraw: transaction [0-9a-f-]{36} (mined|confirmed) after \d+ s/);
  });

  it('a transaction v1.8 does not replace (an EVM one confirmed) is refused before sending: exit 2, in its words', async () => {
    const list = await runR(['txs', 'sepolia-main', '--status', 'confirmed', '--output', 'json']);
    const confirmed = (JSON.parse(list.out) as { items: { id: string; status: string }[] }).items.find((t) => t.status === 'confirmed')!;
    const before = r.requests.filter((q) => q.method === 'PUT').length;
    for (const args of [['--speed', 'fast'], ['--body', '-']]) {
      const x = await runR(['replace', 'sepolia-main', confirmed.id, ...args, '--yes'], args[1] === '-' ? '{"value":0,"speed":"fast"}' : undefined);
      expect(x.code, x.err).toBe(2);
      expect(x.err).toContain('not sent: the OpenZeppelin Relayer replaces an EVM transaction only while it is pending, sent or submitted; this one is confirmed (it answers 400)');
    }
    expect(r.requests.filter((q) => q.method === 'PUT').length).toBe(before);
  });
});
