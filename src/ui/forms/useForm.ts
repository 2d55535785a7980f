/**
 * A form's lifecycle: its state (formState.ts's reducer) opened from the session's draft or the one on
 * disk (offered, never applied unasked), every edit kept as a draft, ctrl+s's checks and review, and
 * leaving. Its keys are formKeys.ts's; `y`'s send, once, one in flight, is useFormSend.ts's.
 */
import { useEffect, useReducer, useRef } from 'react';
import type { KeyEvent } from '../input/keys.js';
import { useServices } from '../services.js';
import { useShell } from '../shellContext.js';
import { useDrafts } from './drafts.js';
import { draftDifferences, type DraftTarget } from './draftStore.js';
import { formKey } from './formKeys.js';
import { useFormSend } from './useFormSend.js';
import { formReducer, initialForm, isDirty, recheckErrors, visibleFields, type FormAction, type FormState } from './formState.js';
import { holdsSecret, type FormDefinition, type Values } from '../../core/operations/types.js';

/** Where the draft is kept on disk (services.draftStore): the form and its target; `stale` says why it must not be applied. */
export interface PersistDraft extends DraftTarget {
  /** The transaction is now final: a kept draft is said to be stale and never applied. */
  stale?: string;
  /** What the draft's differences are against, in words (default: the form as it opens now). */
  against?: string;
}

const AGAINST: Record<DraftTarget['form'], string> = {
  replace: 'the transaction as it is now',
  plugin: "the plugin's params as the form opens",
  notify: 'an empty form',
};

export interface UseFormOptions {
  /** Draft key: the same form for the same target reopens with what was typed. */
  draftKey: string;
  definition: FormDefinition;
  initialValues: Values;
  /** Keep the values as a draft after a successful send (plugin params), else clear them. */
  keepAfterSend?: boolean;
  /** An action with nothing to fill in (cancel, pause): the form opens on its review. */
  reviewAtOnce?: boolean;
  onSent?: (result: unknown) => void;
  /** Keep the draft on disk as it is typed (a dropped line loses nothing): src/ui/forms/draftStore.ts. */
  persist?: PersistDraft;
  /**
   * The figures the request is built from (a balance, the network's price), read at `at`: a review
   * older than REREAD_AFTER_MS reads them again on `y` and is sent only if the request built from them
   * is the one reviewed (else the new one is reviewed).
   * `at` null: when they were read is not known (a read as the form opened failed): read again always.
   * `always`: read again before every send, however young (a policy edit: someone else's change meanwhile is never overwritten).
   */
  reread?: { at: number | null | undefined; read: () => Promise<FormDefinition>; always?: boolean };
}

export { REREAD_AFTER_MS } from './useFormSend.js';

