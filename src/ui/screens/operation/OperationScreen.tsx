/**
 * The one generic review of an operation with nothing to fill in (core/operations/registry.ts
 * ReviewOnlyKind), each a reviewed request through the one pipeline: `X` on a transaction (cancel),
 * `X` on a relayer (cancel every pending one: what is pending is read first and listed in the review,
 * where the relayer's id is typed to send), `P` on a relayer (pause, or resume when it is paused).
 * The requests are core's (core/operations/reviewOnly.ts); this screen only shows them.
 */
import { useContext, useEffect, useMemo, useState } from 'react';
import { Text } from '../../components/Text.js';
import type { Relayer, Transaction } from '../../../api/index.js';
import { DetailView, flatten, layoutDetail } from '../../components/DetailView.js';
import { FormScreen } from '../../components/FormScreen.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useForm, type UseFormOptions } from '../../forms/useForm.js';
import { OPERATIONS } from '../../../core/operations/registry.js';
import type { BuiltRequest, FormDefinition } from '../../../core/operations/types.js';
import { actionRequest, type OperationRoute } from '../../actions.js';
import { findRelayer, findTransaction, readPending } from '../../../core/lookup.js';
import { errorWords } from '../../../api/index.js';
import { truncateCells, wrapCells } from '../../../core/text/cells.js';
import { useDirectory } from '../../directory.js';
import { useServices } from '../../services.js';
import { useSessionEvents } from '../../sessionEvents.js';
import type { ScreenProps } from '../../shellContext.js';
import { cancelJamNotes } from '../../../core/jam/words.js';
import { RelayerJamsContext } from '../../relayerJams.js';
import { relayerBasis, txBasis } from '../../../core/operations/basis.js';
import { useCancelFollow } from '../../hooks/useCancelFollow.js';
import { tone } from '../../theme.js';

const fixed = (request: BuiltRequest): FormDefinition => ({ fields: [], build: () => ({ request }) });

function OperationForm({ route, screenKey, width, height, request, reread }: ScreenProps<OperationRoute> & { request: BuiltRequest; reread?: UseFormOptions['reread'] }) {
  const { now } = useServices();
  const events = useSessionEvents();
  const directory = useDirectory();
  const definition = useMemo(() => fixed(request), [request]);
  const { answers } = OPERATIONS[route.op];
  const form = useForm({
    draftKey: `${route.op}:${route.relayerId}${route.tx ? `:${route.tx.id}` : ''}`,
    definition,
    initialValues: {},
    // Nothing to fill in: the review at once (cancelling every pending one asks for the relayer's id typed there).
    reviewAtOnce: true,
    ...(reread ? { reread } : {}),
    onSent: (answer) => {
      // What changed is shown everywhere (what the answer is: the registry's `answers`): the lists behind
      // refresh, the directory has the relayer as answered.
      if (answers === 'transaction' && route.tx) events.emit('replaced', { relayerId: route.relayerId, transactionId: route.tx.id, transaction: answer as Transaction });
      if (answers === 'relayer' && typeof answer === 'object' && answer !== null) {
        directory.add([answer as Relayer]);
        events.emit('relayerChanged', { relayer: answer as Relayer, answered: true });
      }
      if (answers === 'cancel-summary') events.emit('relayerChanged', { relayer: directory.get(route.relayerId) ?? ({ id: route.relayerId } as Relayer), answered: false });
    },
  });
  // A cancel left in flight (its NOOP on its way): followed while this outcome is shown, to what it came to.
  const phase = form.state.phase;
  const inFlight = route.op === 'cancel' && route.tx && phase.kind === 'done' && phase.outcome.effect.kind === 'in flight';
  const follow = useCancelFollow(inFlight ? { relayerId: route.relayerId, txId: route.tx!.id, path: phase.request.prepared.path } : null);
  const followLines = follow ? wrapCells(follow.words, width, 2, 6) : [];
  const followRows = followLines.length;
  // The answer's times against when it came (a follow redrawing the screen must not re-date it: a walk read an old answer as fresh).
  const answeredAt = useMemo(() => now(), [form.state.phase.kind === 'done' ? form.state.phase.outcome : null]); // eslint-disable-line react-hooks/exhaustive-deps
  const answerLines = (value: unknown) => layoutDetail(flatten(value, answeredAt), width);
  return (
    <FormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title={`relayer-tui › ${request.what}`}
      status={{ relayer: route.relayerId }}
      result={(value, scroll, rows) => (
        <>
          {followLines.map((line, i) => (
            <Text key={i} wrap="truncate" color={tone(follow!.outcome === 'applied' ? 'ok' : follow!.outcome === 'following' ? 'muted' : 'warn')}>
              {line}
            </Text>
          ))}
          <Text wrap="truncate">The server&apos;s answer{answers === 'relayer' ? '' : ' (the list behind is refreshed)'}:</Text>
          <DetailView lines={answerLines(value)} scroll={scroll} height={rows - 1 - followRows} />
        </>
      )}
      resultRows={(value) => answerLines(value).length + 1 + followRows}
    />
  );
}

