/** One row of a local list (a `:log` request, an `:audit` mutation) opened whole: every field, y copies one, v the raw JSON. */
import { useMemo } from 'react';
import { DetailView, flatten } from '../../components/DetailView.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useDetailScreen } from '../../hooks/useDetailScreen.js';
import { useServices } from '../../services.js';
import type { ScreenProps } from '../../shellContext.js';
import type { Route } from '../../state/shell.js';

export function RecordScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'record' }>>) {
  const { now } = useServices();
  const fields = useMemo(() => flatten(route.record, route.readAt ?? now()), [route.record, route.readAt, now]);
  const { lines, scroll, cursor, scopes } = useDetailScreen(screenKey, route.record, fields, width, height, () => undefined);
  return (
    <ScreenFrame title={`relayer-tui › ${route.title}`} scopes={scopes} width={width} height={height} status={route.readAt != null ? { loadedAt: route.readAt } : {}}>
      <DetailView lines={lines} scroll={scroll} height={height} cursor={cursor} />
    </ScreenFrame>
  );
}
