/**
 * The one generic screen of a spec'd operation (core/operations/spec.ts): its form where the spec has
 * one, then the review of what it builds, sent through the one pipeline. Review-only: `X` on a
 * transaction (cancel), `X` on a relayer (cancel every pending one: what is pending is read first and
 * listed in the review, where the relayer's id is typed to send), `P` on a relayer (pause, or resume
 * when it is paused), `D` on a relayer or on a notification (delete it, its id typed). With a form: `W`
 * on a relayer (withdraw: to and amount, its balance and the network's price read as it opens, its id
 * typed), `e` on a network (its RPC URLs typed whole, drawn and said masked), `:notify` (a webhook notification created: its signing key drawn masked, its draft kept on disk without it), `e` on a plugin (its settings, prefilled from its row: only what is changed is sent), `:plugin ID` or enter on a plugin (its call: JSON params in a multi-line editor, invalid JSON pointed at before review, the params kept after a call; its answer with its logs, t its traces), `p` on a relayer (its policies, name, notification and RPC URLs: read as it opens, read again before every send, a jam's proposal preset), `n` on a relayer (send: the fields of its network kind, EVM, Solana or Stellar), `e` on a transaction (replace: its network kind's fields from the transaction as read, a step up from the triage view; its draft kept on disk as typed, said stale once it is final). The fields, requests and their notes are the specs'; this screen only shows them.
 */
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Box } from 'ink';
import { Text } from '../../components/Text.js';
import type { ApiError, PluginCallResult, Relayer } from '../../../api/index.js';
import { networkKind } from '../../../core/relayer.js';
import { DetailView, flatten, layoutDetail } from '../../components/DetailView.js';
import { FormScreen } from '../../components/FormScreen.js';
import { WordsScreen } from '../../components/WordsScreen.js';
import { useForm, type UseFormOptions } from '../../forms/useForm.js';
import { OPERATIONS, type OperationTarget } from '../../../core/operations/registry.js';
import { targetIds } from '../../state/shell.js';
import type { FormDefinition, Values } from '../../../core/operations/types.js';
import type { KeyEvent } from '../../input/keys.js';
import { draftTarget, keptDraft, type OperationRoute } from '../../actions.js';
import { hasForm, isNotFound, notFoundWords, refusalLine, specDefinition, type AnySpec, type NotesContext, type Seen, type SpecEvent, type SpecInput } from '../../../core/operations/spec.js';
import { loadSpec, loadedSpec, type SpecKind } from '../../../core/operations/specs.js';
import { errorWords } from '../../../api/index.js';
import { truncateCells, wrapCells } from '../../../core/text/cells.js';
import { useDirectory } from '../../directory.js';
import { useScheduler, useServices } from '../../services.js';
import { useSessionEvents } from '../../sessionEvents.js';
import type { ScreenProps } from '../../shellContext.js';
import { RelayerJamsContext, REVIEW_JAM_MAX_AGE_MS, type RelayerJams } from '../../relayerJams.js';
import { RelayerStatusesContext } from '../../relayerStatuses.js';
import { useCancelFollow } from '../../hooks/useCancelFollow.js';
import { tone } from '../../theme.js';
import { NewTransaction } from '../send/NewTransaction.js';
import { PluginResult, pluginResultLines } from '../plugin/PluginResult.js';

/** How long a spec read as it opens (spec.readsFirst) is waited for before it opens on what the list read. */
const READ_FIRST_MS = 5_000;

/** The most of a server's answer in words shown. */
const ANSWER_CHARS = 4_000;

/** A new transaction's unknown outcome: where to look before sending it again (nothing is resent). */
const CREATED_UNKNOWN_NEXT = "Nothing was resent. Look at the relayer's newest transactions (enter on it) for one you did not see before sending it again.";

/**
 * The spec on its input as one form (spec.ts specDefinition): its fields typed, then its review; a
 * review-only one opens on its review. Its title: the operation on its target (a form), else what the
 * request does.
 */
