/**
 * Words for the face that reads them (issue 53.5): no headless output names a TUI key. The built CLI's
 * commands whose words come from the same core as the TUI's (check and its runbook of fixes, the
 * relayers table, the refusals and warnings of sends, cancels, replacements and policy edits) run
 * against the sandbox's real flavour, its clock stopped, its seeded jams and a paused relayer in
 * place; every byte they print is searched for a key named as the TUI names keys.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cliWithSandbox } from './run.js';

const cli = cliWithSandbox('relayer-tui-headless-words-');
beforeAll(() => cli.sandbox().clock.stop());
const run = async (args: string[]) => {
  const r = await cli.run(args);
  return `${r.out}\n${r.err}`;
};

/**
 * A key as the TUI's words name one: a letter or a key's name in parentheses (`(p)`, `(P)`, `(enter)`),
 * a letter opening a parenthesis before its gloss (`(X: the NOOP …)`, `(e bumps …)`),
 * `from t`, `t: the worst first`, `press …`, `enter, then`, `esc …`, a palette command (`:messages`).
 */
const KEY_WORDS = /\((?:[a-zA-Z]|enter|esc|tab|ctrl\+\w)\)|\((?:[a-zA-Z])[:\s]|\bfrom t\b|\bt: the worst|\bpress(?:es)? [a-zA-Z]\b|\benter, then\b|\besc (?:stops|goes|back)\b|(?:^|\s):(?:messages|audit|stuck|fleet|log)\b|\b[a-zA-Z] (?:on one )?(?:lists|says|opens|fixes) (?:them|it|why)\b/m;

async function txOf(relayer: string, status: string): Promise<{ id: string; nonce: number | null }> {
  const res = await fetch(`${cli.sandbox().url}/api/v1/relayers/${relayer}/transactions?status=${status}&per_page=1`, { headers: { authorization: `Bearer ${cli.sandbox().token}` } });
  return ((await res.json()) as { data: { id: string; nonce: number | null }[] }).data[0]!;
}

describe('no headless output names a TUI key', () => {
  it('check, check --json, the relayers table, and the refusals and warnings of the mutations', async () => {
    const waiter = await txOf('holesky-test', 'submitted');
    const paused = await txOf('mainnet-hot', 'pending');
    const outputs: Record<string, string> = {
      check: await run(['check']),
      'check --json': await run(['check', '--json']),
      relayers: await run(['relayers', '--output', 'table']),
      'cancel a waiter': await run(['cancel', 'holesky-test', waiter.id]),
      'cancel on a paused relayer': await run(['cancel', 'mainnet-hot', paused.id, '--yes']),
      'replace on a paused relayer': await run(['replace', 'mainnet-hot', paused.id, '--value', '1', '--yes']),
      'send from a paused relayer': await run(['send', 'mainnet-hot', '--to', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '--value', '1', '--speed', 'fast', '--yes']),
      'a cap under the network': await run(['policies', 'avalanche-bridge', '--set', 'gas_price_cap=1gwei']),
      'a min_balance over the balance': await run(['policies', 'sepolia-main', '--set', 'min_balance=100eth']),
      // --wait's deadline (the clock stopped: nothing clears): the jam as it is then, its fixes named.
      'policies --wait at its deadline': await run(['policies', 'avalanche-bridge', '--set', 'min_balance=0.001avax', '--yes', '--wait', '1']),
      'policies --wait --output json at its deadline': await run(['policies', 'holesky-test', '--set', 'min_balance=0.001eth', '--yes', '--wait', '1', '--output', 'json']),
    };
    // Each ran and said something (a test of nothing would pass).
    for (const [name, text] of Object.entries(outputs)) expect(text.trim().length, name).toBeGreaterThan(20);
    expect(outputs.check).toMatch(/jammed/);
    expect(outputs['policies --wait at its deadline']).toMatch(/still jammed after \d+s .*at its cap 30 gwei.*raise gas_price_cap \(relayer-tui policies avalanche-bridge --set gas_price_cap=\d+gwei\)/);
    expect(outputs['policies --wait --output json at its deadline']).toMatch(/still jammed after \d+s .*never broadcast.*relayer-tui cancel holesky-test /);
    const found = Object.entries(outputs).flatMap(([name, text]) => text.split('\n').filter((l) => KEY_WORDS.test(l)).map((l) => `${name}: ${l}`));
    expect(found).toEqual([]);
  }, 60_000);
});
