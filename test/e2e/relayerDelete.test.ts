/**
 * Relayer delete (issue 52.3), through its spec alone, the built CLI against the sandbox's real flavour
 * over loopback: refused before sending while the relayer has transactions pending, sent or submitted
 * (their count in the words, as v1.8's delete_relayer refuses with 400); --dry-run shows the request;
 * done on an idle one, which the list then lacks; a server of the interface document has none; in the
 * TUI, D reviews it and sends only when the relayer's id is typed (a wrong id: nothing sent), and the
 * relayers list behind drops it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { assertBuilt, disposeAll, KEY, releaseCli, startCli } from './pty.js';
import { runAgainst } from './run.js';

afterEach(disposeAll);

const HOME = mkdtempSync(join(tmpdir(), 'relayer-tui-relayer-delete-'));
let sb: Sandbox;
let contract: Sandbox;
beforeAll(async () => {
  assertBuilt();
  [sb, contract] = await Promise.all([startSandbox({ flavor: 'real' }), startSandbox({ flavor: 'contract' })]);
});
afterAll(async () => {
  await Promise.all([sb.close(), contract.close()]);
  await releaseCli();
});

const run = (args: string[], server: Sandbox = sb) => runAgainst(server, HOME, args);
const deletes = (s: Sandbox) => s.requests.filter((r) => r.method === 'DELETE' && /^\/api\/v1\/relayers\/[^/]+$/.test(r.url));
const ids = async (server: Sandbox = sb) => (JSON.parse((await run(['relayers', '--json'], server)).out) as { items: { id: string }[] }).items.map((r) => r.id);

describe('relayer-tui relayers delete', () => {
  it('refused before sending while transactions are pending, sent or submitted: their count said (exit 2, nothing sent)', async () => {
    const before = deletes(sb).length;
    const r = await run(['relayers', 'delete', 'sepolia-main', '--yes']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/not sent: relayer sepolia-main has [1-9]\d* transactions? pending, sent or submitted: the OpenZeppelin Relayer refuses to delete it \(400\)/);
    expect(deletes(sb).length).toBe(before);
    expect(await ids()).toContain('sepolia-main');
  });

  it('--dry-run shows the request; --yes deletes an idle relayer (the restart note said first); the list no longer has it', async () => {
    const dry = await run(['relayers', 'delete', 'linea-idle', '--dry-run']);
    expect(dry).toMatchObject({ code: 0, out: `DELETE ${sb.url}/api/v1/relayers/linea-idle\n` });
    const before = deletes(sb).length;
    const done = await run(['relayers', 'delete', 'linea-idle', '--yes']);
    expect(done.code, done.err).toBe(0);
    expect(done.err).toContain("after a restart: if it is defined in the server's config file, it comes back when the server loads that file again");
    expect(deletes(sb).slice(before)).toMatchObject([{ method: 'DELETE', url: '/api/v1/relayers/linea-idle' }]);
    expect(await ids()).not.toContain('linea-idle');
    expect(await run(['relayers', 'delete', 'linea-idle', '--yes'])).toMatchObject({ code: 5, err: expect.stringContaining('Relayer linea-idle not found') });
  });

  it('read-only refuses; a server of the interface document has no relayer delete (nothing sent)', async () => {
    expect(await run(['relayers', 'delete', 'bsc-treasury', '--yes', '--read-only'])).toMatchObject({ code: 10, err: expect.stringContaining('deleting relayers is disabled') });
    const before = contract.requests.filter((q) => q.method === 'DELETE').length;
    expect(await run(['relayers', 'delete', 'sepolia-main', '--yes'], contract)).toMatchObject({ code: 2, err: expect.stringContaining('not sent: deleting a relayer is the OpenZeppelin Relayer’s (DELETE /relayers/{id})') });
    expect(contract.requests.filter((q) => q.method === 'DELETE').length).toBe(before);
  });

  it('the TUI: D reviews it, a wrong id typed sends nothing, its id typed deletes it, the list drops it', async () => {
    const tui = await startCli({ args: ['--url', sb.url], env: { RELAYER_API_KEY: sb.token, XDG_STATE_HOME: join(HOME, 's') }, cols: 100, rows: 30 });
    tui.press('/');
    tui.press('BSC');
    tui.press(KEY.enter);
    await tui.waitForScreen((r) => r.some((l) => /^›.*BSC Treasury/.test(l)), 5000, 'BSC Treasury selected');
    tui.press('D');
    const review = (await tui.waitForText('Type bsc-treasury and enter to send what is below')).join('\n');
    expect(review).toMatch(/DELETE \/api\/v1\/relayers\/bsc-treasury/);
    expect(review).toMatch(/in flight\s+no transaction pending, sent or submitted/);
    const before = deletes(sb).length;
    tui.press('bsc-treasurx');
    tui.press(KEY.enter);
    await tui.waitForText('Type bsc-treasury exactly, then enter: nothing was sent');
    expect(deletes(sb).length).toBe(before);
    for (let i = 0; i < 'bsc-treasurx'.length; i++) tui.press('\x7f');
    tui.press('bsc-treasury');
    tui.press(KEY.enter);
    await tui.waitForText(/Done \(HTTP 200\): relayer bsc-treasury deleted/);
    expect(deletes(sb).slice(before)).toMatchObject([{ url: '/api/v1/relayers/bsc-treasury' }]);
    // Back on the list (its filter still on): it was told, read again, and has it no more.
    tui.press(KEY.esc);
    await tui.waitForText('No relayers match "BSC"');
    tui.press(KEY.esc);
    const rows = await tui.waitForText('Sepolia Main');
    expect(rows.join('\n')).not.toContain('BSC Treasury');
  });
});
