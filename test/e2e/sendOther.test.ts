/**
 * Issue 42.2, `relayer-tui send` on Solana and Stellar relayers: the built CLI against the sandbox's
 * real flavour (which answers as v1.8's send_transaction does) over loopback. The body is read by the
 * relayer's network type; what v1.8 would refuse is refused before sending (exit 2, nothing POSTed);
 * --yes sends the exact body and names the new transaction; a withdrawal is EVM's only.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { base58Decode } from '../../src/core/base58.js';
import { assertBuilt, cliPath } from './pty.js';

const HOME = mkdtempSync(join(tmpdir(), 'relayer-tui-send-other-'));
let r: Sandbox;
beforeAll(async () => {
  assertBuilt();
  r = await startSandbox({ flavor: 'real' });
  r.clock.stop();
});
afterAll(() => r.close());

const run = (args: string[], stdin?: string) =>
  new Promise<{ code: number; out: string; err: string }>((resolve) => {
    const child = execFile(process.execPath, [cliPath(), ...args], { env: { PATH: process.env.PATH ?? '', HOME, XDG_CONFIG_HOME: join(HOME, 'c'), XDG_STATE_HOME: join(HOME, 's'), RELAYER_URL: r.url, RELAYER_API_KEY: r.token } }, (e, out, err) =>
      resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }),
    );
    child.stdin?.end(stdin ?? '');
  });
const posts = (id: string) => r.requests.filter((q) => q.method === 'POST' && q.url === `/api/v1/relayers/${id}/transactions`);
const address = async (id: string) => ((await (await fetch(`${r.url}/api/v1/relayers/${id}`, { headers: { authorization: `Bearer ${r.token}` } })).json()) as { data: { address: string } }).data.address;

/** A legacy Solana transaction (bincode, as v1.8 reads it) whose fee payer is `payer`. */
function legacyTx(payer: string): string {
  const key = base58Decode(payer)!;
  return Buffer.from([1, ...new Array(64).fill(0), 1, 0, 1, 2, ...key, ...new Uint8Array(32).fill(5), ...new Uint8Array(32).fill(1), 0]).toString('base64');
}

