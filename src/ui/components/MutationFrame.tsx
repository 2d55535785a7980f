/**
 * The body of every form screen: the last failure (server message, status, next step), then the
 * form, the leave prompt, the review, the "sending" notice or the result.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { ApiError } from '../../api/index.js';
import type { FormHandle } from '../forms/useForm.js';
import { tone } from '../theme.js';
import { nextStep } from './ErrorPanel.js';
import { FormView } from './FormView.js';
import { wrapRows } from '../format.js';
import { ReviewView, reviewRows } from './ReviewView.js';

/** What to do after a PUT/POST whose outcome is unknown (a transaction replacement: its list shows it). */
export const UNKNOWN_NEXT = 'Nothing was resent. Refresh the list (esc, then r) to see whether it took effect before trying again.';

export function failureText(e: ApiError, secret?: string, unknownNext = UNKNOWN_NEXT): { head: string; body: string; next: string } {
  const scrub = (s: string) => (secret && secret.length >= 4 ? s.split(secret).join('••••') : s);
  const head = e.status ? `✗ The server refused it: HTTP ${e.status}` : e.outcomeUnknown ? '✗ Outcome unknown' : `✗ ${e.kind.replace('_', ' ')}`;
  const next = e.outcomeUnknown
    ? unknownNext
    : e.kind === 'unauthorized' || e.kind === 'forbidden' || e.kind === 'not_found' || e.kind === 'rate_limited'
      ? nextStep(e).replace(/ ?r retries\.?/, '').trim() || 'Fix and review again (ctrl+s).'
      : 'Every field is kept: fix it and review again (ctrl+s).';
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
  unknownNext?: string;
}

export function MutationFrame({ form, width, height, scroll, result, secret, intro, unknownNext }: MutationFrameProps) {
  const { state, fields } = form;
  const phase = state.phase;
  if (phase.kind === 'review') {
    const more = reviewRows(phase.request, width).length > height - 1;
    return (
      <Box flexDirection="column" height={height}>
        <Text bold wrap="truncate">
          Review: <Text color={tone('warn')}>y</Text> sends exactly this · esc returns to the form{more ? ' · j/k scroll' : ''}
        </Text>
        <ReviewView request={phase.request} height={height - 1} scroll={scroll} width={width} />
      </Box>
    );
  }
  if (phase.kind === 'sending')
    return (
      <Box flexDirection="column" height={height}>
        <Text color={tone('info')}>
          Sending {phase.request.prepared.method} {phase.request.prepared.path} …
        </Text>
        <Text color={tone('muted')}>One request at a time: keys that would send again do nothing until the server answers.</Text>
      </Box>
    );
  if (phase.kind === 'done') {
    // The header is wrapped here (a long path takes two rows at 80 columns): a row Ink wraps on its
    // own would squeeze the result below it and lose one of its lines.
    const head = wrapRows(`✓ Done: ${phase.request.prepared.method} ${phase.request.prepared.path}`, width);
    return (
      <Box flexDirection="column" height={height}>
        {head.map((l, i) => (
          <Text key={i} color={tone('ok')} bold wrap="truncate">
            {l}
          </Text>
        ))}
        <Box flexDirection="column" height={Math.max(1, height - head.length - 1)} overflow="hidden">
          <Box flexDirection="column" flexShrink={0}>
            {result(phase.result)}
          </Box>
        </Box>
        <Text color={tone('muted')}>enter or esc: back</Text>
      </Box>
    );
  }
  const failure = state.failure ? failureText(state.failure, secret, unknownNext) : null;
  // The server's message and the next step are wrapped (at most 3 rows each), never cut at the edge.
  const failureRows = failure ? { body: wrapRows(failure.body, width).slice(0, 3), next: wrapRows(failure.next, width).slice(0, 2) } : null;
  const top = (failureRows ? 1 + failureRows.body.length + failureRows.next.length : 0) + (intro ? 1 : 0);
  const bottom = phase.kind === 'confirmLeave' ? 1 : 0;
  return (
    <Box flexDirection="column" height={height}>
      {failure && failureRows ? (
        <Box flexDirection="column" flexShrink={0}>
          <Text color={tone('bad')} bold wrap="truncate">
            {failure.head}
          </Text>
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
          Leave this form? k keep the draft for later · d discard it · any other key stays
        </Text>
      ) : null}
    </Box>
  );
}
