/**
 * A form's keys and lifecycle: editing, tab between fields, ctrl+s to review, y to send exactly the
 * reviewed request (once; one in flight), esc to go back or leave (asking when there are changes).
 */
import { useContext, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError } from '../../api/index.js';
import type { KeyEvent } from '../input/keys.js';
import { resolve, type Scope } from '../keymap.js';
import { mutationBlocked } from '../mutations.js';
import { execute } from '../../core/operations/pipeline.js';
import { markMoved } from '../../core/operations/review.js';
import { sameBuilt } from '../../core/operations/basis.js';
import { OPERATIONS } from '../../core/operations/registry.js';
import { RelayerJamsContext } from '../relayerJams.js';
import { FleetSessionsContext } from '../fleetSessions.js';
import { useSessionEvents } from '../sessionEvents.js';
import { useServices } from '../services.js';
import { useShell } from '../shellContext.js';
import { useDrafts } from './drafts.js';
import { draftDifferences, type DraftTarget } from './draftStore.js';
import { edit } from './editor.js';
import { choiceByLetter, stepChoice } from './choice.js';
import { formReducer, initialForm, isDirty, recheckErrors, visibleFields, type FormAction, type FormState } from './formState.js';
import { holdsSecret, type BuiltRequest, type FormDefinition, type Values } from '../../core/operations/types.js';
import { clock, draftTime } from '../../core/time.js';

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
   * is the one reviewed (else the new one is reviewed): a walk sent a withdrawal reviewed 73 s before.
   * `at` null: when they were read is not known (a read as the form opened failed): read again always.
   * `always`: read again before every send, however young (a policy edit: someone else's change meanwhile is never overwritten).
   */
  reread?: { at: number | null | undefined; read: () => Promise<FormDefinition>; always?: boolean };
}

/** A review whose figures are older than this is read again before it is sent. */
export const REREAD_AFTER_MS = 15_000;

