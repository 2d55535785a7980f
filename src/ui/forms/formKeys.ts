/**
 * A form's keys (useForm's): what each key does in each phase — editing a field, tab between fields,
 * ctrl+s to review, y to send (or the confirmation word typed first), esc back or out, a draft offered
 * taken or dropped. The keys come through the keymap (its help and footer say the same); what they do
 * to the form is the reducer's (formState.ts) and the send is useFormSend's.
 */
import type { KeyEvent } from '../input/keys.js';
import { resolve, type Scope } from '../keymap.js';
import type { ShellApi } from '../shellContext.js';
import type { FormDefinition } from '../../core/operations/types.js';
import { draftTime } from '../../core/time.js';
import { edit } from './editor.js';
import { choiceByLetter, stepChoice } from './choice.js';
import { isDirty, visibleFields, type FormAction, type FormState } from './formState.js';

/** What the keys act through: the form now, its definition, and the form's own actions. */
export interface FormKeyContext {
  state: FormState;
  definition: FormDefinition;
  keepAfterSend: boolean | undefined;
  now: () => number;
  shell: Pick<ShellApi, 'dispatch'>;
  dispatch: (a: FormAction) => void;
  /** y: send the reviewed request (useFormSend). */
  send: () => void;
  /** ctrl+s: check the fields and build the review. */
  review: () => void;
  /** Leave the form (`discard`: its draft too). */
  leave: (discard: boolean) => void;
  /** The draft on disk removed. */
  dropStored: () => void;
  /** esc while sending: stop waiting for the answer (the outcome then says what is known). */
  stopWaiting: () => void;
}

