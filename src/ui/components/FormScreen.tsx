/** A form screen: registers the form's keys with the shell and frames the MutationFrame. */
import { useState, type ReactNode } from 'react';
import type { FormHandle } from '../forms/useForm.js';
import type { KeyEvent } from '../input/keys.js';
import { useScreenHandle, useShell } from '../shellContext.js';
import { resolve } from '../keymap.js';
import { MutationFrame, reviewLayout, type IntroLine, type Secret, type UnknownNext } from './MutationFrame.js';
import { useCopy } from '../hooks/useCopy.js';
import { useServices } from '../services.js';
import { curlCommand } from '../curl.js';
import { ScreenFrame } from './ScreenFrame.js';
import { useNotReadyWarning } from '../relayerJams.js';
import type { StatusInfo } from './StatusBar.js';

export interface FormScreenProps {
  form: FormHandle;
  screenKey: number;
  title: string;
  width: number;
  height: number;
  status?: StatusInfo;
  /** The server's answer, scrolled by `scroll` rows in `height` rows. */
  result: (value: unknown, scroll: number, height: number) => ReactNode;
  /** How many rows the answer takes (makes j/k scroll it). */
  resultRows?: (value: unknown) => number;
  secret?: Secret;
  intro?: readonly IntroLine[];
  /** The next step after an unknown outcome (default: refresh the transaction list). */
  unknownNext?: UnknownNext;
  /** Keys for the result view (e.g. expanding traces); true when consumed. */
  resultKeys?: (key: KeyEvent) => boolean;
  /** Footer hint for those keys, e.g. "j/k scroll  t traces". */
  resultHint?: string;
}

