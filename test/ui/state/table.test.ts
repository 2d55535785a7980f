import { describe, expect, it } from 'vitest';
import { layoutColumns, type Column } from '../../../src/ui/components/Table.js';
import { transactionColumns } from '../../../src/ui/screens/transactions/columns.js';
import { RELAYER_COLUMNS } from '../../../src/ui/screens/relayers/columns.js';

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