function OperationForm({ route, screenKey, width, height, spec, input, definition, reread, onAnswer }: ScreenProps<OperationRoute> & { spec: AnySpec; input: SpecInput; definition: FormDefinition; reread?: UseFormOptions['reread']; /** What its answer changed, told (its spec's events). */ onAnswer: (answer: unknown) => void }) {
  const { now } = useServices();
  const { answers, readBack } = OPERATIONS[route.op];
  const form = useMemo(() => (hasForm(spec) ? spec.form(input, route.preset) : undefined), [spec, input, route.preset]);
  // Its first values, as it opened (its defaults from the input first read).
  const initialValues = useMemo(() => form?.initial ?? {}, [spec]); // eslint-disable-line react-hooks/exhaustive-deps
  // (A form's title is its own: its build is not made on no values.)
  const reviewTitle = useMemo(() => {
    if (form) return '';
    const b = definition.build({});
    return `relayer-tui › ${'request' in b ? b.request.what : route.op}`;
  }, [definition]); // eslint-disable-line react-hooks/exhaustive-deps
  const intro = form?.intro?.map((line) => (typeof line === 'string' ? { text: `  ${line}`, tone: 'muted' as const } : { text: `  ${line.text}`, tone: 'warn' as const }));
  // Kept on disk as it is typed where its entry keeps drafts (one per target, whichever way it was opened).
  const persistAt = draftTarget(route.op, route.target);
  const handle = useForm({
    draftKey: [route.op, ...targetIds(route.target), ...(route.bump ? ['bump'] : [])].join(':'),
    definition,
    initialValues,
    // Nothing to fill in: the review at once (cancelling every pending one asks for the relayer's id typed there).
    reviewAtOnce: !form,
    ...(form?.keepAfterSend ? { keepAfterSend: true } : {}),
    // Its entry's draft rule: what is typed kept on disk as it is typed, for the form and its target.
    ...(reread ? { reread } : {}),
    ...(persistAt && form?.fields.length ? { persist: { ...persistAt, ...(form.stale !== undefined ? { stale: form.stale } : {}) } } : {}),
    onSent: onAnswer,
  });
  const title = form ? `relayer-tui › ${typeof form.title === 'string' ? form.title : form.title(handle.state.values)}` : reviewTitle;
  // A plugin's answer (success, logs by level, traces: t shows them).
  const [showTraces, setShowTraces] = useState(false);
  const pluginResult = answers === 'plugin-result';
  // An operation on one transaction left in flight (a cancel's NOOP on its way): followed while this outcome is shown, to what it came to.
  const phase = handle.state.phase;
  const inFlight = route.tx && phase.kind === 'done' && phase.outcome.effect.kind === 'in flight';
  const follow = useCancelFollow(inFlight && route.target.relayerId ? { relayerId: route.target.relayerId, txId: route.tx!.id, path: phase.request.prepared.path } : null);
  const followLines = follow ? wrapCells(follow.words, width, 2, 6) : [];
  const followRows = followLines.length;
  // The answer's times against when it came, fixed once it came (a follow redrawing the screen does not re-date it).
  const answeredAt = useMemo(() => now(), [phase.kind === 'done' ? phase.outcome : null]); // eslint-disable-line react-hooks/exhaustive-deps
  // A record's answer as its fields; words (a delete's "… deleted successfully") as one line, sanitized.
  const answerLines = (value: unknown) => layoutDetail(flatten(value, answeredAt), width);
  // (Past 4,000 characters, cut, and said so: its length never decides how long a frame takes.)
  const wordsLines = (value: string) => wrapCells(`The server's answer: ${value.length > ANSWER_CHARS ? `${value.slice(0, ANSWER_CHARS)}… (cut: ${value.length} characters in all)` : value}`, width);
  // A new transaction (a send, a withdrawal): named, a line each.
  const created = readBack.kind === 'created';
  // The answer's rows where its spec says them (a notification created), else its record's fields.
  const rows = spec.answerRows;
  const unknownNext = form?.unknownNext;
  // Or in the spec's words (a relayer's policies, a line each), else its fields.
  const said = (value: unknown) => {
    const a = spec.answer?.(value);
    return a ? [a.title, ...a.lines.flatMap((l) => wrapCells(`  ${l}`, width, a.hang))] : undefined;
  };
  return (
    <FormScreen
      form={handle}
      screenKey={screenKey}
      width={width}
      height={height}
      title={title}
      status={statusOf(route)}
      {...(intro ? { intro } : {})}
      {...(created ? { unknownNext: CREATED_UNKNOWN_NEXT } : unknownNext ? { unknownNext: (e: ApiError) => unknownNext(e, handle.state.values) } : {})}
      {...(form?.secrets ? { secret: form.secrets(handle.state.values) } : {})}
      {...(pluginResult
        ? {
            resultHint: 't traces',
            resultKeys: (key: KeyEvent) => {
              if (key.name !== 't') return false;
              setShowTraces((t) => !t);
              return true;
            },
          }
        : {})}
      result={(value, scroll, height, saidLines = said(value)) =>
        saidLines ? (
          <>
            {saidLines
              .slice(scroll, scroll + height)
              .map((line, i) => (
                <Text key={i} wrap="truncate">
                  {line}
                </Text>
              ))}
          </>
        ) : pluginResult ? (
          <PluginResult result={value as PluginCallResult} showTraces={showTraces} scroll={scroll} height={height} width={width} />
        ) : created ? (
          <NewTransaction value={value} network={input.relayer?.network} kind={networkKind(input.relayer?.network_type)} width={width} />
        ) : rows ? (
          <Box flexDirection="column">
            {rows(value).slice(scroll, scroll + height).map((r, i) => (
              <Text key={i} wrap="truncate">
                {truncateCells(r, width)}
              </Text>
            ))}
          </Box>
        ) : (
          <>
            {followLines.map((line, i) => (
              <Text key={i} wrap="truncate" color={tone(follow!.outcome === 'applied' ? 'ok' : follow!.outcome === 'following' ? 'muted' : 'warn')}>
                {line}
              </Text>
            ))}
            {typeof value === 'string' ? (
              wordsLines(value).slice(scroll, scroll + height - followRows).map((line, i) => (
                <Text key={`w${i}`} wrap="truncate">
                  {line}
                </Text>
              ))
            ) : (
              <>
                <Text wrap="truncate">The server&apos;s answer{answers === 'relayer' ? '' : ' (the list behind is refreshed)'}:</Text>
                <DetailView lines={answerLines(value)} scroll={scroll} height={height - 1 - followRows} />
              </>
            )}
          </>
        )
      }
      {...(pluginResult
        ? { resultRows: (value: unknown) => pluginResultLines(value as PluginCallResult, showTraces, width).length }
        : created
          ? {}
          : { resultRows: (value: unknown) => said(value)?.length ?? (rows ? rows(value).length : (typeof value === 'string' ? wordsLines(value).length : answerLines(value).length + 1) + followRows) })}
    />
  );
}

