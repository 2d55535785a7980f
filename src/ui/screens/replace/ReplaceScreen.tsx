/** `e` on a transaction: the replacement form for the relayer's network type (group A, B or C). */
import { Text } from '../../components/Text.js';
import { useMemo, useRef, useState } from 'react';
import { useReviewJam } from '../../relayerJams.js';
import { actionMisfit, behindJamWords, diagnosedAtWords } from '../../../core/jam/words.js';
import type { Jam } from '../../../core/jam/diagnose.js';
import { nonceOf } from '../../../core/triage/rules.js';
import type { Transaction } from '../../../api/index.js';
import { DetailView, flatten, layoutDetail } from '../../components/DetailView.js';
import { FormScreen } from '../../components/FormScreen.js';
import { useForm } from '../../forms/useForm.js';
import type { FormDefinition, Values } from '../../../core/operations/types.js';
import { useDirectory } from '../../directory.js';
import { useServices } from '../../services.js';
import { useSessionEvents } from '../../sessionEvents.js';
import type { ScreenProps } from '../../shellContext.js';
import type { Route } from '../../state/shell.js';
import { networkKind, unknownNetworkWords } from '../../../core/relayer.js';
import { isNotFinal, statusWords } from '../../../core/status.js';
import { evmBumpedValues, evmForm, evmInitialValues } from '../../../core/operations/evm.js';
import { solanaForm, solanaInitialValues } from '../../../core/operations/solana.js';
import { stellarForm, stellarInitialValues } from '../../../core/operations/stellar.js';
import { relayerBasis, txBasis, withBasis } from '../../../core/operations/basis.js';
import { findRelayer, findTransaction } from '../../../core/lookup.js';
import type { Relayer } from '../../../api/index.js';

/**
 * The form for the transaction and relayer as read: its review carries what it was built on (basis.ts)
 * and, on a jam's blocker that a replacement leaves jammed (held at its cap), says so first — opened
 * from a list rather than `:stuck`, a walk's bump went out with no word that it would stay jammed.
 */
function replaceDefinition(kind: string, relayerId: string, relayer: Relayer | undefined, tx: Transaction, client: ReturnType<typeof useServices>['client'], jam: Jam | undefined, jamAt?: number): FormDefinition {
  const basis = `${txBasis(tx)}|${relayerBasis(relayer)}`;
  // A network the client does not know: no body is guessed (the key refuses first; this holds if reached otherwise).
  if (kind === 'unknown') return { fields: [], build: () => ({ errors: { _form: unknownNetworkWords(relayerId, relayer?.network_type) } }) };
  const form = kind === 'solana' ? solanaForm(relayerId, relayer, tx) : kind === 'stellar' ? stellarForm(relayerId, relayer, tx, () => client.dialect()) : evmForm(relayerId, relayer, tx, () => client.dialect());
  const misfit = jam ? actionMisfit(jam, 'bump', nonceOf(tx)) : null;
  // One that waits behind the jam: a replacement of it cannot be mined before the blocker (a walk's bump of a waiter was unwarned).
  const behind = jam ? behindJamWords(jam, tx.id, nonceOf(tx)) : null;
  const line = misfit ? { label: '⚠ stays jammed', value: misfit + diagnosedAtWords(jamAt), tone: 'warn' as const } : behind ? { label: '⚠ behind a jam', value: behind + diagnosedAtWords(jamAt), tone: 'warn' as const } : null;
  const warned: FormDefinition = line
    ? { ...form, build: (v) => { const b = form.build(v); return 'request' in b ? { request: { ...b.request, review: [line, ...(b.request.review ?? [])] } } : b; } }
    : form;
  return withBasis(warned, basis);
}

export function ReplaceScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'replace' }>>) {
  const { now, client } = useServices();
  const events = useSessionEvents();
  const listed = useDirectory().get(route.relayerId);
  const { relayerId } = route;
  // The transaction and relayer the review is built on, and when they were read (the list's read, else
  // the form's opening): a review older than 15 s reads both again on y (useForm's reread) and is sent
  // only if they are as reviewed — a walk's replace, reviewed 20 s before, met "Current: Confirmed".
  const [read, setRead] = useState<{ tx: Transaction; relayer: Relayer | undefined }>({ tx: route.tx, relayer: listed });
  const readAt = useRef(route.readAt ?? now());
  const { tx } = read;
  // (The directory's record until this screen reads the relayer itself: one that arrives later is taken.)
  const relayer = read.relayer ?? listed;
  const kind = networkKind(relayer?.network_type, tx);
  // Read again when older than a few seconds (the store's read: every face then shows it); its time said in the warning.
  const { jam, at: jamAt } = useReviewJam(relayer, relayerId);
  const definition = useMemo(() => replaceDefinition(kind, relayerId, relayer, tx, client, jam, jamAt), [kind, relayer, tx, relayerId, client, jam, jamAt]);
  // The form's values start from the transaction as the form opened (read again, they stay as typed).
  const [initial] = useState(
    (): Values => (kind === 'solana' ? solanaInitialValues(route.tx) : kind === 'stellar' ? stellarInitialValues(listed, route.tx) : kind === 'unknown' ? {} : route.bump ? evmBumpedValues(route.tx, client.dialect().dialect === 'openzeppelin') : evmInitialValues(route.tx)),
  );
  const reread = {
    at: readAt.current,
    read: async () => {
      const [found, r] = await Promise.all([findTransaction(client, relayerId, tx.id), findRelayer(client, relayerId)]);
      if (!found.tx) throw new Error(`transaction ${tx.id}: ${found.how}`);
      readAt.current = now();
      setRead({ tx: found.tx, relayer: r ?? relayer });
      return replaceDefinition(networkKind((r ?? relayer)?.network_type, found.tx), relayerId, r ?? relayer, found.tx, client, jam, jamAt);
    },
  };
  const form = useForm({
    draftKey: `replace:${relayerId}:${tx.id}${route.bump ? ':bump' : ''}`,
    definition,
    initialValues: initial,
    ...(kind === 'unknown' ? {} : { reread }),
    // Kept on disk as it is typed (one draft per transaction, whichever way the form was opened).
    persist: definition.fields.length ? { form: 'replace', relayer: relayerId, target: tx.id, stale: isNotFinal(tx) ? undefined : `the transaction is now ${statusWords(tx)} (final)` } : undefined,
    onSent: (result) => events.emit('replaced', { relayerId, transactionId: tx.id, transaction: result as Transaction }),
  });
  // The answer's times against when it came (a follow redrawing the screen must not re-date it: a walk read an old answer as fresh).
  const answeredAt = useMemo(() => now(), [form.state.phase.kind === 'done' ? form.state.phase.outcome : null]); // eslint-disable-line react-hooks/exhaustive-deps
  const answerLines = (value: unknown) => layoutDetail(flatten(value, answeredAt), width);
  return (
    <FormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title={`relayer-tui › ${route.bump && kind === 'evm' ? 'bump' : 'replace'} ${kind.toUpperCase()} tx ${tx.id} (${tx.status})`}
      status={{ relayer: relayerId }}
      result={(value, scroll, rows) => (
        <>
          <Text wrap="truncate">The server's answer (the list behind is refreshed, this transaction selected):</Text>
          <DetailView lines={answerLines(value)} scroll={scroll} height={rows - 1} />
        </>
      )}
      resultRows={(value) => answerLines(value).length + 1}
    />
  );
}