/** One key on the form: whether it was taken (false: the shell's keys may have it). */
export function formKey(key: KeyEvent, c: FormKeyContext): boolean {
  const s = c.state;
  const phase = s.phase.kind;
  if (phase === 'sending') {
    // Nothing can send again while a request runs; esc stops waiting (the outcome then says what is known).
    if (key.name === 'escape') c.stopWaiting();
    return true;
  }
  if (phase === 'done') {
    if (key.name === 'escape' || key.name === 'return') c.leave(!c.keepAfterSend);
    return key.name !== 'q' && key.name !== '?' && key.name !== ':';
  }
  // The form's keys go through the keymap (its help and footer say the same).
  const command = (scope: Scope) => resolve(key, [scope])?.command;
  if (phase === 'review') {
    // A review that asks for a word typed first (the relayer's id): keys are its text, enter sends.
    const confirm = s.phase.kind === 'review' ? s.phase.request.confirm : undefined;
    if (confirm !== undefined && key.name !== 'escape') {
      if (key.name === 'return') {
        if (s.confirmText.trim() === confirm) c.send();
        else c.shell.dispatch({ type: 'flash', text: `Type ${confirm} exactly, then enter: nothing was sent`, tone: 'warn' });
      } else if (key.name === 'backspace') c.dispatch({ type: 'confirmText', text: s.confirmText.slice(0, -1) });
      else if (key.ctrl && key.name === 'u') c.dispatch({ type: 'confirmText', text: '' });
      else if (key.text && !key.ctrl) c.dispatch({ type: 'confirmText', text: s.confirmText + key.text.replace(/[\r\n]/g, '') });
      else return false;
      return true;
    }
    if (command('review') === 'sendReviewed') c.send();
    // Nothing to fill in: esc leaves (there is no form behind the review).
    else if (key.name === 'escape' && c.definition.fields.length === 0) c.leave(true);
    else if (key.name === 'escape') {
      // Back to the form: what was said of the review ("y sends it", "not seen yet") goes with it.
      c.shell.dispatch({ type: 'clearFlash' });
      c.dispatch({ type: 'back' });
    } else return false;
    return true;
  }
  if (s.phase.kind === 'offerDraft') {
    const offer = s.phase;
    const from = draftTime(Date.parse(offer.draft.savedAt), c.now());
    const d = command('draft');
    if (key.name === 'escape') {
      // Left for later: it stays on disk and is offered again.
      c.shell.dispatch({ type: 'pop' });
    } else if (d === 'dropDraft') {
      c.dropStored();
      c.dispatch({ type: 'dismissDraft' });
      c.shell.dispatch({ type: 'flash', text: `The draft from ${from} was discarded`, tone: 'info' });
    } else if (d === 'restoreDraft' && offer.stale) {
      c.shell.dispatch({ type: 'flash', text: `A stale draft is not applied (${offer.stale}): n discards it, esc leaves it`, tone: 'warn' });
    } else if (d === 'restoreDraft') {
      const secrets = c.definition.fields.filter((f) => offer.draft.omitted.includes(f.name)).map((f) => f.label);
      // (dispatch writes it again at once: it is the draft now being edited.)
      c.dispatch({ type: 'restoreDraft', values: offer.draft.values });
      c.shell.dispatch(
        secrets.length
          ? { type: 'flash', text: `${secrets.join(', ')} not kept: type it again (the draft from ${from} is restored; a secret is never written to disk)`, tone: 'warn' }
          : { type: 'flash', text: `Restored the draft from ${from}`, tone: 'info' },
      );
    }
    return true;
  }
  if (phase === 'confirmLeave') {
    const l = command('leave');
    if (l === 'keepDraft') c.leave(false);
    else if (l === 'discardDraft') c.leave(true);
    else c.dispatch({ type: 'back' });
    return true;
  }
  // edit
  const fs = visibleFields(c.definition.fields, s.values);
  const idx = Math.min(s.focus, fs.length - 1);
  const field = fs[idx];
  const f = command('form');
  if (f === 'nextField' || f === 'prevField') {
    c.dispatch({ type: 'focus', index: (idx + (f === 'prevField' ? -1 : 1) + fs.length) % fs.length });
    return true;
  }
  if (f === 'review') {
    c.review();
    return true;
  }
  if (key.name === 'escape') {
    if (isDirty(s)) c.dispatch({ type: 'confirmLeave' });
    else c.leave(true);
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
      c.dispatch({ type: 'edit', field: field.name, edit: { value, cursor: value.length } });
      return true;
    }
    // Enter moves on as on any single-line field.
    if (key.name === 'down' || key.name === 'up' || key.name === 'return') {
      c.dispatch({ type: 'focus', index: (idx + (key.name === 'up' ? -1 : 1) + fs.length) % fs.length });
      return true;
    }
    if (key.text && !key.ctrl) {
      const typed = [...key.text].length === 1 ? ` (no option starts with ${key.text})` : '';
      c.shell.dispatch({ type: 'flash', text: `${field.label} is a choice: ←/→ or an option's first letter${typed}`, tone: 'info' });
      return true;
    }
    return key.ctrl ? false : true;
  }
  // A placeholder value (the plugin's `{}`, the Stellar operations template) is replaced by the
  // first text typed into it — unless the cursor was moved into it: then it is edited in place.
  const current = s.values[field.name] ?? '';
  if (field.placeholder && current === s.initial[field.name] && (s.cursors[field.name] ?? current.length) === current.length && key.text && !key.ctrl) {
    const text = field.kind === 'json' ? key.text.replace(/\r\n?/g, '\n') : key.text.replace(/[\r\n]+/g, '');
    c.dispatch({ type: 'edit', field: field.name, edit: { value: text, cursor: text.length } });
    return true;
  }
  const next = edit({ value: current, cursor: s.cursors[field.name] ?? 0 }, key, field.kind === 'json');
  if (next) {
    c.dispatch({ type: 'edit', field: field.name, edit: next });
    return true;
  }
  if (key.name === 'down' || key.name === 'up' || (key.name === 'return' && field.kind !== 'json')) {
    c.dispatch({ type: 'focus', index: (idx + (key.name === 'up' ? -1 : 1) + fs.length) % fs.length });
    return true;
  }
  return key.ctrl ? false : true;
}
