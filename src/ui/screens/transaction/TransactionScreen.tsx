/** One transaction: every field, labelled; `v` shows the raw JSON as received; `e` replaces it. */
import { useMemo, useState } from 'react';
import { DetailView, flatten, layoutDetail, rawLines } from '../../components/DetailView.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { formatWei, toBigInt } from '../../format.js';
import { useScroll } from '../../hooks/useScroll.js';
import { useDirectory } from '../../directory.js';
import { mutationBlocked } from '../../mutations.js';
import { useServices } from '../../services.js';
import { useScreenHandle, useShell, type ScreenProps } from '../../shellContext.js';
import type { Route } from '../../state/shell.js';
import { networkKind } from '../transactions/columns.js';

const SCOPES = ['detail'] as const;

export function TransactionScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'transaction' }>>) {
  const services = useServices();
  const shell = useShell();
  const relayer = useDirectory().get(route.relayerId);
  const { tx } = route;
  const [raw, setRaw] = useState(false);
  const lines = useMemo(() => {
    if (raw) return rawLines(tx, width);
    const fields = flatten(tx, services.now());
    if (networkKind(relayer?.network_type, tx) === 'evm' && toBigInt(tx.value) !== undefined) {
      const i = fields.findIndex((f) => f.label === 'value');
      fields.splice(i + 1, 0, { label: 'value (native)', value: formatWei(tx.value, relayer?.network) });
    }
    return layoutDetail(fields, width);
  }, [raw, tx, width, relayer, services]);
  const scroller = useScroll(lines.length, height);

  useScreenHandle(screenKey, {
    scopes: SCOPES,
    onCommand: (cmd) => {
      if (cmd === 'raw') {
        setRaw((r) => !r);
        scroller.reset();
        return true;
      }
      if (cmd === 'edit') {
        const blocked = mutationBlocked(services, 'replace');
        if (blocked) return blocked;
        shell.push({ kind: 'replace', relayerId: route.relayerId, tx });
        return true;
      }
      if (cmd === 'refresh') return 'Refresh the list (esc, then r): the contract has no single-transaction read';
      return scroller.apply(cmd);
    },
  });

  return (
    <ScreenFrame
      title={`relayer-tui › ${relayer?.name ?? route.relayerId} › transaction ${tx.id}${raw ? ' (raw JSON)' : ''}`}
      scopes={SCOPES}
      width={width}
      height={height}
      status={{ relayer: route.relayerId }}
    >
      <DetailView lines={lines} scroll={scroller.scroll} height={height} />
    </ScreenFrame>
  );
}
