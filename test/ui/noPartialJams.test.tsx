/**
 * No jam from a partial first read (issue 53.3): the first screen's jam diagnosis is staged — two
 * relayers read at a time (ui/backgroundReads.ts), each row's STATE said as its read comes — and for a
 * second at start the line said `2 jammed` before the third jam was diagnosed. Until every relayer shown
 * has its first diagnosis the line counts and names no jam: it says `reading…` and how far it is, on
 * the row it has had from the first frame. Against the sandbox's real flavour over loopback, one
 * relayer's read of the chain made slow (its diagnosis then fails: the first read is complete with it
 * not diagnosed), every frame drawn from the start looked at.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from './helpers.js';
import { headLine as line, relayerRow as row, relayerState as state, tableRows } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

/** Whether a relayer shown still waits for its first diagnosis (its STATE `reading…`). */
const partial = (frame: string) => tableRows(frame).some((r) => r.startsWith('reading…'));

describe('the first screen counts no jam before its first diagnosis is complete', () => {
  it('every frame from the start: while a row reads `reading…` the line says reading… and how far, never a jam count; then the three jams', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 30 });
    // sepolia-main's read of the chain answers late, and fails: the others are diagnosed (the jams among them) first.
    // (Its read of the chain's nonce: the diagnosis's, not the forecasts' reads through /rpc.)
    h.sandbox.inject({ status: 500, body: '{"success":false,"data":null,"message":"late"}', match: { method: 'POST', pathPrefix: '/api/v1/relayers/sepolia-main/rpc', rpcMethod: 'eth_getTransactionCount' }, delayMs: 1500, times: 1 });
    const last = await h.waitFor((x) => /^3 jammed /.test(line(x)) && state(x, 'sepolia-main') === 'not diagnosed', 'the first diagnosis complete');
    expect(line(last)).toMatch(/^3 jammed .*holesky-test.*; 1 not diagnosed: sepolia-main/);
    const frames = h.stdout.frames.filter((f) => tableRows(f).length > 0);
    // The staging was seen: a jam's row marked while sepolia-main's diagnosis was still on its way.
    const staged = frames.filter((f) => partial(f) && state(f, 'optimism-relay') === 'jammed' && state(f, 'holesky-test') === 'jammed');
    expect(staged.length).toBeGreaterThan(0);
    for (const f of staged) expect(line(f)).toMatch(/^reading… jams diagnosed for \d+ of \d+ relayers \(counted once all are\)$/);
    // In no frame before the diagnosis was complete was a jam counted or named in the line.
    const early = frames.filter((f) => partial(f) && /\bjammed\b|holesky-test|avalanche-bridge|optimism-relay/.test(line(f)));
    expect(early.map(line)).toEqual([]);
    // Nor was a jammed relayer ever said active.
    for (const id of ['holesky-test', 'avalanche-bridge', 'optimism-relay']) expect(frames.filter((f) => state(f, id) === 'active').length, id).toBe(0);
  });
});
