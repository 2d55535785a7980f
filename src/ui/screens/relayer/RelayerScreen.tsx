/** One relayer: every field, policies, RPC URLs with weights, notification id, disabled reasons. */
import { useMemo, useState } from 'react';
import { Text } from 'ink';
import { DetailView, flatten, layoutDetail, rawLines } from '../../components/DetailView.js';
import { ErrorPanel } from '../../components/ErrorPanel.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { RELAYER_STATE_TONE, relayerState } from '../../format.js';
import { useRelayer } from '../../hooks/useRelayer.js';
import { useScroll } from '../../hooks/useScroll.js';
import { useServices } from '../../services.js';
import { useScreenHandle, useShell, type ScreenProps } from '../../shellContext.js';
import type { Route } from '../../state/shell.js';

const SCOPES = ['detail'] as const;

export function RelayerScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'relayer' }>>) {
  const { now } = useServices();
  const shell = useShell();
  const { relayer, error, loading } = useRelayer(route.relayerId);
  const [raw, setRaw] = useState(false);
  const lines = useMemo(() => {
    if (!relayer) return [];
    if (raw) return rawLines(relayer, width);
    const state = relayerState(relayer);
    return layoutDetail([{ label: 'state', value: state, tone: RELAYER_STATE_TONE[state] }, ...flatten(relayer, now())], width);
  }, [relayer, raw, width, now]);
  const scroller = useScroll(lines.length, height);

  useScreenHandle(screenKey, {
    scopes: SCOPES,
    onCommand: (cmd) => {
      if (cmd === 'raw') {
        setRaw((r) => !r);
        scroller.reset();
        return true;
      }
      if (cmd === 'edit') return 'Select a transaction to replace: esc, then enter on the relayer';
      if (cmd === 'open') {
        shell.push({ kind: 'transactions', relayerId: route.relayerId });
        return true;
      }
      return scroller.apply(cmd);
    },
  });

  return (
    <ScreenFrame
      title={`relayer-tui › relayer ${relayer?.name ?? route.relayerId}${raw ? ' (raw JSON)' : ''}`}
      scopes={SCOPES}
      width={width}
      height={height}
      status={{ relayer: route.relayerId, error }}
    >
      {error ? (
        <ErrorPanel error={error} width={width} />
      ) : loading ? (
        <Text>Loading relayer {route.relayerId}…</Text>
      ) : !relayer ? (
        <Text>No relayer with id {route.relayerId} in the relayers list.</Text>
      ) : (
        <DetailView lines={lines} scroll={scroller.scroll} height={height} />
      )}
    </ScreenFrame>
  );
}
