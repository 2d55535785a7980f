/** `:server`: the connection — where, in which dialect (and how that is known), what the server offers. */
import { useEffect, useMemo, useState } from 'react';
import type { Feature } from '../../../api/index.js';
import { DetailView, flatten } from '../../components/DetailView.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useDetailScreen } from '../../hooks/useDetailScreen.js';
import { useServices } from '../../services.js';
import type { ScreenProps } from '../../shellContext.js';

const offered = (v: boolean | undefined) => (v === undefined ? 'not asked yet' : v ? 'yes' : 'no');

export function ServerScreen({ screenKey, width, height }: ScreenProps) {
  const services = useServices();
  const { client } = services;
  const [dialect, setDialect] = useState(client.dialect());
  useEffect(() => {
    let live = true;
    void client.detectDialect().then((d) => live && setDialect(d));
    return () => {
      live = false;
    };
  }, [client]);
  const record = useMemo(() => {
    const feature = (f: Feature) => offered(client.supports(f));
    return {
      server: services.serverUrl ?? services.serverLabel,
      dialect: dialect.why,
      transport: services.cleartext ? 'http to another host: the API key crosses the network in cleartext' : services.serverUrl?.startsWith('https:') ? 'https' : 'http on this machine',
      access: services.readOnly ? 'read-only (no replacement, plugin call or notification)' : 'read-write',
      'relayer status': feature('relayerStatus'),
      'transaction by id': feature('transactionById'),
      'status filter': feature('statusFilter'),
    };
  }, [client, services, dialect]);
  const fields = useMemo(() => flatten(record, services.now()), [record, services]);
  const { lines, scroll, cursor, scopes } = useDetailScreen(screenKey, record, fields, width, height, () => undefined);
  return (
    <ScreenFrame title="relayer-tui › server" scopes={scopes} width={width} height={height} status={{}}>
      <DetailView lines={lines} scroll={scroll} height={height} cursor={cursor} />
    </ScreenFrame>
  );
}
