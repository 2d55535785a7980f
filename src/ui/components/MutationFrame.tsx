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
import { failureKnown, outcomeWords } from '../../core/operations/pipeline.js';
import type { Tone } from '../../core/tone.js';
import { sanitize } from '../../core/text/sanitize.js';
import { draftTime } from '../../core/time.js';
import type { DraftOffer } from '../forms/formState.js';
import { useServices } from '../services.js';

/** The keys of the leave prompt, from the keymap: `k keep the draft … · d discard …`. */
const LEAVE_KEYS = BINDINGS.filter((b) => b.scope === 'leave').map((b) => `${b.label} ${b.hint}`).join(' · ');

/** The keys of a kept draft's offer, from the keymap: `y restore the draft · n discard it`. */
const DRAFT_KEYS = BINDINGS.filter((b) => b.scope === 'draft').map((b) => `${b.label} ${b.hint}`).join(' · ');

/** A value of a draft on one row: its first line, sanitized (a draft file is read back from disk), and how many more. */
function draftValue(v: string): string {
  if (v === '') return '(empty)';
  const lines = v.split('\n');
  return `${sanitize(lines[0]!)}${lines.length > 1 ? ` … (${lines.length} lines)` : ''}`;
}

/** The rows of a draft kept from an earlier session, offered before the form is edited. */
export function draftOfferRows(offer: DraftOffer, now: number, fieldLabels: (name: string) => string): { text: string; tone?: Tone; bold?: boolean }[] {
  const from = draftTime(Date.parse(offer.draft.savedAt), now);
  const rows: { text: string; tone?: Tone; bold?: boolean }[] = [];
  if (offer.stale) {
    // (The status in it is the server's word: drawn safe.)
    rows.push({ text: `The draft from ${from} is stale: ${sanitize(offer.stale)}. It is not applied.`, tone: 'warn', bold: true });
    rows.push({ text: 'n discards it · esc leaves it for later', tone: 'muted' });
    rows.push({ text: `What it held, against ${offer.against}:` });
  } else {
    rows.push({ text: `restore the draft from ${from}? y/n`, tone: 'warn', bold: true });
    rows.push({ text: `${DRAFT_KEYS} · esc leaves it for later`, tone: 'muted' });
    rows.push({ text: `What differs from ${offer.against}:` });
  }
  const width = Math.min(24, offer.differences.reduce((m, d) => Math.max(m, d.label.length), 5) + 2);
  for (const d of offer.differences)
    rows.push({ text: `  ${d.label.padEnd(width - 1)} ${draftValue(d.typed)}   (now ${d.now === '' ? 'empty' : draftValue(d.now)}${d.then !== undefined ? `; ${d.then === '' ? 'empty' : draftValue(d.then)} when the draft was typed` : ''})` });
  if (offer.draft.omitted.length)
    rows.push({ text: `${offer.draft.omitted.map(fieldLabels).join(', ')} is not in the draft: a secret is never written to disk (type it again after restoring)`, tone: 'warn' });
  return rows;
}

/** What to do after a PUT/POST whose outcome is unknown (a transaction replacement: its list shows it). */
export const UNKNOWN_NEXT = 'Nothing was resent. Refresh the list (esc, then r) to see whether it took effect before trying again.';

/** The next step after an unknown outcome: fixed, or read from the error (a server's known answers). */
export type UnknownNext = string | ((e: ApiError) => string);

