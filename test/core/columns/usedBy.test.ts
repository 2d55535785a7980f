/** Counted lists in a cell (USED BY, RPC URLS): as many as the cell holds, the rest counted (a walk read `(+10)` beside blank cells). */
import { expect, it } from 'vitest';
import { rpcWords, usedByWords } from '../../../src/core/columns/serverRecords.js';

it('names as many as fit, at least the first; all of them when there is room', () => {
  const names = ['BSC Treasury', 'Mainnet Hot Wallet', 'Sepolia Main', 'Holesky Test'];
  expect(usedByWords(names, 20)).toBe('4: BSC Treasury (+3)');
  expect(usedByWords(names, 40)).toBe('4: BSC Treasury, Mainnet Hot Wallet (+2)');
  expect(usedByWords(names)).toBe('4: BSC Treasury, Mainnet Hot Wallet, Sepolia Main, Holesky Test');
  expect(usedByWords([], 20)).toBe('none');
  expect(rpcWords([{ url: 'https://a.example/***' }, 'https://b.example/***'], 200)).toBe('2: https://a.example/***, https://b.example/***');
});

it("a notification's URL too long for its column is cut at its end: a webhook URL's end is often its secret (Slack's), never drawn on the list", async () => {
  const { NOTIFICATION_COLUMNS } = await import('../../../src/core/columns/serverRecords.js');
  const { truncateCells } = await import('../../../src/core/text/cells.js');
  const url = NOTIFICATION_COLUMNS.find((c) => c.key === 'url')!;
  const secret = 'XyZsecret0123456789abcd';
  expect(truncateCells(url.cell({ id: 'a', url: `https://hooks.slack.com/services/T0/B0/${secret}` }, 24), 24)).not.toContain(secret.slice(-6));
});
