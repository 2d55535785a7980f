import { describe, expect, it } from 'vitest';
import type { Relayer } from '../../../src/api/index.js';
import { sortRelayers } from '../../../src/core/columns/relayers.js';

const r = (id: string, name?: string) => ({ id, name }) as Relayer;

describe('sortRelayers', () => {
  it('orders by name ignoring case, then by exact name, then by id; unnamed first', () => {
    const input = [r('5', 'beta'), r('4', 'Alpha'), r('3', 'alpha'), r('2', 'Beta'), r('1', 'alpha'), r('0')];
    expect(sortRelayers(input).map((x) => `${x.name ?? '-'}#${x.id}`)).toEqual(['-#0', 'Alpha#4', 'alpha#1', 'alpha#3', 'Beta#2', 'beta#5']);
  });

  it('leaves its input alone', () => {
    const input = [r('b', 'b'), r('a', 'a')];
    sortRelayers(input);
    expect(input.map((x) => x.id)).toEqual(['b', 'a']);
  });
});
