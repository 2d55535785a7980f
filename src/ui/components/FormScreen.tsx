/** A form screen: registers the form's keys with the shell and frames the MutationFrame. */
import { useState, type ReactNode } from 'react';
import type { FormHandle } from '../forms/useForm.js';
import type { KeyEvent } from '../input/keys.js';
import { reviewRows } from './ReviewView.js';
import { useScreenHandle, useShell } from '../shellContext.js';
import { resolve } from '../keymap.js';
import { MutationFrame, type UnknownNext } from './MutationFrame.js';
import { useCopy } from '../hooks/useCopy.js';
import { useServices } from '../services.js';
import { curlCommand } from '../curl.js';
import { ScreenFrame } from './ScreenFrame.js';
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
  secret?: string;
  intro?: ReactNode;
  /** The next step after an unknown outcome (default: refresh the transaction list). */
  unknownNext?: UnknownNext;
  /** Keys for the result view (e.g. expanding traces); true when consumed. */
  resultKeys?: (key: KeyEvent) => boolean;
  /** Footer hint for those keys, e.g. "j/k scroll  t traces". */
  resultHint?: string;
}

export function FormScreen({ form, screenKey, title, width, height, status, result, secret, intro, resultKeys, resultHint, unknownNext, resultRows }: FormScreenProps) {
  const [scroll, setScroll] = useState(0);
  const [resultScroll, setResultScroll] = useState(0);
  // Rows for the answer: the done view takes one or two rows of header and one of hints.
  const resultHeight = height - 3;
  const phase = form.state.phase;
  const copy = useCopy();
  const { serverUrl, context } = useServices();
  const shell = useShell();
  // A review is sent only once all of it has been on screen: it fits, or it was scrolled to its end.
  const reviewMax = phase.kind === 'review' ? Math.max(0, reviewRows(phase.request, width).length - (height - 1)) : 0;
  const below = phase.kind === 'review' ? Math.max(0, reviewMax - scroll) : 0;
  useScreenHandle(screenKey, {
    scopes: phase.kind === 'review' ? ['review'] : phase.kind === 'confirmLeave' ? ['leave'] : phase.kind === 'offerDraft' ? ['draft'] : ['form'],
    // Typing goes to the fields; in the review and the result, keys typed at once are separate keys.
    textEntry: phase.kind === 'edit' || phase.kind === 'confirmLeave' || phase.kind === 'offerDraft' || (phase.kind === 'review' && phase.request.confirm !== undefined),
    busyReason: phase.kind === 'sending' ? 'a send is in flight' : form.dirty && phase.kind !== 'done' ? 'the form has unsent changes' : null,
    onKey: (key) => {
      // c: the request as a curl command (review and result), the key read from $RELAYER_API_KEY.
      if ((phase.kind === 'review' || phase.kind === 'done') && phase.request.confirm === undefined && resolve(key, ['review'])?.command === 'copyCurl')
        return copy(curlCommand(serverUrl ?? 'http://127.0.0.1:8080', phase.request.prepared, secret !== undefined && secret !== ''), 'curl command');
      // (A review that asks for a word typed: j and k are letters of it, the arrows scroll.)
      const scrollKeys = phase.kind === 'review' && phase.request.confirm !== undefined ? ['down', 'up'] : ['down', 'j', 'up', 'k'];
      if (phase.kind === 'review' && (scrollKeys.includes(key.name) || (key.name === ' ' && phase.request.confirm === undefined))) {
        const step = key.name === ' ' ? Math.max(1, height - 2) : key.name === 'down' || key.name === 'j' ? 1 : -1;
        setScroll((s) => Math.max(0, Math.min(reviewMax, s + step)));
        return true;
      }
      // y (or enter after the word typed) with part of the review below the fold: not sent, said why.
      if (phase.kind === 'review' && below > 0 && (phase.request.confirm === undefined ? resolve(key, ['review'])?.command === 'send' : key.name === 'return')) {
        shell.dispatch({ type: 'flash', text: `Not sent: ${below} more row${below === 1 ? '' : 's'} of the review below — read it all first (j or space scrolls)`, tone: 'warn' });
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
      if (phase.kind !== 'review') setScroll(0);
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
          : phase.kind === 'review' && below > 0
            ? `${below} more row${below === 1 ? '' : 's'} below: ${phase.request.confirm !== undefined ? '↓' : 'j/space'} scroll; it is sent once all is seen  esc back`
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
      <MutationFrame form={form} width={width} height={height} scroll={scroll} result={(value) => result(value, resultScroll, resultHeight)} secret={secret} intro={intro} unknownNext={unknownNext} />
    </ScreenFrame>
  );
}
