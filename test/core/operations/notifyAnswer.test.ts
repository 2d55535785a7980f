/** A created notification's answer, as the review's result shows it: what came back, and what it left out said as left out. */
import { describe, expect, it } from 'vitest';
import { notifySpec } from '../../../src/core/operations/notify.js';

describe('notification-create: the answer shown', () => {
  it('each field as it came back', () => {
    expect(notifySpec.answerRows!({ id: 'n1', type: 'webhook', url: 'https://h.example/x', has_signing_key: false })).toEqual([
      'id               n1',
      'type             webhook',
      'url              https://h.example/x',
      'signing key set  no',
    ]);
  });
  it('a field the answer left out is said so, never a default (no "webhook", no "no" for a key not reported)', () => {
    expect(notifySpec.answerRows!({ id: 'n1' })).toEqual([
      'id               n1',
      'type             (not in the answer)',
      'url              (not in the answer)',
      'signing key set  (not in the answer)',
    ]);
  });
});