/** What to do after a refusal: only a refusal an edit can fix says "fix it". */
function refusalNext(e: ApiError): string {
  const kept = 'Every field is kept.';
  const refusal = e.refusal;
  if (refusal === 'relayer_paused')
    return 'The relayer is paused: no edit fixes it. Resume it (P on the relayers list or its detail), then send again (ctrl+s, y). Every field is kept.';
  if (refusal === 'relayer_disabled')
    return "The relayer is disabled by the server's health checks (its detail, i, says why): no edit fixes it until the cause is fixed and it is re-enabled. Every field is kept.";
  if (refusal === 'forbidden') return 'The server refuses this for the relayer (paused or disabled?): no edit fixes it. esc goes back.';
  if (refusal === 'not_supported') return 'The server does not support this here: no edit fixes it. esc goes back.';
  if (refusal === 'method_absent') return `The server does not offer this (HTTP ${e.status}): nothing was applied, and no edit fixes it. esc goes back.`;
  if (refusal === 'invalid_state') return "The transaction's state does not allow it (already final?): no edit fixes it. Refresh the list (esc, then r).";
  if (e.kind === 'unauthorized') return `The API key was refused: set RELAYER_API_KEY (or --token-file <path>) and restart. ${kept}`;
  if (e.kind === 'unsupported') return 'This server does not offer it (a server that is not the OpenZeppelin Relayer has no such endpoint): no edit fixes it. esc goes back.';
  if (e.kind === 'not_api') return `Nothing was applied: this URL does not answer as a relayer API. Point --url (RELAYER_URL, the context's url) at the relayer server. ${kept}`;
  if (e.kind === 'not_found') return `Check the ids (esc goes back). ${kept}`;
  if (e.kind === 'rate_limited')
    return `Rate limited${e.retryAfterMs !== undefined ? `: wait ${Math.ceil(e.retryAfterMs / 1000)} s` : ''}, then send it again (ctrl+s, y). ${kept}`;
  return 'Every field is kept: fix it and review again (ctrl+s).';
}

/** What a form holds that is never drawn: one secret, or several (the keys of the RPC URLs typed). */
export type Secret = string | readonly string[];

/**
 * A failed send in words: the heading is the pipeline's (core/operations/pipeline.ts, the same as
 * headless and the ledger); the next step, in this face's keys, is the TUI's.
 */
export function failureText(e: ApiError, secret?: Secret, unknownNext: UnknownNext = UNKNOWN_NEXT): { head: string; body: string; next: string; tone: Tone } {
  // Each secret typed (a signing key; each RPC URL's key) masked where the server's words carry it back, the longest first.
  const secrets = (typeof secret === 'string' ? [secret] : [...(secret ?? [])]).filter((x) => x.length >= 4).sort((a, b) => b.length - a.length);
  const scrub = (s: string) => secrets.reduce((t, x) => t.split(x).join('••••'), s);
  const known = failureKnown(e);
  const w = outcomeWords({ kind: 'failed', error: e, known });
  const next =
    known === 'unknown'
      ? typeof unknownNext === 'function'
        ? unknownNext(e)
        : unknownNext
      : known === 'not sent' && e.kind !== 'unsupported'
        ? 'Nothing reached the server. Every field is kept: check the connection, then send it again (ctrl+s, y).'
        : known === 'refused' || e.kind === 'unsupported'
          ? refusalNext(e)
          : 'Every field is kept: fix it and review again (ctrl+s).';
  return { head: w.head, body: scrub(e.message), next, tone: w.tone };
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
  secret?: Secret;
  /** Lines above the form (e.g. "type: webhook", why a value is proposed): wrapped, never cut. */
  intro?: readonly IntroLine[];
  /** The next step after an unknown outcome, when there is no list to refresh (plugin calls, notifications). */
  unknownNext?: UnknownNext;
  /** The server answers not ready: said above the review (relayerJams.ts useNotReadyWarning). */
  notReady?: string | null;
}

/**
 * The review's layout at this size: the unknown-outcome warning above it, the rows it has and how many
 * fit (one row is its heading). FormScreen sends only once all rows have been on screen.
 */
export function reviewLayout(form: FormHandle, width: number, height: number, secret?: Secret, unknownNext?: UnknownNext, notReady?: string | null): { again: string[]; rows: number; total: number } {
  const { state } = form;
  const phase = state.phase;
  if (phase.kind !== 'review') return { again: [], rows: 0, total: 0 };
  // After an unknown outcome, sending again may apply the change twice: say so where y is pressed.
  // The server not ready: said before y too (issue 53.2), in both faces.
  const again = [
    ...(notReady ? wrapCells(`⚠ ${notReady}`, width).slice(0, 2) : []),
    ...(state.failure?.outcomeUnknown ? wrapCells(`⚠ The last send of this form had an unknown outcome: it may have been applied. ${failureText(state.failure, secret, unknownNext).next}`, width).slice(0, 3) : []),
  ];
  return { again, rows: height - 1 - again.length, total: reviewRows(phase.request, width).length };
}

/** A line above a form: its text (server text sanitized when drawn) and tone. */
export interface IntroLine {
  text: string;
  tone?: Tone;
}

