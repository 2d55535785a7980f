/**
 * `relayer-tui cancel` shows the review notes the TUI's cancel review shows (core/jam/words.ts
 * cancelJamNotes, issue 52): a cancel of a jam's blocker says what waits behind it and what the cancel
 * will do; a cancel of one that waits behind the jam says it cannot land before the blocker does, with
 * the blocker's fixes as commands (no TUI key). `relayer-tui cancel ID --all-pending` shows its spec's
 * notes (core/operations/cancel.ts cancelPendingSpec: the same for both faces, the TUI's X on a
 * relayer draws them). `relayer-tui replace` of a blocker held at its cap starts its review with the
 * TUI's "⚠ stays jammed" (core/operations/replace.ts replaceJamNotes), its fixes as commands. The built CLI in a pty against the sandbox's real flavour, its clock stopped
 * (the seeded jam of holesky-test: nonce 2834, never broadcast, 5 waiting).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { createRelayerClient } from '../../src/api/index.js';
import { cancelPendingSpec } from '../../src/core/operations/cancel.js';
import { isNotFound } from '../../src/core/operations/spec.js';
import { assertBuilt, disposeAll, releaseCli, Tui } from './pty.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let sb: Sandbox;
const HOME = mkdtempSync(join(tmpdir(), 'relayer-tui-cancel-notes-'));
beforeAll(async () => {
  assertBuilt();
  sb = await startSandbox({ flavor: 'real' });
  sb.clock.stop();
});
afterAll(async () => {
  await disposeAll();
  await sb.close();
  await releaseCli();
});

async function txs(): Promise<{ id: string; nonce: number | null }[]> {
  const r = await fetch(`${sb.url}/api/v1/relayers/holesky-test/transactions?page=1&per_page=100`, { headers: { authorization: `Bearer ${sb.token}` } });
  return ((await r.json()) as { data: { id: string; nonce: number | null }[] }).data;
}

/** The interactive review of `cancel holesky-test <id>`, answered no: its text, one line. */
async function review(id: string): Promise<string> {
  return reviewOf(['cancel', 'holesky-test', id]);
}

/** The interactive review of these arguments, answered no (nothing sent): its text, one line. */
async function reviewOf(args: string[]): Promise<string> {
  const t = new Tui({ args, env: { HOME, XDG_CONFIG_HOME: join(HOME, 'c'), XDG_STATE_HOME: join(HOME, 's'), RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token }, rows: 60, cols: 250 });
  await t.waitForText('Send it? [y/N]', 10_000);
  const text = t.text().replace(/\s+/g, ' ');
  t.press('n\r');
  expect((await t.waitForExit()).exitCode).toBe(1);
  return text;
}

describe('relayer-tui cancel: the jam notes of the TUI review', () => {
  it("a cancel of the blocker says what waits and what the cancel will do, in the TUI's words", async () => {
    const blocker = (await txs()).find((t) => t.nonce === 2834)!;
    const before = sb.requests.filter((q) => q.method === 'DELETE').length;
    // Headless, the relayer is followed only with --wait (the TUI follows it after every fix).
    expect(await review(blocker.id)).toMatch(/what waits +5 transactions wait behind it \(nonce 2834: never broadcast\): once its NOOP is mined they go through in order; --wait S follows the relayer until the chain passes them/);
    expect(sb.requests.filter((q) => q.method === 'DELETE').length).toBe(before);
  }, 30_000);

  it('a cancel of one behind the jam: it cannot land before the blocker, whose fixes are named as commands, no key', async () => {
    const all = await txs();
    const blocker = all.find((t) => t.nonce === 2834)!;
    const behind = all.find((t) => t.nonce === 2835)!;
    const text = await review(behind.id);
    // Wrapped at the terminal's width: compared without the spaces a wrap puts in.
    const flat = (x: string) => x.replace(/\s+/g, '');
    expect(flat(text)).toContain(
      flat(`⚠ behind a jam it waits behind nonce 2834 (never broadcast): nothing sent for it can be mined before that nonce is — the blocker ${blocker.id} is fixed first: relayer-tui replace holesky-test ${blocker.id} --speed fastest, or relayer-tui cancel holesky-test ${blocker.id}`),
    );
    expect(text).not.toContain('fixed from t');
  }, 30_000);
});

