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
import { ReviewView } from './ReviewView.js';

export function failureText(e: ApiError, secret?: string): { head: string; body: string; next: string } {
  const scrub = (s: string) => (secret && secret.length >= 4 ? s.split(secret).join('••••') : s);
  const head = e.status ? `✗ The server refused it: HTTP ${e.status}` : e.outcomeUnknown ? '✗ Outcome unknown' : `✗ ${e.kind.replace('_', ' ')}`;
  const next = e.outcomeUnknown
    ? 'Nothing was resent. Refresh the list (esc, then r) to see whether it took effect before trying again.'
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
}

export function MutationFrame({ form, width, height, scroll, result, secret, intro }: MutationFrameProps) {
  const { state, fields } = form;
  const phase = state.phase;
  if (phase.kind === 'review')
    return (
      <Box flexDirection="column" height={height}>
        <Text bold wrap="truncate">
          Review: <Text color={tone('warn')}>y</Text> sends exactly this · esc returns to the form
        </Text>
        <ReviewView request={phase.request} height={height - 1} scroll={scroll} />
      </Box>
    );
  if (phase.kind === 'sending')
    return (
      <Box flexDirection="column" height={height}>
        <Text color={tone('info')}>
          Sending {phase.request.prepared.method} {phase.request.prepared.path} …
        </Text>
        <Text color={tone('muted')}>One request at a time: keys that would send again do nothing until the server answers.</Text>
      </Box>
    );
  if (phase.kind === 'done')
    return (
      <Box flexDirection="column" height={height}>
        <Text color={tone('ok')} bold>
          ✓ Done: {phase.request.prepared.method} {phase.request.prepared.path}
        </Text>
        <Box flexDirection="column" height={height - 2} overflow="hidden">
          {result(phase.result)}
        </Box>
        <Text color={tone('muted')}>enter or esc: back</Text>
      </Box>
    );
  const failure = state.failure ? failureText(state.failure, secret) : null;
  const top = (failure ? 3 : 0) + (intro ? 1 : 0);
  const bottom = phase.kind === 'confirmLeave' ? 1 : 0;
  return (
    <Box flexDirection="column" height={height}>
      {failure ? (
        <Box flexDirection="column">
          <Text color={tone('bad')} bold wrap="truncate">
            {failure.head}
          </Text>
          <Text wrap="truncate">{failure.body}</Text>
          <Text color={tone('muted')} wrap="truncate">
            {failure.next}
          </Text>
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
