import { describe, expect, it } from 'vitest';
import { layoutColumns, type Column, fitAmount } from '../../../src/core/columns/layout.js';
import { transactionColumns } from '../../../src/core/columns/transactions.js';
import { RELAYER_COLUMNS } from '../../../src/core/columns/relayers.js';

const col = (key: string, width: number, priority: number, flex = false): Column<unknown> => ({ key, title: key.toUpperCase(), width, priority, flex, cell: () => '' });
const total = (l: { width: number }[]) => l.reduce((n, x) => n + x.width, 0) + Math.max(0, l.length - 1);

describe('layoutColumns', () => {
  const cols = [col('a', 10, 0), col('b', 10, 3), col('c', 10, 1, true), col('d', 10, 2)];

  it('shows every column in display order when there is room, flex columns taking the spare room', () => {
    const l = layoutColumns(cols, 62);
    expect(l.map((x) => x.col.key)).toEqual(['a', 'b', 'c', 'd']);
    expect(total(l)).toBe(60);
    expect(l.find((x) => x.col.key === 'c')!.width).toBe(27);
  });

  it('drops columns by priority (highest number first) and keeps the rest in display order', () => {
    expect(layoutColumns(cols, 2 + 43).map((x) => x.col.key)).toEqual(['a', 'b', 'c', 'd']);
    expect(layoutColumns(cols, 2 + 42).map((x) => x.col.key)).toEqual(['a', 'c', 'd']);
    expect(layoutColumns(cols, 2 + 31).map((x) => x.col.key)).toEqual(['a', 'c']);
    expect(layoutColumns(cols, 2 + 10).map((x) => x.col.key)).toEqual(['a']);
  });

  it('always fits the width', () => {
    for (const width of [40, 60, 61, 80, 99, 100, 140]) {
      for (const set of [cols, RELAYER_COLUMNS, transactionColumns('evm', 'sepolia', Date.now), transactionColumns('stellar', null, Date.now)]) {
        const l = layoutColumns(set as readonly Column<unknown>[], width);
        expect(total(l)).toBeLessThanOrEqual(width - 2);
      }
    }
  });

  it('keeps status, age and fee of EVM transactions at 60 columns and drops the recipient and hash first', () => {
    const keys = layoutColumns(transactionColumns('evm', 'sepolia', Date.now), 60).map((x) => x.col.key);
    expect(keys).toContain('status');
    expect(keys).toContain('age');
    expect(keys).toContain('fee');
    expect(keys).not.toContain('hash');
    expect(keys).not.toContain('to');
    expect(layoutColumns(transactionColumns('evm', 'sepolia', Date.now), 80).map((x) => x.col.key)).toEqual(['status', 'nonce', 'hash', 'value', 'fee', 'speed', 'age']);
    const wide = layoutColumns(transactionColumns('evm', 'sepolia', Date.now), 120).map((x) => x.col.key);
    expect(wide).toEqual(['status', 'nonce', 'hash', 'to', 'value', 'fee', 'speed', 'age']);
  });
});

describe('columns by content (issue 18.8)', () => {
  type R = { a: string; b: string; c: string };
  const cols: Column<R>[] = [
    { key: 'a', title: 'A', width: 4, priority: 0, cell: (r) => r.a },
    { key: 'b', title: 'B', width: 6, priority: 1, flex: true, cell: (r, w) => (r.b.length > w ? `${r.b.slice(0, w - 1)}…` : r.b) },
    { key: 'c', title: 'C', width: 6, priority: 2, cell: (r, w) => (r.c.length > w ? `${r.c.slice(0, w - 1)}…` : r.c) },
  ];
  const rows: R[] = [{ a: 'aa', b: 'b'.repeat(30), c: 'c'.repeat(10) }];

  it('spare room goes to the columns their content does not fit, by priority, never past the need', () => {
    // 2 marks + 4 + 1 + 6 + 1 + 6 = 20; 10 spare: b (priority 1) needs 24 and takes them all.
    expect(layoutColumns(cols, 30, undefined, rows).map((x) => x.width)).toEqual([4, 16, 6]);
    // 26 spare: b whole (24), c the other 2.
    expect(layoutColumns(cols, 46, undefined, rows).map((x) => x.width)).toEqual([4, 30, 8]);
    // Room for everything: each as wide as its content, no blank cells beside a shortened column.
    expect(layoutColumns(cols, 200, undefined, rows).map((x) => x.width)).toEqual([4, 30, 10]);
    // Without rows, the flex column takes the spare room (as before).
    expect(layoutColumns(cols, 30).map((x) => x.width)).toEqual([4, 16, 6]);
  });

  it('a whole 0x address and hash at 200 columns; the Solana id whole at 120', () => {
    const tx = { id: '934c3896-48fe-48f1-a687-9fdb78e2baf4', status: 'sent', hash: `0x${'ab'.repeat(32)}`, to: `0x${'12'.repeat(20)}`, value: '1000000000000000000', nonce: 7, gas_price: '20000000000', created_at: new Date().toISOString() };
    const evm = layoutColumns(transactionColumns('evm', 'sepolia', Date.now), 200, undefined, [tx as never]);
    expect(Object.fromEntries(evm.map((x) => [x.col.key, x.width]))).toMatchObject({ hash: 66, to: 42 });
    const sol = layoutColumns(transactionColumns('solana', 'devnet', Date.now), 120, undefined, [{ ...tx, signature: 'S'.repeat(88) } as never]);
    expect(sol.find((x) => x.col.key === 'id')!.width).toBe(36);
  });
});

describe('fitAmount: a unit is never cut from a number (issue 18.8)', () => {
  const cases: [string, number, string][] = [
    ['1,234.5678… ETH', 13, '1,234.56… ETH'],
    ['1,234.5678… ETH', 11, '1,234… ETH'],
    ['36.3/3.3 gwei', 11, '36…/3… gwei'],
    ['43.05… gwei', 9, '43… gwei'],
    ['0.224 ETH', 9, '0.224 ETH'],
    ['1,234,567.5 ETH', 9, '≈1e6 ETH'],
    ['123456789', 6, '≈1.2e8'],
    // A small balance whose cut fraction would keep only zeros (0.00… AVAX): its first digits instead.
    ['0.0051155 AVAX', 12, '0.0051… AVAX'],
    ['0.0051155 AVAX', 11, '0.005… AVAX'],
    ['0.0051155 AVAX', 10, '≈5e-3 AVAX'],
    ['0.00051155 AVAX', 11, '≈5e-4 AVAX'],
    ['0.0000051155 ETH', 12, '≈5.1e-6 ETH'],
  ];
  for (const [text, w, want] of cases) it(`${text} in ${w} → ${want}`, () => expect(fitAmount(text, w)).toBe(want));
  it('a small balance as the list writes it (cut at 6 decimals, marked …) gets its first digits too', async () => {
    const { formatAmountShort, nativeUnitOf } = await import('../../../src/core/amounts.js');
    const short = formatAmountShort('5115500000000000', nativeUnitOf('evm', 'avalanche'), 6);
    expect(short).toBe('0.005115… AVAX');
    expect(fitAmount(short, 10)).toBe('≈5e-3 AVAX');
    expect(fitAmount(short, 11)).toBe('0.005… AVAX');
  });
});
