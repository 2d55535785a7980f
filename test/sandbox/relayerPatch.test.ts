/**
 * The real flavour's PATCH /relayers/{id} (policies of every network type, custom_rpc_urls) and
 * GET /relayers/{id}/balance, over loopback HTTP, in v1.8's exact statuses and words
 * (src/sandbox/relayerPatch.ts, relayerRules.ts, rpcUrls.ts, balance.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { api, call } from './http.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, flavor: 'real', token: 'patch-token' });
});
afterAll(async () => {
  await sb.close();
});

const patch = (id: string, body: unknown) => call(sb, 'PATCH', api(`/relayers/${id}`), { body });
const refusal = async (id: string, body: unknown) => {
  const r = await patch(id, body);
  return [r.status, r.json?.error ?? r.text];
};
const EVM_FIELDS = '`min_balance`, `gas_limit_estimation`, `gas_price_cap`, `whitelist_receivers`, `eip1559_pricing`, `private_transactions`, `include_revert_data`';
const SOL_KEY = 'So11111111111111111111111111111111111111112';

describe('PATCH an EVM relayer\'s policies', () => {
  it('merges key by key, null removes one, a u128 above u64 comes as a string and goes back as an exact number; the answer fills v1.8\'s defaults', async () => {
    const r = await patch('linea-idle', { policies: { min_balance: '340282366920938463463374607431768211455', gas_price_cap: null, include_revert_data: true } });
    expect(r.status).toBe(200);
    expect(r.text).toContain('"policies":{"min_balance":340282366920938463463374607431768211455,"gas_limit_estimation":true,"eip1559_pricing":true,"private_transactions":false,"include_revert_data":true}');
    const got = await call(sb, 'GET', api('/relayers/linea-idle'));
    expect(got.json.data).toEqual(r.json.data);
    // Removing every policy: the answer has none, and min_balance falls back to v1.8's default of 1 wei when one is set again.
    const cleared = await patch('linea-idle', { policies: null });
    expect([cleared.status, 'policies' in cleared.json.data]).toEqual([200, false]);
    const one = await patch('linea-idle', { policies: { eip1559_pricing: false } });
    expect(one.json.data.policies).toEqual({ min_balance: 1, gas_limit_estimation: true, eip1559_pricing: false, include_revert_data: false });
  });

  it('refuses what does not read as RelayerEvmPolicy, in serde\'s words under v1.8\'s prefix', async () => {
    const cases: [unknown, string][] = [
      [{ gas_cap: 1 }, `unknown field \`gas_cap\`, expected one of ${EVM_FIELDS}`],
      [{ min_balance: 100000000000000000000n }, 'invalid type: floating point `100000000000000000000.0`, expected a string containing a u128 number or a u128 integer'],
      [{ min_balance: 'ten' }, 'invalid digit found in string'],
      [{ min_balance: -1 }, 'negative value cannot be converted to u128'],
      [{ eip1559_pricing: 'yes' }, 'invalid type: string "yes", expected a boolean'],
      [{ whitelist_receivers: '0x1' }, 'invalid type: string "0x1", expected a sequence'],
      [[], 'invalid length 0, expected struct RelayerEvmPolicy with 7 elements'],
      // serde_json's map is sorted: of two bad fields, the first in byte order is the one reported.
      [{ whitelist_receivers: '0x1', eip1559_pricing: 'no' }, 'invalid type: string "no", expected a boolean'],
    ];
    for (const [policies, why] of cases) {
      const body = `{"policies":${JSON.stringify(policies, (_k, v: unknown) => (typeof v === 'bigint' ? `@${v}@` : v)).replace(/"@(\d+)@"/g, '$1')}}`;
      expect(await refusal('bsc-treasury', body), why).toEqual([400, `Invalid policy: Bad Request: Invalid EVM policy: ${why}`]);
    }
  });
});

describe('PATCH a Solana relayer\'s policies', () => {
  it('takes them merged and answers with v1.8\'s defaults and f32s as serde writes them', async () => {
    const r = await patch('solana-devnet', { policies: { min_balance: 5, fee_margin_percentage: 0.1, allowed_accounts: [SOL_KEY], max_tx_data_size: null } });
    expect(r.status).toBe(200);
    expect(r.text).toContain('"max_tx_data_size":1232,"min_balance":5,"fee_payment_strategy":"relayer","fee_margin_percentage":0.1,"allowed_accounts":["So11111111111111111111111111111111111111112"],"max_allowed_fee_lamports":50000}');
    expect(r.text).toMatch(/"policies":\{"allowed_programs":\[/);
  });

  it('refuses by v1.8\'s rules, in its words', async () => {
    const cases: [unknown, string][] = [
      [{ allowed_programs: ['not-a-key'] }, 'Invalid relayer policy: Public key must be a valid Solana address'],
      [{ disallowed_accounts: [SOL_KEY] }, 'Invalid relayer policy: allowed_accounts and disallowed_accounts cannot be both present'],
      [{ fee_margin_percentage: -1 }, 'Invalid relayer policy: Negative fee margin percentage values are not accepted'],
      [{ swap_config: { strategy: 'noop' } }, 'Invalid relayer policy: Swap config only supported for user fee payment strategy'],
      [{ fee_payment_strategy: 'user', swap_config: { strategy: 'jupiter-ultra' } }, 'Invalid relayer policy: JupiterUltra strategy is only supported on mainnet-beta'],
      [{ fee_payment_strategy: 'user', swap_config: { cron_schedule: '' } }, 'Invalid relayer policy: Empty cron schedule is not accepted'],
      [{ fee_payment_strategy: 'user', swap_config: { cron_schedule: 'every day' } }, 'Invalid relayer policy: Invalid cron schedule format'],
      [{ fee_payment_strategy: 'user', swap_config: { jupiter_swap_options: { priority_level: 'high', priority_fee_max_lamports: 5 } } }, 'Invalid relayer policy: JupiterSwap options are only valid for JupiterSwap strategy'],
      [{ fee_payment_strategy: 'bank' }, 'Invalid policy: Bad Request: Invalid Solana policy: unknown variant `bank`, expected `user` or `relayer`'],
      [{ max_signatures: 256 }, 'Invalid policy: Bad Request: Invalid Solana policy: invalid value: integer `256`, expected u8'],
      [{ swap_config: { strategy: 'jupiter' } }, 'Invalid policy: Bad Request: Invalid Solana policy: unknown variant `jupiter`, expected one of `jupiter-swap`, `jupiter-ultra`, `noop`'],
    ];
    for (const [policies, error] of cases) expect(await refusal('solana-devnet', { policies }), error).toEqual([400, error]);
    expect(await refusal('solana-devnet', '{"policies":{"max_signatures":2.0}}')).toEqual([400, 'Invalid policy: Bad Request: Invalid Solana policy: invalid type: floating point `2.0`, expected u8']);
    // On mainnet-beta with the user paying, a Jupiter swap with its options paired is taken.
    const ok = await patch('solana-mainnet', { policies: { fee_payment_strategy: 'user', swap_config: { strategy: 'jupiter-swap', cron_schedule: '0 0 */6 * * *', jupiter_swap_options: { priority_level: 'veryHigh', priority_fee_max_lamports: 1000 } } } });
    expect(ok.status).toBe(200);
    expect(ok.json.data.policies.swap_config).toEqual({ strategy: 'jupiter-swap', cron_schedule: '0 0 */6 * * *', min_balance_threshold: null, jupiter_swap_options: { priority_fee_max_lamports: 1000, priority_level: 'veryHigh', dynamic_compute_unit_limit: null } });
  });
});

