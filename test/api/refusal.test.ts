/** A server's refusal classed once in api/ (ApiError.refusal) from its status and v1.8's own words: the faces read the class, never the message. */
import { expect, it } from 'vitest';
import { ApiError } from '../../src/api/index.js';

it("classes v1.8's refusals by their words; anything else is none", () => {
  expect(new ApiError('forbidden', 'Relayer is paused', { status: 403 }).refusal).toBe('relayer_paused');
  expect(new ApiError('forbidden', 'Relayer disabled', { status: 403 }).refusal).toBe('relayer_disabled');
  expect(new ApiError('forbidden', 'Forbidden', { status: 403 }).refusal).toBe('forbidden');
  expect(new ApiError('bad_request', 'Operation not supported: Stellar transaction cancel', { status: 400 }).refusal).toBe('not_supported');
  expect(new ApiError('bad_request', 'Invalid transaction state for cancel_transaction', { status: 400 }).refusal).toBe('invalid_state');
  expect(new ApiError('bad_request', 'value: must be a number', { status: 400 }).refusal).toBeNull();
  // A server's text that names "paused" is not a pause unless the server forbade it.
  expect(new ApiError('bad_request', 'paused is not a field', { status: 400 }).refusal).toBeNull();
  // The class survives a message masked (withMessage keeps kind and status, the words are the new ones').
  expect(new ApiError('forbidden', 'Relayer is paused', { status: 403 }).withMessage('Relayer is paused (masked)').refusal).toBe('relayer_paused');
});