/** Rows for a `json` field that fills (FieldSpec.fill): what the screen has left beside the frame and the other fields (a line and a hint each), 3 at least. */
const FRAME_ROWS = 5;
function sized(definition: FormDefinition, initial: Values, height: number): FormDefinition {
  if (!definition.fields.some((f) => f.fill)) return definition;
  const others = definition.fields.filter((f) => !f.fill && !f.hidden?.(initial)).length;
  return { ...definition, fields: definition.fields.map((f) => (f.fill ? { ...f, rows: Math.max(3, Math.min(f.rows ?? 16, height - FRAME_ROWS - 2 * others)) } : f)) };
}

/**
 * The lists behind told what a spec's answer changed (spec.ts SpecEvent): the directory has a relayer
 * as answered; a relayer gone is read again (its list drops it); a transaction as answered replaces
 * its row (a cancel's: canceled, or canceling); a new one has its relayer's row and figures read again.
 */
function tell(events: readonly SpecEvent[], directory: ReturnType<typeof useDirectory>, session: ReturnType<typeof useSessionEvents>, jams: RelayerJams | null) {
  for (const e of events) {
    if (e.kind === 'transaction') {
      session.emit('replaced', { relayerId: e.relayerId, transactionId: e.txId, transaction: e.transaction });
      continue;
    }
    if (e.kind === 'created') {
      session.emit('transactionCreated', { relayerId: e.relayerId, ...(e.transaction ? { transaction: e.transaction } : {}) });
      continue;
    }
    if (e.kind === 'notification') {
      session.emit('notificationsChanged', { id: e.notificationId });
      continue;
    }
    if (e.kind === 'network') {
      session.emit('networksChanged', { id: e.networkId });
      continue;
    }
    if (e.kind === 'plugin') {
      session.emit('pluginsChanged', { id: e.pluginId });
      continue;
    }
    if (e.relayer) directory.add([e.relayer]);
    // Its diagnosis read again now (a relayer resumed is diagnosed at once, not left 'not diagnosed' until the next refresh).
    if (e.relayer && !e.gone) jams?.wantOne(e.relayer, 0);
    session.emit('relayerChanged', { relayer: e.relayer ?? directory.get(e.relayerId) ?? ({ id: e.relayerId } as Relayer), answered: e.relayer !== undefined && !e.gone });
  }
}

