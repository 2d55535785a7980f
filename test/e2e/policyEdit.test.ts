/**
 * `relayer-tui policies --set …` (issue 51, "no wrong send"): `whitelist_receivers=` removes the
 * whitelist as the editor's emptied field does, `whitelist_receivers=[]` asks for an empty one and its
 * review says v1.8's effect (refused without --yes where there is no terminal); a cap under the
 * network's price and a min_balance over the balance are warned with their figures; after the prompt's
 * yes the relayer is read again: a change on the server meanwhile is said and reviewed again, and only
 * the flags' fields are sent. The built CLI against the sandbox's real flavour.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { assertBuilt, cliPath, disposeAll, releaseCli, Tui } from './pty.js';

let sb: Sandbox;
const HOME = mkdtempSync(join(tmpdir(), 'relayer-tui-policy-edit-'));
const ENV = { HOME, XDG_CONFIG_HOME: join(HOME, 'c'), XDG_STATE_HOME: join(HOME, 's') };
beforeAll(async () => {
  assertBuilt();
  sb = await startSandbox({ flavor: 'real' });
});
afterAll(async () => {
  await disposeAll();
  await sb.close();
  await releaseCli();
});

/** The CLI without a terminal: exit code, stdout, stderr. */
function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cliPath(), ...args], { env: { PATH: process.env.PATH ?? '', ...ENV, RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token } }, (e, out, err) => resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }));
  });
}

const patches = () => sb.requests.filter((r) => r.method === 'PATCH').map((r) => r.body);
/** A change made by someone else: a PATCH straight to the sandbox. */
async function patchDirect(id: string, body: string): Promise<void> {
  const r = await fetch(`${sb.url}/api/v1/relayers/${id}`, { method: 'PATCH', headers: { authorization: `Bearer ${sb.token}`, 'content-type': 'application/json' }, body });
  expect(r.status).toBe(200);
}
/** Waits until `needle` has come `n` times in the raw output. */
async function seen(t: Tui, needle: string, n: number): Promise<void> {
  for (let i = 0; i < 500 && t.raw.split(needle).length - 1 < n; i++) await new Promise((r) => setTimeout(r, 10));
  expect(t.raw.split(needle).length - 1).toBeGreaterThanOrEqual(n);
}

describe('relayer-tui policies: the whitelist emptied', () => {
  it('whitelist_receivers= removes it (null), as the editor does; the review says any receiver', async () => {
    const dry = await run(['policies', 'sepolia-main', '--set', 'whitelist_receivers=', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/\{"policies":\{"whitelist_receivers":null\}\}\n$/);
    const t = new Tui({ args: ['policies', 'sepolia-main', '--set', 'whitelist_receivers='], env: { ...ENV, RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token }, rows: 50, cols: 160 });
    await t.waitForText('Send it? [y/N]');
    expect(t.text()).toMatch(/whitelist_receivers +0x\S+, 0x\S+ → \(removed: any receiver\)/);
    t.press('n\r');
    expect((await t.waitForExit()).exitCode).toBe(1);
  });

  it('whitelist_receivers=[] asks for an empty list: its effect said; refused without --yes where there is no terminal; asked on one', async () => {
    const before = patches().length;
    const r = await run(['policies', 'sepolia-main', '--set', 'whitelist_receivers=[]']);
    expect(r.code).toBe(2);
    expect(r.err).toContain("relayer-tui policies: warning: whitelist: whitelist_receivers empty: an empty list allows only the zero address and the relayer's own: every other receiver is refused");
    expect(r.err).toContain('not sent: no terminal to review it on');
    expect(patches()).toHaveLength(before);
    const t = new Tui({ args: ['policies', 'sepolia-main', '--set', 'whitelist_receivers=[]'], env: { ...ENV, RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token }, rows: 50, cols: 250 });
    await t.waitForText('Send it? [y/N]');
    const review = t.text().replace(/\s+/g, ' ');
    expect(review).toContain("whitelist_receivers 0x");
    expect(review).toContain("→ (empty: allows only the zero address and the relayer's own)");
    expect(review).toContain("⚠ whitelist whitelist_receivers empty: an empty list allows only the zero address and the relayer's own");
    t.press('n\r');
    expect((await t.waitForExit()).exitCode).toBe(1);
    expect(patches()).toHaveLength(before);
  });
});

describe('relayer-tui policies: what a policy would do', () => {
  it('a cap under the network price and a min_balance over the balance: warned with the figures', async () => {
    const before = patches().length;
    const r = await run(['policies', 'sepolia-main', '--set', 'gas_price_cap=1gwei', '--set', 'min_balance=1000eth']);
    expect(r.err).toMatch(/warning: will jam: gas_price_cap 1 gwei is under the network's price now, [\d.,]+ gwei \(eth_gasPrice at \d\d:\d\d:\d\d\): the relayer's transactions will wait at the cap/);
    expect(r.err).toMatch(/warning: will disable: min_balance 1,000 ETH is above the relayer's balance, [\d.,]+ ETH \(read at \d\d:\d\d:\d\d\): every send then fails/);
    // A price that could not be read (v1.8's /rpc refuses a paused relayer) is said so, never taken as fine.
    const paused = await run(['policies', 'mainnet-hot', '--set', 'gas_price_cap=1gwei']);
    expect(paused.err).toContain("warning: not weighed: whether gas_price_cap jams the relayer is not known: the network's price could not be read (eth_gasPrice: Relayer paused)");
    expect(patches()).toHaveLength(before);
  });
});

describe('relayer-tui policies: read again after the prompt', () => {
  it('the cap changed on the server before y: said, reviewed again, nothing sent until y again; then only the flags\' field', async () => {
    await patchDirect('linea-idle', '{"policies":{"gas_price_cap":3000000000000}}');
    const t = new Tui({ args: ['policies', 'linea-idle', '--set', 'include_revert_data=true'], env: { ...ENV, RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token }, rows: 60, cols: 160 });
    await t.waitForText('Send it? [y/N]');
    const first = patches().length;
    await patchDirect('linea-idle', '{"policies":{"gas_price_cap":50000000000}}');
    t.press('y\r');
    await seen(t, 'Send it? [y/N]', 2);
    const again = t.raw.replace(/\s+/g, ' ');
    expect(again).toMatch(/Read again at \d\d:\d\d:\d\d: what it was built on changed since the review: nothing was sent; review it again\./);
    expect(again).toContain('gas_price_cap is 50 gwei on the server now (was 3,000 gwei when it was first read)');
    // Only the direct PATCH so far.
    expect(patches()).toHaveLength(first + 1);
    t.press('y\r');
    expect((await t.waitForExit()).exitCode).toBe(0);
    expect(patches().slice(first + 1)).toEqual(['{"policies":{"include_revert_data":true}}']);
    const now = (await (await fetch(`${sb.url}/api/v1/relayers/linea-idle`, { headers: { authorization: `Bearer ${sb.token}` } })).json()) as { data: { policies: Record<string, unknown> } };
    expect(String(now.data.policies.gas_price_cap)).toBe('50000000000');
  });
});
