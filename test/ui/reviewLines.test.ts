/** A review line's label never runs into its value, however long the label (issue 28.8). */
import { expect, it } from 'vitest';
import { reviewLines } from '../../src/ui/components/ReviewView.js';
import type { BuiltRequest } from '../../src/core/operations/types.js';

it('a label as long as the column keeps a space before its value; a short one is padded to the column', () => {
  const request = {
    prepared: { method: 'PUT', path: '/api/v1/relayers/r/transactions/t', displayBody: '{}' },
    review: [
      { label: '⚠ max_priority_fee_per_gas', value: '3000000000 is less than the current tip', tone: 'warn' },
      { label: 'value', value: '1 ETH (unchanged)' },
    ],
  } as unknown as BuiltRequest;
  const [, long, short] = reviewLines(request);
  expect(long!.text).toBe('⚠ max_priority_fee_per_gas 3000000000 is less than the current tip');
  expect(short!.text).toBe(`${'value'.padEnd(26)}1 ETH (unchanged)`);
});

it('the body heading says "exactly as sent" only where nothing in it is masked', () => {
  const prepared = { method: 'POST', path: '/api/v1/notifications', displayBody: '{\n  "signing_key": "•••• (45 chars)"\n}' };
  const heading = (secret?: string) => reviewLines({ prepared, secret } as unknown as BuiltRequest).find((l) => l.text.startsWith('Body'))?.text;
  expect(heading('signing-key')).toBe('Body (as sent, the signing key masked: the request carries it whole):');
  expect(heading()).toBe('Body (exactly as sent):');
  // Named by the request's own secret, never guessed from its path.
  expect(heading('rpc-urls')).toBe('Body (as sent, the RPC URLs masked: the request carries them whole):');
  // A walk read "the signing key masked" above a network's masked RPC URLs.
  const urls = { method: 'PATCH', path: '/api/v1/networks/evm%3Asepolia', displayBody: '{}' };
  expect(reviewLines({ prepared: urls, secret: 'rpc-urls' } as unknown as BuiltRequest).find((l) => l.text.startsWith('Body'))?.text).toBe('Body (as sent, the RPC URLs masked: the request carries them whole):');
});
