/** `e` on a transaction: the replacement form for the relayer's network type (group A, B or C). */
import { Text } from '../../components/Text.js';
import { useMemo } from 'react';
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

export function ReplaceScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'replace' }>>) {
  const { now, client } = useServices();
  const events = useSessionEvents();
  const relayer = useDirectory().get(route.relayerId);
  const { tx, relayerId } = route;
  const kind = networkKind(relayer?.network_type, tx);
  const { definition, initial } = useMemo((): { definition: FormDefinition; initial: Values } => {
    if (kind === 'solana') return { definition: solanaForm(relayerId, relayer, tx), initial: solanaInitialValues(tx) };
    if (kind === 'stellar') return { definition: stellarForm(relayerId, relayer, tx, () => client.dialect()), initial: stellarInitialValues(relayer, tx) };
    // A network the client does not know: no body is guessed (the key refuses first; this holds if reached otherwise).
    if (kind === 'unknown') return { definition: { fields: [], build: () => ({ errors: { _form: unknownNetworkWords(relayerId, relayer?.network_type) } }) }, initial: {} };
    return { definition: evmForm(relayerId, relayer, tx, () => client.dialect()), initial: route.bump ? evmBumpedValues(tx, client.dialect().dialect === 'openzeppelin') : evmInitialValues(tx) };
  }, [kind, relayer, tx, relayerId, client, route.bump]);
  const form = useForm({
    draftKey: `replace:${relayerId}:${tx.id}${route.bump ? ':bump' : ''}`,
    definition,
    initialValues: initial,
    // Kept on disk as it is typed (one draft per transaction, whichever way the form was opened).
    persist: definition.fields.length ? { form: 'replace', relayer: relayerId, target: tx.id, stale: isNotFinal(tx) ? undefined : `the transaction is now ${statusWords(tx)} (final)` } : undefined,
    onSent: (result) => events.emit('replaced', { relayerId, transactionId: tx.id, transaction: result as Transaction }),
  });
  const answerLines = (value: unknown) => layoutDetail(flatten(value, now()), width);
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