export function useForm({ draftKey, definition, initialValues, keepAfterSend, reviewAtOnce, onSent, persist, reread }: UseFormOptions) {
  const services = useServices();
  const shell = useShell();
  const drafts = useDrafts();
  const store = persist ? services.draftStore : undefined;
  /** Whether this form's draft may be on disk (written or offered): leaving clean removes it then. */
  const onDisk = useRef(false);
  const [state, rawDispatch] = useReducer(formReducer, undefined, () => {
    const focusOf = (values: Values) => {
      const focusName = definition.focus ?? visibleFields(definition.fields, values)[0]?.name;
      return Math.max(0, visibleFields(definition.fields, values).findIndex((f) => f.name === focusName));
    };
    const session = drafts.get(draftKey);
    const typed = session !== undefined && Object.keys(session).some((k) => session[k] !== (initialValues[k] ?? ''));
    // A draft kept on disk by an earlier session (a dropped line): offered, never applied unasked.
    // What this session typed is used as it is, unless the transaction is now final.
    // What this session typed is on disk too (leaving it clean removes it).
    if (store && persist && typed) onDisk.current = true;
    if (store && persist && (!typed || persist.stale)) {
      const stored = store.load(persist);
      if (stored) {
        onDisk.current = true;
        const differences = draftDifferences(definition.fields, stored, initialValues);
        if (differences.length) {
          const form = initialForm({ ...initialValues }, initialValues, focusOf(initialValues));
          return { ...form, phase: { kind: 'offerDraft' as const, draft: stored, differences, stale: persist.stale, against: persist.against ?? AGAINST[persist.form] } };
        }
        // Nothing in it differs from the form as it opens: nothing to offer.
        store.remove(persist);
      }
    }
    const values = { ...initialValues, ...(persist?.stale ? {} : session) };
    const form = initialForm(values, initialValues, focusOf(values));
    if (!reviewAtOnce) return form;
    const built = definition.build(values);
    return 'request' in built ? formReducer(form, { type: 'review', request: built.request }) : formReducer(form, { type: 'errors', errors: built.errors });
  });
  const ref = useRef(state);
  ref.current = state;
  // Keep what was typed for the session (leaving with "keep" or browsing elsewhere loses nothing).
  const keepDraft = useRef(true);
  /** The draft on disk follows every edit, from the key's handler (not an effect: a hang-up may come first). */
  const persistValues = (s: FormState) => {
    if (!store || !persist || !keepDraft.current || s.phase.kind === 'offerDraft') return;
    const secret = new Set(definition.fields.filter(holdsSecret).map((f) => f.name));
    const typed = Object.keys(s.values).some((k) => !secret.has(k) && s.values[k] !== (s.initial[k] ?? ''));
    // A write that failed since the last key is said (once): what is typed is then kept for this session only.
    const failed = store.takeWarning();
    if (failed) shell.dispatch({ type: 'flash', text: `${failed}: it is kept for this session only`, tone: 'warn' });
    if (typed) {
      store.save(persist, definition.fields, s.values, s.initial);
      onDisk.current = true;
    } else if (onDisk.current) {
      store.remove(persist);
      onDisk.current = false;
    }
  };
  // (Whether or not this form wrote it: what this session typed in an earlier opening is on disk too.)
  const dropStored = () => {
    if (store && persist) store.remove(persist);
    onDisk.current = false;
  };
  const dispatch = (a: FormAction) => {
    const before = ref.current;
    ref.current = formReducer(ref.current, a);
    rawDispatch(a);
    if (ref.current.values !== before.values) persistValues(ref.current);
    if (a.type === 'edit') settleErrors();
  };
  // After an edit, the errors still said are checked again; those now passing go (formState.ts recheckErrors).
  const settleErrors = () => {
    const next = recheckErrors(definition, ref.current.values, ref.current.errors);
    if (!next) return;
    ref.current = formReducer(ref.current, { type: 'errors', errors: next });
    rawDispatch({ type: 'errors', errors: next });
  };

  useEffect(() => {
    // (A draft offered and not yet taken is not this session's: reopening offers it again.)
    if (keepDraft.current && ref.current.phase.kind !== 'offerDraft') drafts.set(draftKey, state.values);
  }, [state.values, draftKey, drafts]);

  const fields = visibleFields(definition.fields, state.values);
  const focused = fields[Math.min(state.focus, fields.length - 1)];

  const leave = (discard: boolean) => {
    if (discard) {
      keepDraft.current = false;
      drafts.delete(draftKey);
      dropStored();
    }
    shell.dispatch({ type: 'pop' });
  };

  const review = () => {
    const s = ref.current;
    const errors: Record<string, string> = {};
    for (const f of visibleFields(definition.fields, s.values)) {
      const msg = f.validate?.(s.values[f.name] ?? '', s.values);
      if (msg) errors[f.name] = msg;
    }
    const built = Object.keys(errors).length ? { errors } : definition.build(s.values);
    if ('errors' in built) {
      dispatch({ type: 'errors', errors: built.errors });
      const first = visibleFields(definition.fields, s.values).findIndex((f) => f.name in built.errors);
      if (first >= 0) dispatch({ type: 'focus', index: first });
      // The form's own word (`_form`: "nothing changed", a refusal) is said as it is, not counted as a field.
      const n = Object.keys(built.errors).filter((k) => k !== '_form').length;
      const whole = built.errors._form;
      const text = n ? `${n} field${n > 1 ? 's need' : ' needs'} attention before review${whole ? `; ${whole}` : ''}` : whole ?? '';
      shell.dispatch({ type: 'flash', text, tone: 'bad' });
      attention.current = true;
      return;
    }
    // The "fields need attention" message was about this form's last try: it is settled now.
    shell.dispatch({ type: 'clearFlash' });
    dispatch({ type: 'review', request: built.request });
  };

  // The "fields need attention" message goes once every field it was about has been edited.
  const attention = useRef(false);
  useEffect(() => {
    // (The errors as dispatched, not as last rendered: a render for the shell's flash may come before the form's own.)
    if (attention.current && Object.keys(ref.current.errors).length === 0) {
      attention.current = false;
      shell.dispatch({ type: 'clearFlash' });
    }
  }, [state.errors, shell]);

  const { send, refusedReview, stopWaiting } = useFormSend({ draftKey, definition, keepAfterSend, onSent, reread, ref, dispatch, dropStored, keepDraft });
  const onKey = (key: KeyEvent): boolean =>
    formKey(key, { state: ref.current, definition, keepAfterSend, now: services.now, shell, dispatch, send, review, leave, dropStored, stopWaiting });

  // persists: a draft kept survives a quit (on disk); else it lasts this session only (said when leaving).
  const refusedNow = state.phase.kind === 'review' && refusedReview === state.phase.request;
  return { state, fields, focused, onKey, dirty: isDirty(state), persists: store !== undefined, refused: refusedNow };
}

export type FormHandle = ReturnType<typeof useForm>;
export type { FormState };
