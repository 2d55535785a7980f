/** `n` on a relayer: a new transaction from it (EVM, Solana, Stellar) — the form (checked by v1.8's rules: core/operations/send.ts), its review, the new transaction named. */
import { useEffect, useMemo, useState } from 'react';
import { FormScreen } from '../../components/FormScreen.js';
import { NewTransaction } from './NewTransaction.js';
import { useForm } from '../../forms/useForm.js';
import type { ScreenProps } from '../../shellContext.js';
import { useServices } from '../../services.js';
import { useRelayerStatuses } from '../../relayerStatuses.js';
import type { Route } from '../../state/shell.js';
import { sendForm, sendInitialValues, sendKind } from '../../../core/operations/send.js';
import { toBigInt } from '../../../core/amounts.js';

const INTRO = {
  evm: 'one way of pricing: a speed, a gas_price, or the EIP-1559 pair',
  solana: 'a pre-built transaction (the relayer pays) or instructions',
  stellar: 'operations or a pre-built XDR; the relayer pays the fee',
} as const;

export function SendScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'send' }>>) {
  const { client, now } = useServices();
  // The network's price (eth_gasPrice through the passthrough), read once when it opens: a speed's gas is estimated from it.
  const [gasPriceWei, setGasPriceWei] = useState<bigint | undefined>(undefined);
  const evm = sendKind(route.relayer) === 'evm';
  useEffect(() => {
    if (!evm || !client.offers('rpc')) return;
    let live = true;
    void client.rpcRead(route.relayerId, 'eth_gasPrice', []).then((v) => live && setGasPriceWei(toBigInt(v)), () => undefined);
    return () => void (live = false);
  }, [client, route.relayerId, evm]);
  // Its balance from its status (what it can pay over its minimum is checked before sending).
  const statuses = useRelayerStatuses(useMemo(() => [route.relayerId], [route.relayerId]));
  const entry = statuses?.get(route.relayerId);
  const balanceWei = toBigInt(entry?.status?.balance);
  const balanceAt = entry?.status ? entry.at : undefined;
  const formOf = (balance: bigint | undefined, at: number | undefined) =>
    sendForm({ relayerId: route.relayerId, relayer: route.relayer, ...(balance !== undefined ? { balanceWei: balance, ...(at !== undefined ? { balanceAt: at } : {}) } : {}), ...(gasPriceWei !== undefined ? { gasPriceWei } : {}), now: now() });
  const definition = useMemo(() => formOf(balanceWei, balanceAt), [route, balanceWei, balanceAt, gasPriceWei, now]); // eslint-disable-line react-hooks/exhaustive-deps
  // A review whose balance is older than 15 s reads it again on y (the min_balance check) and is sent only if unchanged.
  const reread = statuses && balanceAt !== undefined
    ? {
        at: balanceAt,
        read: async () => {
          const { notRead } = await statuses.reread([route.relayerId], 5_000);
          if (notRead.length) throw new Error(`its status was not read again (${statuses.get(route.relayerId)?.error ?? 'no answer in 5 s'})`);
          const e = statuses.get(route.relayerId);
          return formOf(toBigInt(e?.status?.balance), e?.at);
        },
      }
    : undefined;
  const initialValues = useMemo(() => sendInitialValues(route.relayer), [route.relayer]);
  const kind = sendKind(route.relayer);
  const form = useForm({ draftKey: `send:${route.relayerId}`, definition, initialValues, ...(reread ? { reread } : {}) });
  return (
    <FormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title={`relayer-tui › ${route.relayerId} › send`}
      intro={[{ text: `  from ${route.relayerId} (${route.relayer?.network ?? '?'}); ${INTRO[kind]}`, tone: 'muted' }]}
      unknownNext={() => "Nothing was resent. Look at the relayer's newest transactions (enter on it) for one you did not see before sending it again."}
      result={(value) => <NewTransaction value={value} network={route.relayer?.network} kind={kind} width={width} />}
    />
  );
}
