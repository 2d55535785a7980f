/**
 * A review read again whose figures moved is shown again with what moved marked `*` (issue 43: a walk
 * could not tell what had changed), and a review's creation times say a clock time, never an age that
 * stands still (`created 1s ago` read a minute later).
 */
import { describe, expect, it } from 'vitest';
import { markMoved, type ReviewLine } from '../../../src/core/operations/review.js';
import { ageWords, clock } from '../../../src/core/time.js';

const req = (review: ReviewLine[], body = '{}') => ({ review, prepared: { body } });

describe('markMoved', () => {
  it('marks the lines whose value changed or that are new, and the body; a repeated label is matched with its value', () => {
    const before = req([{ label: 'balance', value: '1 ETH' }, { label: '  pending', value: 'a' }, { label: '  pending', value: 'b' }]);
    const after = req([{ label: 'balance', value: '2 ETH' }, { label: '  pending', value: 'a' }, { label: '  pending', value: 'b' }, { label: '  pending', value: 'c' }], '{"x":1}');
    const marked = markMoved(before, after, '10:00:00');
    expect(marked.review.map((l) => l.label)).toEqual(['read again', '* balance', '  pending', '  pending', '*   pending']);
    expect(marked.review[0]!.value).toBe('at 10:00:00: the lines marked * changed since the last review; the body changed (below)');
    // Read again a second time: compared without the first one's marks.
    expect(markMoved(marked, after, '10:00:30').review.map((l) => l.label)).toEqual(['read again', 'balance', '  pending', '  pending', '  pending']);
  });

  it('a line whose only change is when its figure was read is not marked (the figure moved is)', () => {
    const before = req([{ label: '⚠ will jam', value: 'price 20 gwei (eth_gasPrice at 10:00:00)' }, { label: 'balance', value: '1 ETH (read at 10:00:00)' }]);
    const after = req([{ label: '⚠ will jam', value: 'price 20 gwei (eth_gasPrice at 10:00:20)' }, { label: 'balance', value: '2 ETH (read at 10:00:20)' }]);
    expect(markMoved(before, after, '10:00:20').review.map((l) => l.label)).toEqual(['read again', '⚠ will jam', '* balance']);
  });
});

describe('a review line says when a transaction was created', () => {
  it('its clock time within a day; its date beyond; never an age', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(ageWords(new Date(now - 1000).toISOString(), now)).toBe(`created ${clock(now - 1000)}`);
    expect(ageWords(new Date(now - 3 * 86_400_000).toISOString(), now)).toMatch(/^created 2026-11-25 \d\d:\d\d \(3d before this read\)$/);
    expect(ageWords('not a time', now)).toBe('created at an unreadable time');
  });
});