export function MutationFrame({ form, width, height, scroll, result, secret, intro, unknownNext, notReady }: MutationFrameProps) {
  const { state, fields } = form;
  const phase = state.phase;
  const { now } = useServices();
  if (phase.kind === 'review') {
    const { again, rows, total } = reviewLayout(form, width, height, secret, unknownNext, notReady);
    const more = total > rows;
    return (
      <Box flexDirection="column" height={height}>
        {phase.request.confirm !== undefined ? (
          <Text bold wrap="truncate">
            Type <Text color={tone('warn')}>{phase.request.confirm}</Text> and enter to send what is below · typed: {state.confirmText}
            <Text inverse> </Text>
          </Text>
        ) : (
          <Text bold wrap="truncate">
            Review: <Text color={tone('warn')}>y</Text> sends exactly this · esc {fields.length ? 'returns to the form' : 'goes back'}
            {more ? ' · j/k scroll' : ''}
          </Text>
        )}
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
    // Whatever came back, the operator sees what was sent, the status of the answer, and its effect:
    // the pipeline's words (a success that changed nothing is said as such, never "done").
    const { outcome } = phase;
    const said = outcomeWords(outcome);
    const sent = `${phase.request.prepared.method} ${phase.request.prepared.path}${outcome.status ? ` → HTTP ${outcome.status}` : ''}`;
    // Four rows at most, a cut marked `…`.
    const said4 = wrapCells(said.head, width);
    const head = [...(said4.length > 4 ? [...said4.slice(0, 3), truncateCells(said4.slice(3).join(' '), width)] : said4), ...wrapCells(sent, width)];
    return (
      <Box flexDirection="column" height={height}>
        {head.map((l, i) => (
          <Text key={i} color={tone(said.tone)} bold wrap="truncate">
            {l}
          </Text>
        ))}
        <Box flexDirection="column" height={Math.max(1, height - head.length - 1)} overflow="hidden">
          <Box flexDirection="column" flexShrink={0}>
            <DrawBoundary what="The answer was received but cannot be shown">{result(outcome.answer)}</DrawBoundary>
          </Box>
        </Box>
        <Text color={tone('muted')}>enter or esc: back</Text>
      </Box>
    );
  }
  if (phase.kind === 'offerDraft') {
    const rows = draftOfferRows(phase, now(), (name) => fields.find((f) => f.name === name)?.label ?? name).flatMap((r) => wrapCells(r.text, width).map((text) => ({ ...r, text })));
    return (
      <Box flexDirection="column" height={height}>
        {rows.slice(0, height).map((r, i) => (
          <Text key={i} color={r.tone ? tone(r.tone) : undefined} bold={r.bold} wrap="truncate">
            {r.text}
          </Text>
        ))}
      </Box>
    );
  }
  const failure = state.failure ? failureText(state.failure, secret, unknownNext) : null;
  // The server's message and the next step are wrapped (at most 3 rows each), never cut at the edge.
  const failureRows = failure ? { head: wrapCells(failure.head, width).slice(0, 2), body: messageRows(failure.body, width, 3), next: wrapCells(failure.next, width).slice(0, 2) } : null;
  // The intro wrapped under itself (not cut at the edge), at most 4 rows a line.
  const introRows = (intro ?? []).flatMap((l) => {
    const rows = wrapCells(l.text, width, 4);
    const kept = rows.length > 4 ? [...rows.slice(0, 3), truncateCells(`${rows.slice(3).join(' ')}`, width)] : rows;
    return kept.map((text) => ({ text, tone: l.tone }));
  });
  const top = (failureRows ? failureRows.head.length + failureRows.body.length + failureRows.next.length : 0) + introRows.length;
  const bottom = phase.kind === 'confirmLeave' ? 1 : 0;
  return (
    <Box flexDirection="column" height={height}>
      {failure && failureRows ? (
        <Box flexDirection="column" flexShrink={0}>
          {failureRows.head.map((l, i) => (
            <Text key={`h${i}`} color={tone(failure.tone)} bold wrap="truncate">
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
      {introRows.length ? (
        <Box flexDirection="column" flexShrink={0}>
          {introRows.map((l, i) => (
            <Text key={`i${i}`} color={l.tone ? tone(l.tone) : undefined} wrap="truncate">
              {l.text}
            </Text>
          ))}
        </Box>
      ) : null}
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
          Leave this form? {form.persists ? LEAVE_KEYS : LEAVE_KEYS.replace('keep the draft for later', 'keep it this session')} · any other key stays
        </Text>
      ) : null}
    </Box>
  );
}
