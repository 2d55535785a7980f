import { describe, expect, it } from 'vitest';
import { BULK_RELAYER_ID, SANDBOX_RELAYERS } from '../../src/sandbox/index.js';
import { FLAVORS, apiError, refusedLocally, useSandbox } from './helpers.js';

const STATUSES = ['canceled', 'pending', 'sent', 'submitted', 'mined', 'confirmed', 'failed', 'expired'];

describe.each(FLAVORS)('listing (%s flavor)', (flavor) => {
  const ctx = useSandbox({ flavor });

  describe('relayers', () => {
    it('returns a Page with exactly items, page, perPage, totalItems', async () => {
      const before = ctx.count();
      const page = await ctx.client.listRelayers();
      expect(Object.keys(page).sort()).toEqual(['items', 'page', 'perPage', 'totalItems']);
      expect(page.page).toBe(1);
      expect(page.perPage).toBe(10);
      expect(page.totalItems).toBe(SANDBOX_RELAYERS.length);
      expect(page.totalItems).toBeGreaterThanOrEqual(14);
      expect(page.items).toHaveLength(10);
      const sent = ctx.since(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.method).toBe('GET');
      expect(sent[0]!.url).toBe('/api/v1/relayers?page=1&per_page=10');
    });

    it('returns every seeded relayer on one large page, with their states', async () => {
      const page = await ctx.client.listRelayers({ page: 1, perPage: 100 });
      expect(page.items).toHaveLength(page.totalItems);
      expect(page.items.map((r) => r.id).sort()).toEqual([...SANDBOX_RELAYERS].sort());
      const byId = new Map(page.items.map((r) => [r.id, r]));
      expect(byId.get('sepolia-main')).toMatchObject({ network_type: 'evm', paused: false, system_disabled: false });
      expect(byId.get('mainnet-hot')?.paused).toBe(true);
      const polygon = byId.get('polygon-ops')!;
      expect(polygon.system_disabled).toBe(true);
      expect(polygon.disabled_reason).toMatchObject({ type: 'Multiple' });
      const details = (polygon.disabled_reason as { details: { type: string }[] }).details;
      expect(details.map((d) => d.type)).toEqual(['NonceSyncFailed', 'RpcValidationFailed']);
      expect(byId.get('solana-devnet')?.network_type).toBe('solana');
      expect(byId.get('stellar-testnet')?.network_type).toBe('stellar');
      // min_balance of 100 ETH in wei does not fit a double: it must come back exact.
      expect(byId.get('mainnet-hot')?.policies?.min_balance).toBe(100_000_000_000_000_000_000n);
    });

    it('pages through to the last page and reports an empty page beyond the end', async () => {
      const total = (await ctx.client.listRelayers({ perPage: 100 })).totalItems;
      const perPage = 4;
      const last = Math.ceil(total / perPage);
      const seen: string[] = [];
      for (let p = 1; p <= last; p++) {
        const page = await ctx.client.listRelayers({ page: p, perPage });
        expect(page.page).toBe(p);
        expect(page.perPage).toBe(perPage);
        expect(page.totalItems).toBe(total);
        expect(page.items.length).toBe(p < last ? perPage : total - perPage * (last - 1));
        seen.push(...page.items.map((r) => r.id));
      }
      expect(new Set(seen).size).toBe(total);
      const beyond = await ctx.client.listRelayers({ page: last + 1, perPage });
      expect(beyond).toEqual({ items: [], page: last + 1, perPage, totalItems: total });
      const far = await ctx.client.listRelayers({ page: 1000, perPage: 50 });
      expect(far.items).toEqual([]);
      expect(far.totalItems).toBe(total);
    });

    it.each([
      ['page', { page: 0 }],
      ['page', { page: -1 }],
      ['page', { page: 1.5 }],
      ['page', { page: Number.NaN }],
      ['per_page', { perPage: 0 }],
      ['per_page', { perPage: -10 }],
      ['per_page', { perPage: 2.5 }],
    ])('refuses bad %s %o before sending', async (field, q) => {
      const err = await refusedLocally(ctx, () => ctx.client.listRelayers(q));
      expect(err.field).toBe(field);
      expect(err.message).toContain(field);
    });
  });

  describe('transactions', () => {
    it('lists sepolia-main newest first with all eight statuses', async () => {
      const page = await ctx.client.listTransactions('sepolia-main', { perPage: 100 });
      expect(page.totalItems).toBe(60);
      expect(page.items).toHaveLength(60);
      expect(new Set(page.items.map((t) => t.status))).toEqual(new Set(STATUSES));
      for (const t of page.items) expect(t.relayer_id).toBe('sepolia-main');
      const created = page.items.map((t) => Date.parse(String(t.created_at)));
      for (let i = 1; i < created.length; i++) expect(created[i - 1]!).toBeGreaterThanOrEqual(created[i]!);
      expect(page.items.slice(0, 3).map((t) => t.status)).toEqual(['pending', 'sent', 'submitted']);
    });

    it('keeps the transaction value format of the flavor, exactly', async () => {
      const page = await ctx.client.listTransactions('sepolia-main', { perPage: 100 });
      const pattern = flavor === 'real' ? /^0x[0-9a-f]+$/ : /^\d+$/;
      for (const t of page.items) expect(String(t.value)).toMatch(pattern);
      // Two seeded values exceed 2^64: they are strings kept digit for digit.
      const big = page.items.filter((t) => BigInt(String(t.value)) > 1n << 64n);
      expect(big.length).toBeGreaterThanOrEqual(2);
      for (const t of big) expect(typeof t.value).toBe('string');
      if (flavor === 'real') {
        for (const t of page.items) expect(String(t.created_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}\+00:00$/);
      }
    });

    it('sends the contract path with its trailing slash and the page query', async () => {
      const before = ctx.count();
      const page = await ctx.client.listTransactions('sepolia-main', { page: 2, perPage: 7 });
      expect(page).toMatchObject({ page: 2, perPage: 7, totalItems: 60 });
      expect(page.items).toHaveLength(7);
      expect(ctx.since(before).map((r) => r.url)).toEqual(['/api/v1/relayers/sepolia-main/transactions/?page=2&per_page=7']);
    });

    it('returns the last partial page and an empty page beyond the end', async () => {
      const last = await ctx.client.listTransactions('sepolia-main', { page: 7, perPage: 9 });
      expect(last.items).toHaveLength(60 - 6 * 9);
      const beyond = await ctx.client.listTransactions('sepolia-main', { page: 8, perPage: 9 });
      expect(beyond).toEqual({ items: [], page: 8, perPage: 9, totalItems: 60 });
    });

    it('lists an empty relayer as an empty page', async () => {
      const page = await ctx.client.listTransactions('linea-idle');
      expect(page).toEqual({ items: [], page: 1, perPage: 10, totalItems: 0 });
    });

    it('lists Solana and Stellar transactions with their own shapes', async () => {
      const sol = await ctx.client.listTransactions('solana-devnet', { perPage: 50 });
      expect(sol.items.length).toBe(sol.totalItems);
      expect(sol.items.length).toBeGreaterThan(0);
      for (const t of sol.items) expect(typeof t.transaction).toBe('string');
      const xlm = await ctx.client.listTransactions('stellar-testnet', { perPage: 50 });
      expect(xlm.items.length).toBeGreaterThan(0);
      for (const t of xlm.items) {
        expect(typeof t.fee).toBe('number');
        expect(String(t.sequence_number)).toMatch(/^\d+$/);
        expect(t.source_account).toMatch(/^G/);
      }
    });

    it('answers an unknown relayer with not_found and the exact contract text', async () => {
      const err = await apiError(ctx.client.listTransactions('nope'));
      expect(err.kind).toBe('not_found');
      expect(err.status).toBe(404);
      expect(err.message).toBe('Relayer with ID nope not found');
    });

    it('encodes the relayer id in the path', async () => {
      const before = ctx.count();
      const err = await apiError(ctx.client.listTransactions('no pe/x'));
      expect(err.kind).toBe('not_found');
      expect(ctx.since(before)[0]!.url).toBe('/api/v1/relayers/no%20pe%2Fx/transactions/?page=1&per_page=10');
    });

    it.each([
      ['page', { page: 0 }],
      ['page', { page: -2 }],
      ['per_page', { perPage: 0 }],
      ['per_page', { perPage: 1.25 }],
    ])('refuses bad %s %o before sending', async (field, q) => {
      const err = await refusedLocally(ctx, () => ctx.client.listTransactions('sepolia-main', q));
      expect(err.field).toBe(field);
      expect(err.message).toContain(field);
    });

    it('refuses an empty relayer id before sending', async () => {
      const err = await refusedLocally(ctx, () => ctx.client.listTransactions(''));
      expect(err.field).toBe('relayer_id');
    });

    it('reads a deep page of the million-transaction relayer', async () => {
      const started = performance.now();
      const page = await ctx.client.listTransactions(BULK_RELAYER_ID, { page: 99_999, perPage: 10 });
      const ms = performance.now() - started;
      console.log(`[${flavor}] ${BULK_RELAYER_ID} page 99999 x 10: ${ms.toFixed(1)} ms`);
      expect(page.totalItems).toBe(1_000_000);
      expect(page.items).toHaveLength(10);
      expect(new Set(page.items.map((t) => t.id)).size).toBe(10);
      const last = await ctx.client.listTransactions(BULK_RELAYER_ID, { page: 100_000, perPage: 10 });
      expect(last.items).toHaveLength(10);
      const beyond = await ctx.client.listTransactions(BULK_RELAYER_ID, { page: 100_001, perPage: 10 });
      expect(beyond.items).toEqual([]);
      expect(beyond.totalItems).toBe(1_000_000);
    });
  });
});