export function OperationScreen(props: ScreenProps<OperationRoute>) {
  const { route, width, height } = props;
  const services = useServices();
  const directory = useDirectory();
  // The relayer a pause or resume is built on: the list's (when it was read), or read again before sending.
  const [relayerRead, setRelayerRead] = useState<{ relayer: Relayer | undefined; at: number } | null>(null);
  const relayer = relayerRead?.relayer ?? directory.get(route.relayerId);
  // Cancelling every pending one: what is pending is read first, for the review to list.
  const [pending, setPending] = useState<{ txs?: Transaction[]; at?: number; error?: string }>({});
  useEffect(() => {
    if (route.op !== 'cancel-pending' || services.client.supports('cancelPending') === false) return;
    const ctrl = new AbortController();
    readPending(services.client, route.relayerId, ctrl.signal).then(
      (txs) => setPending({ txs, at: services.now() }),
      (e: unknown) => !ctrl.signal.aborted && setPending({ error: errorWords(e) }),
    );
    return () => ctrl.abort();
  }, [route, services.client]);
  const waiting = route.op === 'cancel-pending' && services.client.supports('cancelPending') !== false && !pending.txs && !pending.error;
  // A cancel of a jam's blocker: the review says what waits behind it and what the cancel will do.
  const jam = useContext(RelayerJamsContext)?.jam(route.relayerId);
  // A cancel of one transaction: built on it as read (its list's read, or read again below before sending).
  const [read, setRead] = useState<{ tx: Transaction | undefined; at: number }>(() => ({ tx: route.tx, at: route.readAt ?? services.now() }));
  const built = useMemo(() => {
    const b = waiting ? null : actionRequest(route.op === 'cancel' ? { ...route, ...(read.tx ? { tx: read.tx } : {}) } : route, services, relayer, pending.txs);
    if (!b || 'refuse' in b) return b;
    // A pause or resume: built on the relayer as read (paused, disabled): sent only if it is still so.
    if (route.op === 'pause' || route.op === 'resume') return { ...b, basis: relayerBasis(relayer) };
    if (route.op !== 'cancel') return b;
    const based = { ...b, basis: txBasis(read.tx) };
    // Its jam's notes (core/jam/words.ts cancelJamNotes, as `relayer-tui cancel` says them): one behind the jam cannot land before it; the blocker's cancel says what waits.
    const notes = route.tx ? cancelJamNotes(jam, { id: route.tx.id, nonce: read.tx?.nonce ?? route.tx.nonce }) : [];
    return notes.length ? { ...based, review: [...(b.review ?? []), ...notes] } : based;
  }, [waiting, route, services, relayer, pending.txs, jam, read.tx]);
  if (!built || 'refuse' in built || pending.error) {
    const text = pending.error ? `What is pending could not be read: ${pending.error}` : built && 'refuse' in built ? `Not offered: ${built.refuse}` : `Reading what relayer ${route.relayerId} has pending…`;
    return (
      <ScreenFrame title={`relayer-tui › ${route.op} ${route.relayerId}`} scopes={['detail']} width={width} height={height} status={{ relayer: route.relayerId }}>
        <Text wrap="wrap">{truncateCells(text, width * 4)}</Text>
      </ScreenFrame>
    );
  }
  // What is pending, listed in the review: read again on y when older than 15 s, sent only if the same.
  const reread: UseFormOptions['reread'] | undefined =
    route.op === 'cancel-pending' && pending.at !== undefined
      ? {
          at: pending.at,
          read: async () => {
            const txs = await readPending(services.client, route.relayerId);
            setPending({ txs, at: services.now() });
            const b = actionRequest(route, services, relayer, txs);
            if ('refuse' in b) throw new Error(b.refuse);
            return { fields: [], build: () => ({ request: b }) };
          },
        }
      : route.op === 'cancel' && route.tx
        ? // The transaction read again (a walk's cancel went out on a review 26 s old, never read again).
          {
            at: read.at,
            read: async () => {
              const found = await findTransaction(services.client, route.relayerId, route.tx!.id);
              if (!found.tx) throw new Error(`transaction ${route.tx!.id}: ${found.how}`);
              const b = actionRequest({ ...route, tx: found.tx }, services, relayer);
              // Refused now (final meanwhile): the review stays, said refused (useForm), nothing sent.
              if ('refuse' in b) return { fields: [], build: () => ({ errors: { _form: b.refuse } }) };
              setRead({ tx: found.tx, at: services.now() });
              return fixed({ ...b, basis: txBasis(found.tx) });
            },
          }
        : route.op === 'pause' || route.op === 'resume'
          ? // The relayer read again (a walk's P went out on a row minutes old; someone may have paused it meanwhile).
            {
              at: relayerRead?.at ?? route.readAt ?? null,
              read: async () => {
                const r = await findRelayer(services.client, route.relayerId);
                if (!r) throw new Error(`relayer ${route.relayerId} is not among the server's relayers`);
                directory.add([r]);
                setRelayerRead({ relayer: r, at: services.now() });
                const b = actionRequest(route, services, r);
                if ('refuse' in b) return { fields: [], build: () => ({ errors: { _form: b.refuse } }) };
                return fixed({ ...b, basis: relayerBasis(r) });
              },
            }
          : undefined;
  return <OperationForm {...props} request={built} {...(reread ? { reread } : {})} />;
}