export function useForm({ draftKey, definition, initialValues, keepAfterSend, reviewAtOnce, onSent, persist, reread }: UseFormOptions) {
  const services = useServices();
  const jams = useContext(RelayerJamsContext);
  const events = useSessionEvents();
  const shell = useShell();
  const drafts = useDrafts();
  const fleets = useContext(FleetSessionsContext);
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

  const inflight = useRef<AbortController | null>(null);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
      inflight.current?.abort();
    },
    [],
  );
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
      // The form's own word (`_form`: "nothing changed", a refusal) is said as it is, not counted as a field
      // (a walk read "1 field needs attention" over a form whose fields were all fine).
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

  /** The review's figures read again (reread): sent if the request is still the one reviewed, else the new one reviewed. */
  const rereading = useRef(false);
  const recheck = async (reviewed: BuiltRequest, at: number | null) => {
    rereading.current = true;
    shell.dispatch({ type: 'flash', text: `The review's figures were read ${at === null ? 'at a time not known' : `at ${clock(at)}`}: reading them again before sending…`, tone: 'info' });
    let next: FormDefinition;
    try {
      next = await reread!.read();
    } catch (e) {
      shell.dispatch({ type: 'flash', text: `Could not read them again (${e instanceof Error ? e.message : String(e)}): nothing was sent; y tries again`, tone: 'bad' });
      return;
    } finally {
      rereading.current = false;
    }
    const s = ref.current;
    // Left, or went back to the form meanwhile: nothing is sent.
    if (!live.current || s.phase.kind !== 'review' || s.phase.request !== reviewed) return;
    const when = clock(services.now());
    const built = next.build(s.values);
    if ('errors' in built) {
      const first = Object.entries(built.errors)[0];
      const text = `Read again at ${when}, the request is refused: ${first ? `${first[0] === '_form' ? '' : `${first[0]}: `}${first[1]}` : ''}; nothing was sent`;
      // Nothing to fill in (a cancel): the review stays, refused (no empty form to go back to); y says so again.
      if (visibleFields(definition.fields, s.values).length === 0) {
        refused.current = { request: reviewed, text: `${text}; esc goes back` };
        setRefusedReview(reviewed);
        shell.dispatch({ type: 'flash', text: refused.current.text, tone: 'bad' });
        return;
      }
      dispatch({ type: 'back' });
      dispatch({ type: 'errors', errors: built.errors });
      shell.dispatch({ type: 'flash', text, tone: 'bad' });
      return;
    }
    if (sameBuilt(built.request, reviewed)) return go(built.request);
    dispatch({ type: 'back' });
    dispatch({ type: 'review', request: markMoved(reviewed, built.request, when) });
    shell.dispatch({ type: 'flash', text: `Read again at ${when}: its figures moved, so the request changed: nothing was sent; review it again`, tone: 'warn' });
  };

  const refused = useRef<{ request: BuiltRequest; text: string } | null>(null);
  // The same, drawn: the review refused on its reread says so in place of "y send" (a walk read `y send` under it).
  const [refusedReview, setRefusedReview] = useState<BuiltRequest | null>(null);
  const send = () => {
    const s = ref.current;
    if (s.phase.kind !== 'review' || rereading.current) return;
    if (refused.current?.request === s.phase.request) return void shell.dispatch({ type: 'flash', text: refused.current.text, tone: 'bad' });
    // The operation the request is (its registry entry): read-only refuses it here too, however the form was opened.
    const blocked = mutationBlocked(services, s.phase.request.op);
    if (blocked) {
      shell.dispatch({ type: 'flash', text: blocked, tone: 'bad' });
      return;
    }
    const at = reread?.at;
    if (reread?.always || at === null || (at !== undefined && services.now() - at > REREAD_AFTER_MS)) return void recheck(s.phase.request, at ?? null);
    go(s.phase.request);
  };

  const go = (request: BuiltRequest) => {
    shell.dispatch({ type: 'clearFlash' });
    dispatch({ type: 'sending' });
    const ctrl = new AbortController();
    inflight.current = ctrl;
    // The one pipeline: ledger, send once, outcome, effect check (core/operations/pipeline.ts).
    void execute(request, {
      client: services.client,
      ledger: services.audit,
      signal: ctrl.signal,
      onLedgerWarning: (w) => shell.dispatch({ type: 'flash', text: w, tone: 'warn' }),
    })
      .then((outcome) => {
        // Answered after the screen went (a dropped line: run.tsx sees the send through): the draft on
        // disk has done its work all the same, or the next session would offer what was already sent.
        if (!live.current) {
          if (outcome.kind !== 'failed') dropStored();
          return;
        }
        if (outcome.kind === 'failed') {
          // esc stopped the wait: the pipeline's outcome (and the ledger's) says whether it had left.
          const e = outcome.error;
          const stopped = e.aborted ? e.withMessage(e.outcomeUnknown ? 'Stopped waiting for the server: the request may have been applied.' : 'Stopped before it was sent: nothing left this machine.') : e;
          return dispatch({ type: 'failed', error: stopped });
        }
        dispatch({ type: 'sent', outcome });
        // Sent: the draft on disk has done its work (plugin params stay for this session only).
        dropStored();
        if (!keepAfterSend) {
          keepDraft.current = false;
          drafts.delete(draftKey);
        }
        onSent?.(outcome.answer);
        // Fleets holding this context read it again when next shown (their rows are from before the change).
        if (services.context && request.target.relayerId) fleets?.changed(services.context.name, request.target.relayerId, services.now());
        // A fix of a jam (the registry's `follows`) is followed until it clears — where a jam is known:
        // a policy edit on a relayer never jammed is no fix (a walk read "cleared … nothing was waiting").
        const relayerId = request.target.relayerId;
        if (relayerId && OPERATIONS[request.op].follows === 'jam' && jams?.jam(relayerId) !== undefined)
          jams?.follow(relayerId, (words, cleared) => {
            shell.dispatch({ type: 'flash', text: words, tone: cleared ? 'info' : 'warn' });
            events.emit('jamEnded', { relayerId, cleared });
          });
      })
      .catch((e: unknown) => shell.dispatch({ type: 'flash', text: `After the answer: ${e instanceof Error ? e.message : String(e)}`, tone: 'bad' }));
  };

  // The "fields need attention" message goes once every field it was about has been edited (a walk
  // fixed the only one and still read "1 field needs attention before review").
  const attention = useRef(false);
  useEffect(() => {
    if (attention.current && Object.keys(state.errors).length === 0) {
      attention.current = false;
      shell.dispatch({ type: 'clearFlash' });
    }
  }, [state.errors, shell]);

  const onKey = (key: KeyEvent): boolean => {
    const s = ref.current;
    const phase = s.phase.kind;
    if (phase === 'sending') {
      // Nothing can send again while a request runs; esc stops waiting (the outcome then says what is known).
      if (key.name === 'escape' && inflight.current) inflight.current.abort();
      return true;
    }
    if (phase === 'done') {
      if (key.name === 'escape' || key.name === 'return') leave(!keepAfterSend);
      return key.name !== 'q' && key.name !== '?' && key.name !== ':';
    }
    // The form's keys go through the keymap (its help and footer say the same).
    const command = (scope: Scope) => resolve(key, [scope])?.command;
    if (phase === 'review') {
      // A review that asks for a word typed first (the relayer's id): keys are its text, enter sends.
      const confirm = s.phase.kind === 'review' ? s.phase.request.confirm : undefined;
      if (confirm !== undefined && key.name !== 'escape') {
        if (key.name === 'return') {
          if (s.confirmText.trim() === confirm) send();
          else shell.dispatch({ type: 'flash', text: `Type ${confirm} exactly, then enter: nothing was sent`, tone: 'warn' });
        } else if (key.name === 'backspace') dispatch({ type: 'confirmText', text: s.confirmText.slice(0, -1) });
        else if (key.ctrl && key.name === 'u') dispatch({ type: 'confirmText', text: '' });
        else if (key.text && !key.ctrl) dispatch({ type: 'confirmText', text: s.confirmText + key.text.replace(/[\r\n]/g, '') });
        else return false;
        return true;
      }
      if (command('review') === 'send') send();
      // Nothing to fill in: esc leaves (there is no form behind the review).
      else if (key.name === 'escape' && definition.fields.length === 0) leave(true);
      else if (key.name === 'escape') dispatch({ type: 'back' });
      else return false;
      return true;
    }
    if (s.phase.kind === 'offerDraft') {
      const offer = s.phase;
      const from = draftTime(Date.parse(offer.draft.savedAt), services.now());
      const c = command('draft');
      if (key.name === 'escape') {
        // Left for later: it stays on disk and is offered again.
        shell.dispatch({ type: 'pop' });
      } else if (c === 'dropDraft') {
        dropStored();
        dispatch({ type: 'dismissDraft' });
        shell.dispatch({ type: 'flash', text: `The draft from ${from} was discarded`, tone: 'info' });
      } else if (c === 'restoreDraft' && offer.stale) {
        shell.dispatch({ type: 'flash', text: `A stale draft is not applied (${offer.stale}): n discards it, esc leaves it`, tone: 'warn' });
      } else if (c === 'restoreDraft') {
        const secrets = definition.fields.filter((f) => offer.draft.omitted.includes(f.name)).map((f) => f.label);
        // (dispatch writes it again at once: it is the draft now being edited.)
        dispatch({ type: 'restoreDraft', values: offer.draft.values });
        shell.dispatch(
          secrets.length
            ? { type: 'flash', text: `${secrets.join(', ')} not kept: type it again (the draft from ${from} is restored; a secret is never written to disk)`, tone: 'warn' }
            : { type: 'flash', text: `Restored the draft from ${from}`, tone: 'info' },
        );
      }
      return true;
    }
    if (phase === 'confirmLeave') {
      const c = command('leave');
      if (c === 'keepDraft') leave(false);
      else if (c === 'discardDraft') leave(true);
      else dispatch({ type: 'back' });
      return true;
    }
    // edit
    const fs = visibleFields(definition.fields, s.values);
    const idx = Math.min(s.focus, fs.length - 1);
    const field = fs[idx];
    const c = command('form');
    if (c === 'nextField' || c === 'prevField') {
      dispatch({ type: 'focus', index: (idx + (c === 'prevField' ? -1 : 1) + fs.length) % fs.length });
      return true;
    }
    if (c === 'review') {
      review();
      return true;
    }
    if (key.name === 'escape') {
      if (isDirty(s)) dispatch({ type: 'confirmLeave' });
      else leave(true);
      return true;
    }
    if (!field) return false;
    if (field.kind === 'choice') {
      const opts = field.options ?? [];
      const current = s.values[field.name] ?? '';
      const step = key.name === 'left' ? -1 : key.name === 'right' || key.name === ' ' || key.name === 'space' ? 1 : 0;
      // ←/→ (space) step; a letter picks the next option starting with it, as a select box does.
      const value = step ? stepChoice(opts, current, step) : key.text && !key.ctrl ? choiceByLetter(opts, current, key.text) : undefined;
      if (value !== undefined) {
        dispatch({ type: 'edit', field: field.name, edit: { value, cursor: value.length } });
        return true;
      }
      // Enter moves on as on any single-line field.
      if (key.name === 'down' || key.name === 'up' || key.name === 'return') {
        dispatch({ type: 'focus', index: (idx + (key.name === 'up' ? -1 : 1) + fs.length) % fs.length });
        return true;
      }
      if (key.text && !key.ctrl) {
        const typed = [...key.text].length === 1 ? ` (no option starts with ${key.text})` : '';
        shell.dispatch({ type: 'flash', text: `${field.label} is a choice: ←/→ or an option's first letter${typed}`, tone: 'info' });
        return true;
      }
      return key.ctrl ? false : true;
    }
    // A placeholder value (the plugin's `{}`, the Stellar operations template) is replaced by the
    // first text typed into it — unless the cursor was moved into it: then it is edited in place.
    const current = s.values[field.name] ?? '';
    if (field.placeholder && current === s.initial[field.name] && (s.cursors[field.name] ?? current.length) === current.length && key.text && !key.ctrl) {
      const text = field.kind === 'json' ? key.text.replace(/\r\n?/g, '\n') : key.text.replace(/[\r\n]+/g, '');
      dispatch({ type: 'edit', field: field.name, edit: { value: text, cursor: text.length } });
      return true;
    }
    const next = edit({ value: current, cursor: s.cursors[field.name] ?? 0 }, key, field.kind === 'json');
    if (next) {
      dispatch({ type: 'edit', field: field.name, edit: next });
      return true;
    }
    if (key.name === 'down' || key.name === 'up' || (key.name === 'return' && field.kind !== 'json')) {
      dispatch({ type: 'focus', index: (idx + (key.name === 'up' ? -1 : 1) + fs.length) % fs.length });
      return true;
    }
    return key.ctrl ? false : true;
  };

  // persists: a draft kept survives a quit (on disk); else it lasts this session only (said when leaving).
  const refusedNow = state.phase.kind === 'review' && refusedReview === state.phase.request;
  return { state, fields, focused, onKey, dirty: isDirty(state), persists: store !== undefined, refused: refusedNow };
}

export type FormHandle = ReturnType<typeof useForm>;
export type { FormState };