describe('relayer-tui cancel --all-pending: the review notes of the TUI review', () => {
  it("says what v1.8 does with them, each transaction it will be asked to cancel and what the server takes: its spec's notes, as the TUI's review draws them", async () => {
    const client = createRelayerClient({ baseUrl: sb.url, token: sb.token });
    const input = await cancelPendingSpec.read(client, { relayerId: 'holesky-test' });
    if (isNotFound(input)) throw new Error('holesky-test not found');
    const now = Date.now();
    const notes = cancelPendingSpec.reviewNotes(input, { now, face: 'commands' });
    // One set of notes for both faces (nothing in them names a key or a command of one face).
    expect(cancelPendingSpec.reviewNotes(input, { now, face: 'keys' })).toEqual(notes);
    // The seeded jam's 6 not final (the blocker and 5 behind it) each listed, between the v1.8 warning and what the server takes.
    expect(notes.filter((n) => n.label.startsWith('  ')).length).toBeGreaterThanOrEqual(6);
    const before = sb.requests.filter((q) => q.method === 'DELETE').length;
    const text = await reviewOf(['cancel', 'holesky-test', '--all-pending']);
    expect(sb.requests.filter((q) => q.method === 'DELETE').length).toBe(before);
    // Compared without the spaces a wrap or the label column puts in, the read's time (its second) left out.
    const flat = (x: string) => x.replace(/as read at \d\d:\d\d:\d\d/g, 'as read at T').replace(/read at \d\d:\d\d:\d\d/g, 'read at T').replace(/\s+/g, '');
    for (const n of notes) expect(flat(text), n.label).toContain(flat(`${n.label}${n.value}`));
  }, 30_000);
});

describe('relayer-tui replace: the jam notes of the TUI review', () => {
  it("a replacement of a blocker held at its cap starts its review saying it stays jammed, the fixes as commands (the TUI's e says it with keys)", async () => {
    const r = await fetch(`${sb.url}/api/v1/relayers/avalanche-bridge/transactions?page=1&per_page=100`, { headers: { authorization: `Bearer ${sb.token}` } });
    const blocker = ((await r.json()) as { data: { id: string; nonce: number | null }[] }).data.find((t) => t.nonce === 4520)!;
    const before = sb.requests.filter((q) => q.method === 'PUT').length;
    const text = await reviewOf(['replace', 'avalanche-bridge', blocker.id, '--speed', 'fastest']);
    expect(sb.requests.filter((q) => q.method === 'PUT').length).toBe(before);
    // Compared without the spaces a wrap puts in.
    const flat = (x: string) => x.replace(/\s+/g, '');
    const f = flat(text);
    const warning = flat(
      `⚠ stays jammed a bump (this replacement) reaches only 33 gwei (quoted at the cap, raised +10 % over its price), under the network's 55 gwei: it stays jammed: raise gas_price_cap (relayer-tui policies avalanche-bridge --set gas_price_cap=72gwei), or cancel this nonce (relayer-tui cancel avalanche-bridge ${blocker.id}: the NOOP is not held to the cap)`,
    );
    expect(f).toContain(warning);
    // First among the review's lines: right after the request line.
    expect(f.indexOf(warning)).toBe(f.indexOf(flat(`PUT /api/v1/relayers/avalanche-bridge/transactions/${blocker.id}`)) + flat(`PUT /api/v1/relayers/avalanche-bridge/transactions/${blocker.id}`).length);
    expect(text).not.toMatch(/\((p|X|e)\)/);
  }, 30_000);
});
