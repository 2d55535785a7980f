/**
 * The body of every form screen: the last failure (server message, status, next step), then the
 * form, the leave prompt, the review, the "sending" notice or the result.
 */
import { Box } from 'ink';
import { Text } from './Text.js';
import type { ReactNode } from 'react';
import type { ApiError } from '../../api/index.js';
import type { FormHandle } from '../forms/useForm.js';
import { tone } from '../theme.js';
import { BINDINGS } from '../keymap.js';
import { DrawBoundary } from './DrawBoundary.js';
import { messageRows } from './ErrorPanel.js';
import { FormView } from './FormView.js';
import { wrapCells, truncateCells } from '../../core/text/cells.js';
import { ReviewView, reviewRows } from './ReviewView.js';

/** The keys of the leave prompt, from the keymap: `k keep the draft … · d discard …`. */
const LEAVE_KEYS = BINDINGS.filter((b) => b.scope === 'leave').map((b) => `${b.label} ${b.hint}`).join(' · ');

/** What to do after a PUT/POST whose outcome is unknown (a transaction replacement: its list shows it). */
export const UNKNOWN_NEXT = 'Nothing was resent. Refresh the list (esc, then r) to see whether it took effect before trying again.';

/** The next step after an unknown outcome: fixed, or read from the error (a server's known answers). */
export type UnknownNext = string | ((e: ApiError) => string);

/** What to do after a refusal: only a refusal an edit can fix says "fix it". */
function refusalNext(e: ApiError): string {
  const kept = 'Every field is kept.';
  if (e.kind === 'forbidden' && /paused/i.test(e.message))
    return 'The relayer is paused: no edit fixes it. Unpause it on the server (its admin API or config), then send again (ctrl+s, y). Every field is kept.';
  if (e.kind === 'forbidden' && /disabled/i.test(e.message))
    return "The relayer is disabled by the server's health checks (its detail, i, says why): no edit fixes it until the cause is fixed and it is re-enabled. Every field is kept.";
  if (e.kind === 'forbidden') return 'The server refuses this for the relayer (paused or disabled?): no edit fixes it. esc goes back.';
  if (/not supported/i.test(e.message)) return 'The server does not support this here: no edit fixes it. esc goes back.';
  if (/invalid transaction state/i.test(e.message)) return "The transaction's state does not allow it (already final?): no edit fixes it. Refresh the list (esc, then r).";
  if (e.kind === 'unauthorized') return `The API key was refused: set RELAYER_API_KEY (or --token-file <path>) and restart. ${kept}`;
  if (e.kind === 'not_found') return `Check the ids (esc goes back). ${kept}`;
  if (e.kind === 'rate_limited')
    return `Rate limited${e.retryAfterMs !== undefined ? `: wait ${Math.ceil(e.retryAfterMs / 1000)} s` : ''}, then send it again (ctrl+s, y). ${kept}`;
  return 'Every field is kept: fix it and review again (ctrl+s).';
}

/**
 * A failed PUT/POST in words. "Refused" only when the answer proves nothing was applied (a 4xx in
 * the server's error envelope); "not sent" when it never left; everything else is "outcome unknown".
 */
export function failureText(e: ApiError, secret?: string, unknownNext: UnknownNext = UNKNOWN_NEXT): { head: string; body: string; next: string } {
  const scrub = (s: string) => (secret && secret.length >= 4 ? s.split(secret).join('••••') : s);
  const status = e.status ? `HTTP ${e.status}` : '';
  let head: string;
  let next: string;
  if (e.outcomeUnknown) {
    head = `⚠ Outcome unknown${status ? ` (${status})` : ''}: the request was sent and may have been applied`;
    next = typeof unknownNext === 'function' ? unknownNext(e) : unknownNext;
  } else if (e.notSent) {
    head = '✗ Not sent: the server could not be reached';
    next = 'Nothing reached the server. Every field is kept: check the connection, then send it again (ctrl+s, y).';
  } else if (e.refused || e.status) {
    head = `✗ The server refused it${status ? `: ${status}` : ''}`;
    next = refusalNext(e);
  } else {
    head = `✗ ${e.kind.replace('_', ' ')}`;
    next = 'Every field is kept: fix it and review again (ctrl+s).';
  }
  return { head, body: scrub(e.message), next };
}

export interface MutationFrameProps {
  form: FormHandle;
  width: number;
  height: number;
  /** Review scroll offset. */
  scroll: number;
  /** What the server answered, rendered by the screen. */
  result: (value: unknown) => ReactNode;
  /** Masked out of any error text (a signing key). */
  secret?: string;
  /** One line above the form (e.g. "type: webhook"). */
  intro?: ReactNode;
  /** The next step after an unknown outcome, when there is no list to refresh (plugin calls, notifications). */
  unknownNext?: UnknownNext;
  /** When the answer itself is a failure (a plugin that said no): the heading instead of "Done". */
  answerFailed?: (value: unknown) => string | null;
}