export function FormScreen({ form, screenKey, title, width, height, status, result, secret, intro, resultKeys, resultHint, unknownNext, resultRows }: FormScreenProps) {
  // The review's scroll, and the furthest it has been: what has been on screen.
  // Kept for one review: a new one (read again, its figures moved) starts unseen at its top — the old
  // one's "seen" never stands for a body below the fold.
  const [view, setView] = useState<{ scroll: number; seen: number; of: unknown }>({ scroll: 0, seen: 0, of: null });
  const current = form.state.phase.kind === 'review' ? form.state.phase.request : null;
  const scroll = view.of === current ? view.scroll : 0;
  const seen = view.of === current ? view.seen : 0;
  const [resultScroll, setResultScroll] = useState(0);
  // Rows for the answer: the done view takes one or two rows of header and one of hints.
  const resultHeight = height - 3;
  const phase = form.state.phase;
  const copy = useCopy();
  const { serverUrl, context } = useServices();
  const shell = useShell();
  // A review is sent only once all of it has been on screen: it fits, or it was scrolled to its end.
  // The server not ready: said above the review, before y (read again as the review opens).
  const notReady = useNotReadyWarning(phase.kind === 'review');
  const fold = reviewLayout(form, width, height, secret, unknownNext, notReady);
  const reviewMax = Math.max(0, fold.total - fold.rows);
  const below = phase.kind === 'review' ? Math.max(0, reviewMax - Math.max(scroll, seen)) : 0;
  useScreenHandle(screenKey, {
    scopes: phase.kind === 'review' ? ['review'] : phase.kind === 'confirmLeave' ? ['leave'] : phase.kind === 'offerDraft' ? ['draft'] : ['form'],
    // Typing goes to the fields; in the review and the result, keys typed at once are separate keys.
    textEntry: phase.kind === 'edit' || phase.kind === 'confirmLeave' || phase.kind === 'offerDraft' || (phase.kind === 'review' && phase.request.confirm !== undefined),
    busyReason: phase.kind === 'sending' ? 'a send is in flight' : form.dirty && phase.kind !== 'done' ? 'the form has unsent changes' : null,
    onKey: (key) => {
      // c: the request as a curl command (review and result), the key read from $RELAYER_API_KEY.
      if ((phase.kind === 'review' || phase.kind === 'done') && phase.request.confirm === undefined && resolve(key, ['review'])?.command === 'copyCurl')
        return copy(curlCommand(serverUrl ?? 'http://127.0.0.1:8080', phase.request.prepared, phase.request.secret ?? (secret !== undefined && secret.length > 0 ? 'signing-key' : undefined)), 'curl command');
      // j/k/↑/↓ a row, space/PgDn/PgUp a screenful (keymap.ts); a review that asks for a word typed
      // takes letters and space as the word's: only the arrows and page keys scroll it.
      const scrollCmd = phase.kind === 'review' ? resolve(key, ['review'])?.command : undefined;
      const typedWord = phase.kind === 'review' && phase.request.confirm !== undefined && key.name.length === 1;
      if (phase.kind === 'review' && !typedWord && (scrollCmd === 'down' || scrollCmd === 'up' || scrollCmd === 'pageDown' || scrollCmd === 'pageUp')) {
        const page = Math.max(1, fold.rows - 1);
        const step = scrollCmd === 'down' ? 1 : scrollCmd === 'up' ? -1 : scrollCmd === 'pageDown' ? page : -page;
        const next = Math.max(0, Math.min(reviewMax, scroll + step));
        // All of it seen now (the "Not sent" said before is no longer true): said so.
        if (below > 0 && next >= reviewMax) shell.dispatch({ type: 'flash', text: `All of the review has been on screen: ${phase.request.confirm !== undefined ? 'enter' : 'y'} sends it`, tone: 'info' });
        setView((v) => {
          const mine = v.of === phase.request;
          const n = Math.max(0, Math.min(reviewMax, (mine ? v.scroll : 0) + step));
          return { scroll: n, seen: Math.max(mine ? v.seen : 0, n), of: phase.request };
        });
        return true;
      }
      // y (or enter after the word typed) with part of the review never on screen yet: not sent, said why.
      if (phase.kind === 'review' && below > 0 && (phase.request.confirm === undefined ? resolve(key, ['review'])?.command === 'sendReviewed' : key.name === 'return')) {
        shell.dispatch({ type: 'flash', text: `Not sent: ${below} row${below === 1 ? '' : 's'} of the review not seen yet (${phase.request.confirm !== undefined ? '↓/PgDn' : 'space/j'})`, tone: 'warn' });
        return true;
      }
      if (phase.kind === 'done' && resultKeys?.(key)) return true;
      if (phase.kind === 'done' && resultRows && ['j', 'k', 'up', 'down'].includes(key.name)) {
        const max = Math.max(0, resultRows(phase.outcome.answer) - resultHeight);
        const down = key.name === 'j' || key.name === 'down';
        setResultScroll((s) => Math.max(0, Math.min(max, s + (down ? 1 : -1))));
        return true;
      }
      if (phase.kind !== 'done') setResultScroll(0);
      if (phase.kind !== 'review') setView({ scroll: 0, seen: 0, of: null });
      return form.onKey(key);
    },
    onCommand: () => false,
  });
  return (
    <ScreenFrame
      // The review says where it goes: the context (its server, its read-only rule) in the title.
      // The context first: on a narrow screen it is what must not be cut (the id is in the review below).
      title={phase.kind === 'review' && context ? title.replace(/^(relayer-tui › )?/, (lead) => `${lead}review for context ${context.name} · `) : title}
      scopes={phase.kind === 'review' ? ['review'] : phase.kind === 'offerDraft' ? ['draft'] : ['form']}
      width={width}
      height={height}
      status={status ?? {}}
      footer={
        phase.kind === 'sending'
          ? 'esc stops waiting (the outcome then is unknown)  F1 help'
          : form.refused
            ? 'refused when read again: nothing can be sent from this review  esc back  F1 help'
          : phase.kind === 'review' && below > 0
            ? `${below} more row${below === 1 ? '' : 's'} below, not seen yet: ${phase.request.confirm !== undefined ? '↓/PgDn' : 'space/j'} — sent once all seen  esc back`
          : phase.kind === 'review' && phase.request.confirm !== undefined
            ? `type ${phase.request.confirm}  enter send  ↑/↓ scroll  esc back  F1 help`
          : phase.kind === 'done'
            ? ['enter/esc back', resultRows ? 'j/k scroll' : '', resultHint ?? '', 'c curl', 'F1 help'].filter(Boolean).join('  ')
            : phase.kind === 'edit' && form.fields.length === 0
              ? // An action with nothing to fill (pause, resume, a cancel): no field to tab to.
                'ctrl+s review  esc back  F1 help'
              : undefined
      }
    >
      <MutationFrame form={form} width={width} height={height} scroll={scroll} result={(value) => result(value, resultScroll, resultHeight)} secret={secret} intro={intro} unknownNext={unknownNext} notReady={notReady} />
    </ScreenFrame>
  );
}