/**
 * A spec'd operation (core/operations/spec.ts), driven by its spec alone: its input from what the
 * list read (spec.known) or read now (spec.read; a form opened on the row meanwhile when its input is
 * `reading`), refused in its words, else its form and review as both faces build them (spec.ts
 * specDefinition), read again before sending when the review is older than 15 s (or its input was
 * never read), and its answer's events told to the lists behind.
 */
function SpecOperation(props: ScreenProps<OperationRoute> & { op: SpecKind }) {
  const { route, width, height, op, screenKey } = props;
  const services = useServices();
  const directory = useDirectory();
  const session = useSessionEvents();
  const target = route.target;
  const relayerId = target.relayerId;
  const [spec, setSpec] = useState<AnySpec | undefined>(() => loadedSpec(op));
  // The input and when it was read (null: from a list's row of unknown age: read again before sending).
  // What the list behind read: its row, its relayer's jam as last read.
  const jams = useContext(RelayerJamsContext);
  const statuses = useContext(RelayerStatusesContext);
  const seen: Seen = useMemo(() => {
    const jam = relayerId ? jams?.read(relayerId) : undefined;
    const jamAt = relayerId ? jams?.oldestReadAt([relayerId]) : undefined;
    const status = relayerId ? statuses?.get(relayerId) : undefined;
    return {
      ...(route.tx ? { tx: route.tx } : {}),
      ...(route.bump ? { bump: true } : {}),
      ...(route.plugin ? { plugin: route.plugin } : {}),
      ...(jam ? { jam } : {}),
      ...(jam && jamAt !== undefined ? { jamAt } : {}),
      ...(status?.status ? { status: status.status, ...(status.statusAt !== undefined ? { statusAt: status.statusAt } : {}) } : {}),
    };
  }, [route, relayerId, jams, statuses]);
  const relayer = relayerId ? directory.get(relayerId) : undefined;
  // A review that rests on the relayer's jam (its notes say when it was read) has a diagnosis over a few
  // seconds old read again into the store as it opens: every face then shows the newer read (issue 53.3).
  useEffect(() => {
    if (spec?.restsOnJam && relayer && seen.jam) jams?.wantOne(relayer, REVIEW_JAM_MAX_AGE_MS);
  }, [spec, relayer]); // eslint-disable-line react-hooks/exhaustive-deps
  const [input, setInput] = useState<{ value: SpecInput; at: number | null } | { error: string } | null>(() => {
    // A spec read as it opens (its form starts from what the server holds) waits for its read.
    const known = spec?.readsFirst ? null : spec?.known(services.client, target, relayer, seen);
    return known ? { value: known, at: route.readAt ?? null } : null;
  });
  const { after } = useScheduler();
  // Known from the row with its own reads still to come (a withdrawal's balance and price): read now, the form open meanwhile.
  const reading = input !== null && 'value' in input && input.value.reading === true;
  useEffect(() => {
    if (!spec) {
      void loadSpec(op).then(setSpec);
      return;
    }
    if (input && !reading) return;
    const known = input ? null : spec.known(services.client, target, relayer, seen);
    if (known && !spec.readsFirst) return setInput({ value: known, at: route.readAt ?? null });
    const ctrl = new AbortController();
    let live = true;
    // Read first: a read that fails, or takes more than READ_FIRST_MS, opens it on what the list read (its input says so; read again before any send).
    const fallBack = (e: unknown) => live && setInput(spec.readsFirst && known ? { value: known, at: null } : { error: errorWords(e) });
    const cancel = spec.readsFirst && known ? after(READ_FIRST_MS, () => ctrl.abort()) : () => undefined;
    spec.read(services.client, target, ctrl.signal).then(
      (r) => live && setInput(isNotFound(r) ? { error: notFoundWords(r) } : { value: r, at: services.now() }),
      (e: unknown) => (spec.readsFirst || !ctrl.signal.aborted) && fallBack(e),
    ).finally(cancel);
    return () => {
      live = false;
      cancel();
      ctrl.abort();
    };
  }, [spec, input, reading, op, target, services, relayer, route, seen, after]);
  const context: NotesContext = useMemo(() => ({ now: services.now(), face: 'keys' }), [input, services]); // eslint-disable-line react-hooks/exhaustive-deps
  // Refused, but a draft of it is kept on disk: its form opens all the same, the draft said stale (its build says the refusal).
  const [draftKept] = useState(() => keptDraft(op, target, services));
  // A form once open stays open when a read again refuses it (its build says so, on its field or whole); a review-only one is shown refused.
  const formShown = useRef(false);
  const refusal = spec && input && 'value' in input && !draftKept && !(formShown.current && hasForm(spec)) ? spec.refusal(input.value) : null;
  const definition = useMemo(() => (spec && input && 'value' in input ? sized(specDefinition(spec, input.value, context), hasForm(spec) ? spec.form(input.value).initial : {}, height) : null), [spec, input, context, height]);
  if (!spec || !input || 'error' in input || refusal || !definition) {
    const text = input && 'error' in input ? `What it rests on could not be read: ${input.error}` : refusal ? refusalLine(refusal, spec?.refusedLead) : `Reading ${subject(target)}…`;
    return <WordsScreen title={`relayer-tui › ${route.op} ${target.relayerId ?? targetIds(target).join(' ')}`} text={text} screenKey={screenKey} width={width} height={height} status={statusOf(route)} />;
  }
  const value = input.value;
  // What it sends is what was typed: never read again before sending.
  const reread: UseFormOptions['reread'] | undefined = spec.standsAsTyped ? undefined : {
    at: input.at,
    ...(spec.rereads ? { always: true } : {}),
    read: async () => {
      const read = await spec.read(services.client, target);
      if (isNotFound(read)) throw new Error(notFoundWords(read));
      // Kept of the input the form opened on (what was typed is told against it).
      const r = spec.rereads ? spec.rereads.since(value, read) : read;
      if (r.relayer) directory.add([r.relayer]);
      // Its transaction moved meanwhile (mined, confirmed, …): the lists behind are told, as after an answer.
      if (r.tx && target.relayerId && r.tx.status !== value.tx?.status) tell([{ kind: 'transaction', relayerId: target.relayerId, txId: r.tx.id, transaction: r.tx }], directory, session, jams);
      const next = sized(specDefinition(spec, r, { now: services.now(), face: 'keys' }), hasForm(spec) ? spec.form(r).initial : {}, height);
      // Refused now (disabled meanwhile, transactions queued meanwhile, a transaction final meanwhile): its
      // build says so (`_form`, or its field); the review stays, said refused, nothing sent (a form, on what was read now).
      if (!spec.refusal(r) || hasForm(spec)) setInput({ value: r, at: services.now() });
      return next;
    },
  };
  formShown.current = true;
  return <OperationForm {...props} spec={spec} input={value} definition={definition} {...(reread ? { reread } : {})} onAnswer={(answer) => tell(spec.events(answer, value), directory, session, jams)} />;
}

/** What the screen reads first, in words: the relayer, notification, network or plugin the operation is on. */
const subject = (t: OperationTarget): string =>
  t.relayerId !== undefined ? `relayer ${t.relayerId}` : t.notificationId !== undefined ? `notification ${t.notificationId}` : t.networkId !== undefined ? `network ${t.networkId}` : t.pluginId !== undefined ? `plugin ${t.pluginId}` : targetIds(t).join(' ');

/** The status bar's relayer, where the operation is on one. */
const statusOf = (route: OperationRoute) => (route.target.relayerId !== undefined ? { relayer: route.target.relayerId } : {});

/** The one generic review: every operation route is a spec's (core/operations/specs.ts). */
export function OperationScreen(props: ScreenProps<OperationRoute>) {
  return <SpecOperation {...props} op={props.route.op} />;
}