describe('PATCH a Stellar relayer\'s policies', () => {
  it('requires fee_payment_strategy; checks slippage, assets, swap strategies and cron', async () => {
    const cases: [unknown, string][] = [
      [{ fee_payment_strategy: null }, 'Invalid relayer policy: Fee payment strategy is required'],
      [null, 'Invalid relayer policy: Stellar policy is required. fee_payment_strategy is required'],
      [{ slippage_percentage: 100.5 }, 'Invalid relayer policy: Slippage percentage must be between 0 and 100'],
      [{ allowed_tokens: [{ asset: 'USDC' }] }, "Invalid relayer policy: Asset identifier must be 'native', 'XLM', 'CODE:ISSUER', or a contract address"],
      [{ allowed_tokens: [{ asset: 'USDC:GABC' }] }, 'Invalid relayer policy: Issuer address must be 56 characters long'],
      [{ fee_payment_strategy: 'user', swap_config: { strategies: [] } }, 'Invalid relayer policy: Swap config must include at least one strategy'],
      [{ swap_config: { strategies: ['order-book'] } }, 'Invalid relayer policy: Swap config only supported for user fee payment strategy'],
      [{ max_fee: 4294967296 }, 'Invalid policy: Bad Request: Invalid Stellar policy: invalid value: integer `4294967296`, expected u32'],
    ];
    for (const [policies, error] of cases) expect(await refusal('stellar-testnet', { policies }), error).toEqual([400, error]);
    const issuer = `G${'A'.repeat(55)}`;
    const ok = await patch('stellar-testnet', { policies: { fee_payment_strategy: 'user', allowed_tokens: [{ asset: `USDC:${issuer}`, metadata: { kind: { classic: { code: 'USDC', issuer } }, decimals: 7, canonical_asset_id: `USDC:${issuer}` } }], swap_config: { strategies: ['order-book'], cron_schedule: '0 */5 * * * *' } } });
    expect(ok.status).toBe(200);
    expect(ok.json.data.policies).toMatchObject({ min_balance: 10_000_000, fee_payment_strategy: 'user', swap_config: { strategies: ['order-book'], cron_schedule: '0 */5 * * * *', min_balance_threshold: null } });
    expect(ok.json.data.policies.allowed_tokens[0].metadata.kind).toEqual({ classic: { code: 'USDC', issuer } });
  });
});

