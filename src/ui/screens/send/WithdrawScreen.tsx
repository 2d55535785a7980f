/** `W` on a relayer: its funds withdrawn — its balance and the network's price read first, then to and amount (or all), the review, its id typed to confirm. */
import { useEffect, useMemo, useState } from 'react';
import { FormScreen } from '../../components/FormScreen.js';
import { NewTransaction } from './NewTransaction.js';
import { useForm } from '../../forms/useForm.js';
import type { ScreenProps } from '../../shellContext.js';
import { useServices } from '../../services.js';
import type { Route } from '../../state/shell.js';
import { withdrawInput } from '../../../core/lookup.js';
import { withdrawForm, type WithdrawInput } from '../../../core/operations/withdraw.js';
import { formatGwei, formatWei } from '../../../core/amounts.js';
import { clock } from '../../../core/time.js';

export function WithdrawScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'withdraw' }>>) {
  const { client, now } = useServices();
  // The balance and the price, read once when it opens (said with their time; esc and W read them again).
  const [input, setInput] = useState<WithdrawInput>({ relayerId: route.relayerId, relayer: route.relayer, now: now(), reading: true });
  useEffect(() => {
    let live = true;
    void withdrawInput(client, route.relayerId, route.relayer).then((i) => live && setInput({ ...i, now: now() }));
    return () => void (live = false);
  }, [client, route, now]);
  const definition = useMemo(() => withdrawForm(input), [input]);
  const initialValues = useMemo(() => ({ to: '', amount: 'all' }), []);
  // A review older than 15 s is read again on y (its balance and price) and sent only if unchanged.
  const reread = {
    at: input.reading ? undefined : input.now,
    read: async () => {
      const i = { ...(await withdrawInput(client, route.relayerId, route.relayer)), now: now() };
      setInput(i);
      return withdrawForm(i);
    },
  };
  const form = useForm({ draftKey: `withdraw:${route.relayerId}`, definition, initialValues, reread });
  const network = route.relayer?.network;
  const read = !input.reading;
  return (
    <FormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title={`relayer-tui › ${route.relayerId} › withdraw`}
      intro={[
        {
          text: read
            ? `  read at ${clock(input.now)}: balance ${input.balanceWei === undefined ? 'not read' : formatWei(input.balanceWei, network)}; the network's price ${input.gasPriceWei === undefined ? 'not read' : formatGwei(input.gasPriceWei)} (a transfer: 21,000 gas at it, fixed)`
            : '  reading its balance and the network\'s price…',
          tone: 'muted',
        },
      ]}
      unknownNext={() => "Nothing was resent. Look at the relayer's newest transactions (enter on it) for the withdrawal before sending it again."}
      result={(value) => <NewTransaction value={value} network={network} width={width} />}
    />
  );
}
