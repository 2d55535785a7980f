import { describe, expect, it } from 'vitest';
import { age } from '../../src/core/time.js';
import { formatGwei, formatUnits, formatWei, formatWeiShort } from '../../src/core/amounts.js';
import { relayerState } from '../../src/core/relayer.js';
import { middleCells } from '../../src/core/text/cells.js';
import type { Relayer } from '../../src/api/index.js';

const U128_MAX = 340282366920938463463374607431768211455n;

describe('middleCells', () => {
  it('keeps both ends within the width', () => {
    const addr = '0x12ab34cd56ef78ab90cd12ef34ab56cd78ef9f3c';
    const s = middleCells(addr, 11);
    expect(s).toHaveLength(11);
    expect(s).toBe('0x12a…f9f3c');
    expect(middleCells(addr, 12)).toBe('0x12ab…f9f3c');
    expect(middleCells(addr, addr.length)).toBe(addr);
    expect(middleCells('short', 10)).toBe('short');
    expect(middleCells('abcdef', 3)).toBe('abc');
    expect(middleCells('abcdef', 0)).toBe('');
  });
});

describe('amounts', () => {
  it('formatWei reads 0x-hex and decimal wei alike', () => {
    expect(formatWei('0x14d1120d7b160000', 'sepolia')).toBe('1.5 ETH');
    expect(formatWei('1500000000000000000', 'sepolia')).toBe('1.5 ETH');
    expect(formatWei(1500000000000000000n, 'mainnet')).toBe('1.5 ETH');
    expect(formatWei('0x0', 'sepolia')).toBe('0 ETH');
    expect(formatWei('10000000000000000', 'polygon')).toBe('0.01 POL');
    expect(formatWei('1', 'bsc')).toBe('0.000000000000000001 BNB');
  });

  it('formatWei keeps every digit of u128 max, in hex and in decimal', () => {
    const expected = '340,282,366,920,938,463,463.374607431768211455 ETH';
    expect(formatWei(U128_MAX.toString(), 'sepolia')).toBe(expected);
    expect(formatWei(`0x${U128_MAX.toString(16)}`, 'sepolia')).toBe(expected);
    expect(formatWei(U128_MAX, 'sepolia')).toBe(expected);
  });

  it('formatWei shows what it cannot read as given', () => {
    expect(formatWei('lots', 'sepolia')).toBe('lots');
    expect(formatWei(null, 'sepolia')).toBe('');
    expect(formatWei(1.5, 'sepolia')).toBe('1.5');
  });

  it('formatUnits, formatWeiShort and formatGwei', () => {
    expect(formatUnits(123456789n, 9)).toBe('0.123456789');
    expect(formatUnits(1_000_000_000n, 9)).toBe('1');
    expect(formatUnits(-1_500_000n, 6)).toBe('-1.5');
    expect(formatUnits(1234567_000000n, 6)).toBe('1,234,567');
    expect(formatWeiShort((25_000n * 10n ** 18n + 4294967295n).toString(), 'sepolia')).toBe('25,000.000000… ETH');
    expect(formatWeiShort('1500000000000000000', 'sepolia')).toBe('1.5 ETH');
    expect(formatGwei('21000000000')).toBe('21 gwei');
    expect(formatGwei('15897000000')).toBe('15.897 gwei');
  });
});

describe('age', () => {
  const now = Date.parse('2026-08-20T12:00:00Z');
  it('seconds, minutes, hours, then days', () => {
    expect(age('2026-08-20T11:59:30Z', now)).toBe('30s');
    expect(age('2026-08-20T11:55:00.999Z', now)).toBe('4m');
    expect(age('2026-08-20T09:00:00Z', now)).toBe('3h');
    expect(age('2026-08-18T13:00:00Z', now)).toBe('47h');
    expect(age('2026-08-17T12:00:00Z', now)).toBe('3d');
  });
  it('reads the real server timestamps (nanoseconds, +00:00) and says what it cannot read', () => {
    expect(age('2026-08-20T11:58:00.123456789+00:00', now)).toBe('1m');
    expect(age('2026-08-20T12:00:10Z', now)).toBe('future');
    expect(age('yesterday-ish', now)).toBe('');
    expect(age(null, now)).toBe('');
  });
});

describe('relayer state in words', () => {
  it('disabled beats paused beats active', () => {
    const r = (o: Partial<Relayer>) => ({ id: 'x', ...o }) as Relayer;
    expect(relayerState(r({}))).toBe('active');
    expect(relayerState(r({ paused: true }))).toBe('paused');
    expect(relayerState(r({ paused: true, system_disabled: true }))).toBe('disabled');
  });
});
