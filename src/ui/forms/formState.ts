/** A form's state machine: edit → review → sending → done, with a discard prompt. Pure. */
import type { ApiError } from '../../api/index.js';
import type { EditState } from './editor.js';
import type { BuiltRequest, FieldSpec, FormDefinition, Values } from '../../core/operations/types.js';
import type { Outcome } from '../../core/operations/pipeline.js';
import type { DraftDifference, StoredDraft } from './draftStore.js';

/** A send the server answered (2xx): what came back and its effect. */
export type Answered = Extract<Outcome, { kind: 'answered' }>;

/** A draft kept on disk by an earlier session, offered before the form is edited (y restores, n discards). */
export interface DraftOffer {
  draft: StoredDraft;
  /** What it would change in the form as it opens now. */
  differences: DraftDifference[];
  /** Why it must not be applied (the transaction is now final), in words; absent when it may be. */
  stale?: string;
  /** What the differences are against, in words ("the transaction as it is now"). */
  against: string;
}

export type Phase =
  | { kind: 'edit' }
  | ({ kind: 'offerDraft' } & DraftOffer)
  | { kind: 'confirmLeave' }
  | { kind: 'review'; request: BuiltRequest }
  | { kind: 'sending'; request: BuiltRequest }
  | { kind: 'done'; request: BuiltRequest; outcome: Answered };

export interface FormState {
  values: Values;
  cursors: Record<string, number>;
  focus: number;
  /** Values as first shown: `dirty` compares with them. */
  initial: Values;
  phase: Phase;
  /** Errors from the last review attempt (field → message). */
  errors: Record<string, string>;
  /** The last failure from the server: shown above the form, every field kept. */
  failure: ApiError | null;
  /** What was typed on a review that asks for a confirmation (the relayer's id). */
  confirmText: string;
}

export type FormAction =
  | { type: 'edit'; field: string; edit: EditState }
  | { type: 'focus'; index: number }
  | { type: 'errors'; errors: Record<string, string> }
  | { type: 'review'; request: BuiltRequest }
  | { type: 'back' }
  | { type: 'confirmLeave' }
  | { type: 'sending' }
  | { type: 'sent'; outcome: Answered }
  | { type: 'failed'; error: ApiError }
  | { type: 'reset'; values: Values }
  | { type: 'confirmText'; text: string }
  /** The offered draft's values over the form's (y), or the form as it is (n): then editing. */
  | { type: 'restoreDraft'; values: Values }
  | { type: 'dismissDraft' };

export function initialForm(values: Values, initial: Values, focus: number): FormState {
  const cursors: Record<string, number> = {};
  for (const [k, v] of Object.entries(values)) cursors[k] = v.length;
  return { values, cursors, focus, initial, phase: { kind: 'edit' }, errors: {}, failure: null, confirmText: '' };
}

export function isDirty(s: FormState): boolean {
  return Object.keys(s.values).some((k) => (s.values[k] ?? '') !== (s.initial[k] ?? ''));
}

export function visibleFields(fields: readonly FieldSpec[], values: Values): FieldSpec[] {
  return fields.filter((f) => !f.hidden?.(values));
}

export function formReducer(s: FormState, a: FormAction): FormState {
  switch (a.type) {
    case 'edit': {
      const errors = { ...s.errors };
      delete errors[a.field];
      return { ...s, values: { ...s.values, [a.field]: a.edit.value }, cursors: { ...s.cursors, [a.field]: a.edit.cursor }, errors };
    }
    case 'focus':
      return { ...s, focus: a.index };
    case 'errors':
      return { ...s, errors: a.errors, phase: { kind: 'edit' } };
    case 'review':
      return s.phase.kind === 'edit' ? { ...s, errors: {}, confirmText: '', phase: { kind: 'review', request: a.request } } : s;
    case 'confirmText':
      return s.phase.kind === 'review' ? { ...s, confirmText: a.text.slice(0, 500) } : s;
    case 'back':
      return s.phase.kind === 'review' || s.phase.kind === 'confirmLeave' || s.phase.kind === 'done' ? { ...s, phase: { kind: 'edit' } } : s;
    case 'confirmLeave':
      return s.phase.kind === 'edit' ? { ...s, phase: { kind: 'confirmLeave' } } : s;
    case 'sending':
      return s.phase.kind === 'review' ? { ...s, failure: null, phase: { kind: 'sending', request: s.phase.request } } : s;
    case 'sent':
      return s.phase.kind === 'sending'
        ? { ...s, failure: null, phase: { kind: 'done', request: s.phase.request, outcome: a.outcome } }
        : s;
    case 'failed':
      return s.phase.kind === 'sending' ? { ...s, failure: a.error, phase: { kind: 'edit' } } : s;
    case 'restoreDraft': {
      if (s.phase.kind !== 'offerDraft') return s;
      const values = { ...s.values };
      const cursors = { ...s.cursors };
      for (const [k, v] of Object.entries(a.values))
        if (k in values) {
          values[k] = v;
          cursors[k] = v.length;
        }
      return { ...s, values, cursors, phase: { kind: 'edit' } };
    }
    case 'dismissDraft':
      return s.phase.kind === 'offerDraft' ? { ...s, phase: { kind: 'edit' } } : s;
    case 'reset':
      return initialForm(a.values, a.values, s.focus);
  }
}

/**
 * The errors said, checked again after an edit: those now passing go, none is added before a review
 * (an error one field causes on another — a price under a speed — stayed after the field that caused it
 * was fixed). An error of the whole build is checked only when every field passes. Null: unchanged.
 */
export function recheckErrors(definition: Pick<FormDefinition, 'fields' | 'build'>, values: Values, errors: Record<string, string>): Record<string, string> | null {
  const keys = Object.keys(errors);
  if (keys.length === 0) return null;
  const fieldErrors: Record<string, string> = {};
  for (const f of visibleFields(definition.fields, values)) {
    const msg = f.validate?.(values[f.name] ?? '', values);
    if (msg) fieldErrors[f.name] = msg;
  }
  const built = Object.keys(fieldErrors).length ? null : definition.build(values);
  const buildErrors = built && 'errors' in built ? built.errors : {};
  const next: Record<string, string> = {};
  for (const k of keys) {
    const now = fieldErrors[k] ?? (built ? buildErrors[k] : errors[k]);
    if (now) next[k] = now;
  }
  return keys.length === Object.keys(next).length && keys.every((k) => next[k] === errors[k]) ? null : next;
}