describe('send on a Solana relayer', () => {
  it('a transaction whose fee payer is not the relayer is refused before sending (exit 2); its own is sent exactly and named', async () => {
    const mine = await address('solana-devnet');
    const other = await address('solana-mainnet');
    const before = posts('solana-devnet').length;
    const wrong = await run(['send', 'solana-devnet', '--transaction', legacyTx(other), '--yes']);
    expect(wrong.code, wrong.err).toBe(2);
    expect(wrong.err).toContain(`: its fee payer is ${other}, not the relayer (${mine})`);
    const signer = await run(['send', 'solana-devnet', '--instructions', JSON.stringify([{ program_id: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', accounts: [{ pubkey: other, is_signer: true, is_writable: true }], data: '' }]), '--yes']);
    expect(signer.code).toBe(2);
    expect(signer.err).toContain(`instruction 0 account 0: only the relayer (${mine}) may be a signer`);
    expect(posts('solana-devnet').length).toBe(before);

    const tx = legacyTx(mine);
    const sent = await run(['send', 'solana-devnet', '--transaction', tx, '--yes', '--output', 'table']);
    expect(sent.code, sent.err).toBe(0);
    expect(posts('solana-devnet').at(-1)!.body).toBe(`{"transaction":"${tx}"}`);
    const id = /new transaction ([0-9a-f-]{36}), pending/.exec(sent.out)![1]!;
    expect(r.getTransaction('solana-devnet', id)).toMatchObject({ status: 'pending' });
  });

  it('a withdrawal is an EVM send: refused on a Solana relayer, in words (exit 2)', async () => {
    const w = await run(['withdraw', 'solana-devnet', '--to', 'x', '--all', '--yes']);
    expect(w.code).toBe(2);
    expect(w.err).toContain('a withdrawal is an EVM send here (solana-devnet is solana)');
  });
});

describe('send on a Stellar relayer', () => {
  const pay = { type: 'payment', destination: 'GBRPYHIL2CI3FNQ4BXLFMNDLFJUNPU2HY3ZMFSHONUCEOASW7QC7OX2H', amount: '1000000', asset: { type: 'native' } };

  it('--body - sends the body exactly (memo in v1.8 encoding); a Soroban operation with a memo is refused before sending', async () => {
    const before = posts('stellar-testnet').length;
    const soroban = await run(['send', 'stellar-testnet', '--body', '-', '--yes'], JSON.stringify({ network: 'testnet', operations: [{ type: 'invoke_contract', contract_address: 'C', function_name: 'f', args: [] }], memo: { type: 'text', value: 'hi' } }));
    expect(soroban.code).toBe(2);
    expect(soroban.err).toContain('--body: memo_type: a Soroban operation takes no memo');
    const flags = await run(['send', 'stellar-testnet', '--to', 'x', '--yes']);
    expect(flags.code).toBe(2);
    expect(flags.err).toContain('--to is not a flag of a Stellar send, and relayer stellar-testnet is stellar: give its body with --body FILE|-');
    expect(posts('stellar-testnet').length).toBe(before);

    const sent = await run(['send', 'stellar-testnet', '--body', '-', '--yes', '--output', 'table'], JSON.stringify({ network: 'testnet', operations: [pay], memo: { type: 'id', value: 42 } }));
    expect(sent.code, sent.err).toBe(0);
    expect(posts('stellar-testnet').at(-1)!.body).toBe(`{"network":"testnet","operations":[${JSON.stringify(pay)}],"memo":{"type":"id","value":"42"}}`);
    const id = /new transaction ([0-9a-f-]{36}), pending/.exec(sent.out)![1]!;
    expect(r.getTransaction('stellar-testnet', id)).toMatchObject({ status: 'pending' });
    // The sandbox's clock, driven: the new one goes through (pending → … → confirmed), one step a block.
    for (let i = 0; i < 40 && r.getTransaction('stellar-testnet', id)?.status !== 'confirmed'; i++) r.clock.step(1);
    expect(r.getTransaction('stellar-testnet', id)?.status).toBe('confirmed');
  });
});

describe('n on a Stellar relayer, in a real pseudo-terminal at 80x24', () => {
  it('the form, the review of the exact body, y sends it; the new transaction named; the ledger has it', async () => {
    const { startCli, releaseCli, KEY: K } = await import('./pty.js');
    const pay = { type: 'payment', destination: 'GBRPYHIL2CI3FNQ4BXLFMNDLFJUNPU2HY3ZMFSHONUCEOASW7QC7OX2H', amount: '5', asset: { type: 'native' } };
    const tui = await startCli({ args: ['--url', r.url], env: { RELAYER_API_KEY: r.token, XDG_STATE_HOME: join(HOME, 'pty') }, cols: 80, rows: 24 });
    try {
      await tui.waitForText('Sepolia Main');
      tui.press('/');
      tui.press('stellar-testnet');
      tui.press(K.enter);
      await tui.waitForScreen((rows) => rows.some((l) => /^› .*Stellar Testnet/.test(l)), 5000, 'stellar-testnet selected');
      tui.press('n');
      await tui.waitForText('stellar-testnet › send');
      tui.press(K.tab);
      tui.press(JSON.stringify([pay]));
      tui.press(K.ctrlS);
      await tui.waitForText('Review:');
      const before = posts('stellar-testnet').length;
      await tui.sendReview();
      await tui.waitForScreen((rows) => rows.some((l) => /new transaction\s+[0-9a-f-]{36}/.test(l)), 10_000, 'the new transaction');
      expect(posts('stellar-testnet').length).toBe(before + 1);
      expect(posts('stellar-testnet').at(-1)!.body).toBe(`{"network":"testnet","operations":[${JSON.stringify(pay)}],"memo":{"type":"none"},"max_fee":1000000}`);
      const { readFileSync } = await import('node:fs');
      expect(readFileSync(join(HOME, 'pty', 'relayer-tui', 'audit.jsonl'), 'utf8')).toContain('"path":"/api/v1/relayers/stellar-testnet/transactions"');
    } finally {
      if (!tui.hasExited) tui.kill();
      await releaseCli();
    }
  }, 40_000);
});