describe('PATCH custom_rpc_urls', () => {
  it('stores them as sent and answers them masked as v1.8 masks them; a masked URL sent back is just a URL; [] stays [], null removes them', async () => {
    const r = await patch('arbitrum-payouts', { custom_rpc_urls: [{ url: 'https://arb.example.com/v2/SECRET', weight: 40 }, { url: 'https://rpc.example.org?key=SECRET' }, { url: 'http://localhost:8545' }] });
    expect(r.status).toBe(200);
    expect(r.json.data.custom_rpc_urls).toEqual([{ url: 'https://arb.example.com/***', weight: 40 }, { url: 'https://rpc.example.org?***', weight: 100 }, { url: 'http://localhost:8545', weight: 100 }]);
    expect(r.text).not.toContain('SECRET');
    const back = await patch('arbitrum-payouts', { custom_rpc_urls: r.json.data.custom_rpc_urls });
    expect([back.status, back.json.data.custom_rpc_urls]).toEqual([200, r.json.data.custom_rpc_urls]);
    expect((await patch('arbitrum-payouts', { custom_rpc_urls: [] })).json.data.custom_rpc_urls).toEqual([]);
    expect((await patch('arbitrum-payouts', { custom_rpc_urls: null })).json.data).not.toHaveProperty('custom_rpc_urls');
  });

  it('refuses what v1.8 refuses', async () => {
    const cases: [unknown, string][] = [
      [[{ url: 'not a url' }], 'Invalid RPC URL: [invalid URL]'],
      [[{ url: 'ftp://files.example.com/k' }], "Invalid RPC URL: ftp://files.example.com/[path redacted]: Invalid URL scheme 'ftp': only http and https are allowed"],
      [[{ url: 'http://metadata.google.internal:8080/x' }], 'Invalid RPC URL: http://metadata.google.internal:8080/[path redacted]: Cloud metadata hostnames (metadata.google.internal) are not allowed'],
      [[{ url: 'http://169.254.169.254/latest' }], 'Invalid RPC URL: http://169.254.169.254/[path redacted]: Cloud metadata endpoints (169.254.169.254, fd00:ec2::254) are not allowed'],
      [[{ url: 'http://0.0.0.0:8545' }], 'Invalid RPC URL: http://0.0.0.0:8545/[path redacted]: Unspecified IP addresses (0.0.0.0, ::) are not allowed'],
      [[{ url: 'https://ok.example', weight: 101 }], 'RPC URL weight must be in range 0-100'],
      [[{ url: 'https://ok.example', weight: 256 }], 'Invalid update request: invalid value: integer `256`, expected u8'],
      [['https://ok.example'], 'Invalid update request: invalid type: string "https://ok.example", expected struct RpcConfigHelper'],
      [[{ weight: 5 }], 'Invalid update request: missing field `url`'],
    ];
    for (const [urls, error] of cases) expect(await refusal('arbitrum-payouts', { custom_rpc_urls: urls }), error).toEqual([400, error]);
  });
});

