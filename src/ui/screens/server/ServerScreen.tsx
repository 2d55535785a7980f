/** `:server`: the connection — where, in which dialect (and how that is known), what the server offers. */
import { useEffect, useMemo, useState } from 'react';
import { ApiError, errorWords, type Feature } from '../../../api/index.js';
import { NO_READINESS, readinessWords, type ReadinessWords } from '../../../core/readiness.js';
import { DetailView, flatten } from '../../components/DetailView.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useDetailScreen } from '../../hooks/useDetailScreen.js';
import { useServices } from '../../services.js';
import { OPERATION_SUBCOMMANDS, operationFeatures } from '../../../core/operations/registry.js';
import type { ScreenProps } from '../../shellContext.js';

const offered = (v: boolean | undefined) => (v === undefined ? 'not asked yet' : v ? 'yes' : 'no');

export function ServerScreen({ screenKey, width, height }: ScreenProps) {
  const services = useServices();
  const { client } = services;
  const [dialect, setDialect] = useState(client.dialect());
  // Readiness (GET /api/v1/ready), asked once the dialect is known: the same words as `relayer-tui ready`.
  const [ready, setReady] = useState<{ words?: ReadinessWords; body?: unknown; error?: string }>({});
  useEffect(() => {
    let live = true;
    void client.detectDialect().then((d) => {
      if (!live) return;
      setDialect(d);
      if (!client.offers('readiness')) return setReady({ error: NO_READINESS });
      client.readiness().then(
        (a) => live && setReady({ words: readinessWords(a), body: a.readiness }),
        (e: unknown) => live && setReady({ error: e instanceof ApiError && e.kind === 'unsupported' ? NO_READINESS : `not read: ${errorWords(e)}` }),
      );
    });
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
      access: services.readOnly ? `read-only (nothing is sent: ${OPERATION_SUBCOMMANDS.join(', ')} refused)` : 'read-write',
      readiness: ready.words ? ready.words.summary : (ready.error ?? 'asking GET /api/v1/ready…'),
      ...(ready.words?.problems.length ? { 'not healthy': ready.words.problems } : {}),
      ...(ready.body !== undefined ? { '/ready answered': ready.body } : {}),
      'relayer status': feature('relayerStatus'),
      'transaction by id': feature('transactionById'),
      'status filter': feature('statusFilter'),
      // Each operation's feature (core/operations/registry.ts), named by the operations that need it.
      ...Object.fromEntries(operationFeatures().map((f) => [f.label, feature(f.feature)])),
      'plugin list': feature('plugins'),
      'JSON-RPC reads': feature('rpc'),
    };
  }, [client, services, dialect, ready]);
  const fields = useMemo(() => flatten(record, services.now()), [record, services]);
  const { lines, scroll, cursor, scopes } = useDetailScreen(screenKey, record, fields, width, height, () => undefined);
  return (
    <ScreenFrame title="relayer-tui › server" scopes={scopes} width={width} height={height} status={{}}>
      <DetailView lines={lines} scroll={scroll} height={height} cursor={cursor} />
    </ScreenFrame>
  );
}
