/**
 * A form's send (useForm's): `y` on the review sends exactly the reviewed request through the one
 * pipeline (core/operations/pipeline.ts: ledger, send once, outcome, effect check) — read-only refuses
 * it here too; a review whose figures are older than REREAD_AFTER_MS (or always, for a policy edit) is
 * read again first and sent only if the request built from them is the one reviewed. After the answer:
 * the draft on disk dropped, the fleets holding the context told, a fix of a jam followed until it
 * clears.
 */
import { useContext, useEffect, useRef, useState, type MutableRefObject } from 'react';
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
import { visibleFields, type FormAction, type FormState } from './formState.js';
import type { BuiltRequest, FormDefinition } from '../../core/operations/types.js';
import { clock } from '../../core/time.js';

/** A review whose figures are older than this is read again before it is sent. */
export const REREAD_AFTER_MS = 15_000;

export interface FormSendOptions {
  draftKey: string;
  definition: FormDefinition;
  keepAfterSend?: boolean;
  onSent?: (result: unknown) => void;
  reread?: { at: number | null | undefined; read: () => Promise<FormDefinition>; always?: boolean };
  /** The form now (useForm's ref) and its dispatch. */
  ref: MutableRefObject<FormState>;
  dispatch: (a: FormAction) => void;
  /** The draft on disk removed; the session's draft kept or not after a send. */
  dropStored: () => void;
  keepDraft: MutableRefObject<boolean>;
}

export function useFormSend({ draftKey, definition, keepAfterSend, onSent, reread, ref, dispatch, dropStored, keepDraft }: FormSendOptions) {
  const services = useServices();
  const jams = useContext(RelayerJamsContext);
  const events = useSessionEvents();
  const shell = useShell();
  const drafts = useDrafts();
  const fleets = useContext(FleetSessionsContext);
  const inflight = useRef<AbortController | null>(null);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
      inflight.current?.abort();
    },
    [],
  );

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
  // The same, drawn: the review refused on its reread says so in place of "y send".
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
        // a policy edit on a relayer never jammed is no fix (no "cleared" is said of it).
        const relayerId = request.target.relayerId;
        if (relayerId && OPERATIONS[request.op].follows === 'jam' && jams?.jam(relayerId) !== undefined)
          jams?.follow(relayerId, (words, cleared) => {
            shell.dispatch({ type: 'flash', text: words, tone: cleared ? 'info' : 'warn' });
            events.emit('jamEnded', { relayerId, cleared });
          });
      })
      .catch((e: unknown) => shell.dispatch({ type: 'flash', text: `After the answer: ${e instanceof Error ? e.message : String(e)}`, tone: 'bad' }));
  };

  return { send, refusedReview, stopWaiting: () => inflight.current?.abort() };
}
