/** The form's pure state machine (src/ui/forms/formState.ts): edit → review → sending → done. */
import { describe, expect, it } from 'vitest';
import { ApiError, preparePluginCall } from '../../../src/api/index.js';
import { formReducer, initialForm, isDirty, recheckErrors, visibleFields, type FormState } from '../../../src/ui/forms/formState.js';
import type { BuiltRequest, FieldSpec } from '../../../src/core/operations/types.js';

const request: BuiltRequest = { op: 'plugin-call', target: { pluginId: 'echo' }, what: 'Call plugin echo', prepared: preparePluginCall('echo', { n: 1 }), send: async () => ({ ok: true }) };

function start(): FormState {
  return initialForm({ a: 'one', b: '' }, { a: 'one', b: '' }, 0);
}

describe('formState', () => {
  it('starts in edit with cursors at the end of each value and not dirty', () => {
    const s = start();
    expect(s.phase).toEqual({ kind: 'edit' });
    expect(s.cursors).toEqual({ a: 3, b: 0 });
    expect(isDirty(s)).toBe(false);
  });

  it('an edit changes the value and cursor, clears that field’s error only, and makes the form dirty', () => {
    let s = formReducer(start(), { type: 'errors', errors: { a: 'bad', b: 'worse' } });
    s = formReducer(s, { type: 'edit', field: 'a', edit: { value: 'two', cursor: 1 } });
    expect(s.values.a).toBe('two');
    expect(s.cursors.a).toBe(1);
    expect(s.errors).toEqual({ b: 'worse' });
    expect(isDirty(s)).toBe(true);
    // Back to the initial text: clean again.
    s = formReducer(s, { type: 'edit', field: 'a', edit: { value: 'one', cursor: 3 } });
    expect(isDirty(s)).toBe(false);
  });

  it('a restored draft differs from the initial values, so it is dirty', () => {
    expect(isDirty(initialForm({ a: 'draft' }, { a: 'one' }, 0))).toBe(true);
  });

  it('review only from edit; back returns to edit with everything kept', () => {
    let s = formReducer(start(), { type: 'edit', field: 'b', edit: { value: 'x', cursor: 1 } });
    s = formReducer(s, { type: 'focus', index: 1 });
    const edited = s;
    s = formReducer(s, { type: 'review', request });
    expect(s.phase).toEqual({ kind: 'review', request });
    expect(formReducer(s, { type: 'review', request })).toBe(s);
    s = formReducer(s, { type: 'back' });
    expect(s).toEqual({ ...edited, errors: {}, phase: { kind: 'edit' } });
  });

  it('sending only from review; a second sending is ignored; sent → done with the result', () => {
    let s = formReducer(start(), { type: 'sending' });
    expect(s.phase.kind).toBe('edit');
    s = formReducer(formReducer(start(), { type: 'review', request }), { type: 'sending' });
    expect(s.phase).toEqual({ kind: 'sending', request });
    expect(formReducer(s, { type: 'sending' })).toBe(s);
    expect(formReducer(s, { type: 'review', request })).toBe(s);
    expect(formReducer(s, { type: 'back' })).toBe(s);
    expect(formReducer(s, { type: 'confirmLeave' })).toBe(s);
    const outcome = { kind: 'answered' as const, status: 200, answer: { id: 'x' }, effect: { kind: 'as asked' as const, words: 'the plugin answered' } };
    const done = formReducer(s, { type: 'sent', outcome });
    expect(done.phase).toEqual({ kind: 'done', request, outcome });
    // A late failure for the same request cannot undo the result.
    expect(formReducer(done, { type: 'failed', error: new ApiError('server', 'late') })).toBe(done);
  });

  it('a failure returns to edit with the error and every value kept; the next send clears it', () => {
    let s = formReducer(start(), { type: 'edit', field: 'b', edit: { value: 'typed', cursor: 5 } });
    s = formReducer(formReducer(s, { type: 'review', request }), { type: 'sending' });
    const err = new ApiError('server', 'Internal Server Error', { status: 500 });
    s = formReducer(s, { type: 'failed', error: err });
    expect(s.phase).toEqual({ kind: 'edit' });
    expect(s.failure).toBe(err);
    expect(s.values).toEqual({ a: 'one', b: 'typed' });
    s = formReducer(formReducer(s, { type: 'review', request }), { type: 'sending' });
    expect(s.failure).toBeNull();
  });

  it('confirmLeave only from edit; back from it stays in the form', () => {
    let s = formReducer(start(), { type: 'confirmLeave' });
    expect(s.phase.kind).toBe('confirmLeave');
    s = formReducer(s, { type: 'back' });
    expect(s.phase.kind).toBe('edit');
    const review = formReducer(start(), { type: 'review', request });
    expect(formReducer(review, { type: 'confirmLeave' })).toBe(review);
  });

  it('reset takes new values as both current and initial (clean), keeping the focus', () => {
    let s = formReducer(start(), { type: 'focus', index: 1 });
    s = formReducer(s, { type: 'reset', values: { a: 'z' } });
    expect(s.values).toEqual({ a: 'z' });
    expect(s.focus).toBe(1);
    expect(isDirty(s)).toBe(false);
  });

  it('visibleFields drops hidden fields for the current values', () => {
    const fields: FieldSpec[] = [
      { name: 'mode', label: 'mode', kind: 'choice', hint: '', options: ['ops', 'xdr'] },
      { name: 'ops', label: 'ops', kind: 'json', hint: '', hidden: (v) => v.mode !== 'ops' },
      { name: 'xdr', label: 'xdr', kind: 'text', hint: '', hidden: (v) => v.mode !== 'xdr' },
    ];
    expect(visibleFields(fields, { mode: 'ops' }).map((f) => f.name)).toEqual(['mode', 'ops']);
    expect(visibleFields(fields, { mode: 'xdr' }).map((f) => f.name)).toEqual(['mode', 'xdr']);
  });

  it('errors checked again after an edit: one caused by another field goes when that one is fixed; none is added; a build error waits for every field to pass', () => {
    const fields: FieldSpec[] = [
      { name: 'a', label: 'a', kind: 'text', hint: '', validate: (v) => (v === 'bad' ? 'a is bad' : null) },
      { name: 'b', label: 'b', kind: 'text', hint: '' },
    ];
    const build = (v: Record<string, string>) => (v.a === 'x' && v.b === 'y' ? { errors: { b: 'not y beside x' } } : { request });
    const def = { fields, build };
    // b's error came from a: a changed, it goes.
    expect(recheckErrors(def, { a: 'z', b: 'y' }, { b: 'not y beside x' })).toEqual({});
    // Still so: unchanged (null).
    expect(recheckErrors(def, { a: 'x', b: 'y' }, { b: 'not y beside x' })).toBeNull();
    // Another field failing its own check: the build is not run, b's error kept as it was; a's own error is not added.
    expect(recheckErrors(def, { a: 'bad', b: 'y' }, { b: 'not y beside x' })).toBeNull();
    expect(recheckErrors(def, { a: 'bad', b: 'y' }, {})).toBeNull();
  });
});
