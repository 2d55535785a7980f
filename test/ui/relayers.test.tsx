import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

describe('relayers screen', () => {
  it('lists relayers sorted by name with their state in words', async () => {
    h = await renderApp();
    // The server's dialect known (till then an active relayer's jam is not known: it reads reading…).
    const f = await h.waitFor((f) => f.includes('Sepolia Main') && !f.includes('reading…'), 'relayers');
    expect(f).toContain('SANDBOX');
    expect(f).toMatch(/paused\s+Mainnet Hot Wallet/);
    expect(f).toMatch(/disabled\s+Polygon Ops/);
    const names = [...f.matchAll(/^[› ] (?:active|paused|disabled)\s+(.+?)\s{2,}/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(10);
    expect([...names].sort((a, b) => a!.localeCompare(b!))).toEqual(names);
  });

  it('moves the cursor with j and k', async () => {
    h = await renderApp();
    await h.waitFor((f) => f.includes('Sepolia Main'));
    const first = /^› \S+\s+(.+?)\s{2,}/m.exec(h.frame())![1];
    await h.press('j', 'j');
    const third = await h.waitFor((f) => /^› \S+\s+(.+?)\s{2,}/m.exec(f)![1] !== first);
    expect(third).not.toBe(first);
  });
});

describe('filter', () => {
  it('clearing the filter keeps the selection on the row it was on', async () => {
    h = await renderApp();
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await h.press('/', 's', 'e', 'p', KEY.enter);
    await h.waitFor((f) => f.includes('2 of 15') && !f.includes('Arbitrum'), 'filtered');
    await h.press('j');
    await h.waitFor((f) => /^› \S+\s+Sepolia Main/m.test(f), 'Sepolia selected');
    await h.press(KEY.esc);
    const f = await h.waitFor((x) => x.includes('Arbitrum'), 'filter cleared');
    expect(f).toMatch(/^› \S+\s+Sepolia Main/m);
  });
});

describe('keys typed faster than a frame', () => {
  it('act on the row they moved to: "Gkkki" in one chunk opens the fourth relayer from the end', async () => {
    h = await renderApp();
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await h.press('Gkkki');
    const f = await h.waitFor((x) => x.includes('relayer-tui › relayer '), 'relayer detail');
    expect(f.split('\n')[0]).toContain('relayer Solana Devnet');
  });
});
