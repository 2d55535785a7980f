/**
 * parseInterpreted (the TUI's start): zod checks every answer with its interpreter, compiling no parser
 * (`new Function`, whose code no code cache holds) — the relayers page's schemas too, though they are
 * built as the module loads, before the call; parseInterpreted(false) (the first frame drawn) compiles again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseInterpreted } from '../../src/api/index.js';
import { useSandbox } from './helpers.js';

describe('parseInterpreted', () => {
  const ctx = useSandbox({ flavor: 'real' });
  const original = globalThis.Function;
  afterEach(() => {
    globalThis.Function = original;
  });

  it('reads the relayers page and a transactions page without compiling a parser', async () => {
    parseInterpreted();
    let compiled = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        compiled++;
        return Reflect.construct(target, args) as object;
      },
    });
    const page = await ctx.client.listRelayers({ page: 1, perPage: 50 });
    expect(page.items.length).toBeGreaterThan(10);
    const txs = await ctx.client.listTransactions(page.items[0]!.id, { page: 1, perPage: 20 });
    expect(txs.items.length).toBeGreaterThan(0);
    expect(compiled).toBe(0);
    // After the TUI's first frame: compiled again (the fleet's thousands of pages) — the transactions page's
    // schema too, built while interpreted (zod's global jitless would have kept it interpreted for good).
    parseInterpreted(false);
    await ctx.client.listRelayers({ page: 1, perPage: 50 });
    const before = compiled;
    await ctx.client.listTransactions(page.items[0]!.id, { page: 1, perPage: 20 });
    expect(compiled).toBeGreaterThan(before);
  });
});