export function MutationFrame({ form, width, height, scroll, result, secret, intro, unknownNext, answerFailed }: MutationFrameProps) {
  const { state, fields } = form;
  const phase = state.phase;
  if (phase.kind === 'review') {
    // After an unknown outcome, sending again may apply the change twice: say so where y is pressed.
    const again = state.failure?.outcomeUnknown
      ? wrapCells(`⚠ The last send of this form had an unknown outcome: it may have been applied. ${failureText(state.failure, secret, unknownNext).next}`, width).slice(0, 3)
      : [];
    const rows = height - 1 - again.length;
    const more = reviewRows(phase.request, width).length > rows;
    return (
      <Box flexDirection="column" height={height}>
        <Text bold wrap="truncate">
          Review: <Text color={tone('warn')}>y</Text> sends exactly this · esc returns to the form{more ? ' · j/k scroll' : ''}
        </Text>
        {again.map((l, i) => (
          <Text key={`a${i}`} color={tone('warn')} wrap="truncate">
            {l}
          </Text>
        ))}
        <ReviewView request={phase.request} height={rows} scroll={scroll} width={width} />
      </Box>
    );
  }
  if (phase.kind === 'sending')
    return (
      <Box flexDirection="column" height={height}>
        <Text color={tone('info')} wrap="truncate">
          {truncateCells(`Sending ${phase.request.prepared.method} ${phase.request.prepared.path} …`, width)}
        </Text>
        <Text color={tone('muted')}>One request at a time: keys that would send again do nothing until the server answers.</Text>
      </Box>
    );
  if (phase.kind === 'done') {
    // The header is wrapped here (a long path takes two rows at 80 columns): a row Ink wraps on its
    // own would squeeze the result below it and lose one of its lines.
    // Whatever came back, the operator sees that the request was sent and the status of the answer.
    const failed = answerFailed?.(phase.result) ?? null;
    const sent = `${phase.request.prepared.method} ${phase.request.prepared.path}${phase.status ? ` → HTTP ${phase.status}` : ''}`;
    const head = wrapCells(failed ? `✗ ${failed}: ${sent}` : `✓ Done: ${sent}`, width);
    return (
      <Box flexDirection="column" height={height}>
        {head.map((l, i) => (
          <Text key={i} color={tone(failed ? 'bad' : 'ok')} bold wrap="truncate">
            {l}
          </Text>
        ))}
        <Box flexDirection="column" height={Math.max(1, height - head.length - 1)} overflow="hidden">
          <Box flexDirection="column" flexShrink={0}>
            <DrawBoundary what="The answer was received but cannot be shown">{result(phase.result)}</DrawBoundary>
          </Box>
        </Box>
        <Text color={tone('muted')}>enter or esc: back</Text>
      </Box>
    );
  }
  const failure = state.failure ? failureText(state.failure, secret, unknownNext) : null;
  // The server's message and the next step are wrapped (at most 3 rows each), never cut at the edge.
  const failureRows = failure ? { head: wrapCells(failure.head, width).slice(0, 2), body: messageRows(failure.body, width, 3), next: wrapCells(failure.next, width).slice(0, 2) } : null;
  const top = (failureRows ? failureRows.head.length + failureRows.body.length + failureRows.next.length : 0) + (intro ? 1 : 0);
  const bottom = phase.kind === 'confirmLeave' ? 1 : 0;
  return (
    <Box flexDirection="column" height={height}>
      {failure && failureRows ? (
        <Box flexDirection="column" flexShrink={0}>
          {failureRows.head.map((l, i) => (
            <Text key={`h${i}`} color={tone(failure.head.startsWith('⚠') ? 'warn' : 'bad')} bold wrap="truncate">
              {l}
            </Text>
          ))}
          {failureRows.body.map((l, i) => (
            <Text key={`b${i}`} wrap="truncate">
              {l}
            </Text>
          ))}
          {failureRows.next.map((l, i) => (
            <Text key={`n${i}`} color={tone('muted')} wrap="truncate">
              {l}
            </Text>
          ))}
        </Box>
      ) : null}
      {intro ? <Box height={1}>{intro}</Box> : null}
      <FormView
        fields={fields}
        values={state.values}
        cursors={state.cursors}
        focus={Math.min(state.focus, fields.length - 1)}
        errors={state.errors}
        width={width}
        height={Math.max(2, height - top - bottom)}
      />
      {phase.kind === 'confirmLeave' ? (
        <Text color={tone('warn')} bold wrap="truncate">
          Leave this form? {LEAVE_KEYS} · any other key stays
        </Text>
      ) : null}
    </Box>
  );
}