describe('PATCH: the order of v1.8\'s checks', () => {
  it('404, then the request, then the policy, then a disabled relayer, then the notification, then the patched relayer', async () => {
    expect(await refusal('ghost', { colour: 1 })).toEqual([404, 'Relayer with ID ghost not found']);
    expect(await refusal('polygon-ops', { colour: 1 })).toEqual([400, 'Invalid update request: unknown field `colour`, expected one of `name`, `paused`, `policies`, `notification_id`, `custom_rpc_urls`']);
    expect(await refusal('polygon-ops', { policies: { gas_cap: 1 } })).toEqual([400, `Invalid policy: Bad Request: Invalid EVM policy: unknown field \`gas_cap\`, expected one of ${EVM_FIELDS}`]);
    expect(await refusal('polygon-ops', { notification_id: 'nope' })).toEqual([400, 'Relayer is disabled']);
    expect(await refusal('holesky-test', { notification_id: 'nope', name: '' })).toEqual([404, "Notification with ID 'nope' not found"]);
    expect(await refusal('holesky-test', { name: '', policies: { gas_price_cap: 1 } })).toEqual([400, 'Name cannot be empty']);
    expect(await refusal('holesky-test', { name: null, paused: null })).toEqual([400, 'Invalid result after patch: missing field `name`']);
    // An array is a struct in field order to serde; a bare value is not one.
    expect(await refusal('holesky-test', [1])).toEqual([400, 'Invalid update request: invalid type: integer `1`, expected a string']);
    expect(await refusal('holesky-test', 'null')).toEqual([400, 'Invalid update request: invalid type: null, expected struct UpdateRelayerRequestRaw']);
    const bad = await patch('holesky-test', '{"paused":');
    expect([bad.status, bad.contentType.startsWith('text/plain'), bad.text.startsWith('Json deserialize error: ')]).toEqual([400, true, true]);
  });
});

describe('GET /relayers/{id}/balance', () => {
  it('EVM: the chain\'s balance in wei as an exact JSON number, the same as /status, above 2^53 and above u64', async () => {
    const r = await call(sb, 'GET', api('/relayers/sepolia-main/balance'));
    const status = await call(sb, 'GET', api('/relayers/sepolia-main/status'));
    expect(r.status).toBe(200);
    expect(r.text).toBe(`{"success":true,"data":{"balance":${status.json.data.balance},"unit":"wei"},"error":null}`);
    expect(BigInt(status.json.data.balance)).toBeGreaterThan(2n ** 53n);
    await call(sb, 'POST', '/sandbox/relayers/sepolia-main/fund', { body: { wei: '1000000000000000000000000000000' } });
    const big = await call(sb, 'GET', api('/relayers/sepolia-main/balance'));
    const digits = /"balance":(\d+),/.exec(big.text)![1]!;
    expect(BigInt(digits)).toBe(BigInt(status.json.data.balance) + 10n ** 30n);
    expect(big.json.data.balance).toBe(BigInt(digits));
  });

  it('Solana in lamports, Stellar in stroops; paused and disabled relayers answer; an unknown one 404s', async () => {
    for (const [id, unit] of [['solana-devnet', 'lamport'], ['stellar-mainnet', 'stroop'], ['mainnet-hot', 'wei'], ['base-batch', 'wei']] as const) {
      const r = await call(sb, 'GET', api(`/relayers/${id}/balance`));
      const s = await call(sb, 'GET', api(`/relayers/${id}/status`));
      expect([r.status, r.json.data.unit, String(r.json.data.balance)], id).toEqual([200, unit, s.json.data.balance]);
    }
    const nf = await call(sb, 'GET', api('/relayers/ghost/balance'));
    expect([nf.status, nf.json]).toEqual([404, { success: false, data: null, error: 'Relayer with ID ghost not found' }]);
  });

  it('the contract flavour has none of these endpoints', async () => {
    const c = await startSandbox({ port: 0, flavor: 'contract' });
    try {
      for (const [method, path] of [['GET', '/relayers/sepolia-main/balance'], ['PATCH', '/relayers/sepolia-main'], ['PATCH', '/plugins/echo'], ['PATCH', '/networks/evm:sepolia']] as const) {
        const r = await call(c, method, api(path), method === 'PATCH' ? { body: {} } : {});
        expect([r.status, r.json], `${method} ${path}`).toEqual([404, { data: null, message: 'Not found', success: false }]);
      }
    } finally {
      await c.close();
    }
  });
});
