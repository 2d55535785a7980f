/**
 * `e` on a network (`:networks`): its RPC URLs replaced, typed whole (one a line, `URL weight`); the
 * review, the ledger, the answer shown and every copy carry them masked (core/operations/networkUpdate.ts);
 * the field draws them masked (FormView: path, query and user info as bullets), and a failure's words
 * that quote them are masked too. Never kept as a draft on disk: what is typed may hold an API key.
 */
import { useMemo } from 'react';
import { useForm } from '../../forms/useForm.js';
import { RecordFormScreen } from './RecordFormScreen.js';
import { useServices } from '../../services.js';
import { useSessionEvents } from '../../sessionEvents.js';
import type { ScreenProps } from '../../shellContext.js';
import type { Route } from '../../state/shell.js';
import { networkUpdateForm } from '../../../core/operations/networkUpdate.js';
import { typedUrlSecrets } from '../../../api/index.js';

export function NetworkEditScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'networkEdit' }>>) {
  const { client } = useServices();
  const events = useSessionEvents();
  const n = route.network;
  const definition = useMemo(() => networkUpdateForm(n.id, n, client.supports('networks')), [n, client]);
  const initialValues = useMemo(() => ({ rpc_urls: '' }), []);
  const form = useForm({ draftKey: `network:${n.id}`, definition, initialValues, onSent: () => events.emit('networksChanged', { id: n.id }) });
  return (
    <RecordFormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title={`relayer-tui › network ${n.id} › rpc urls`}
      unknownNext="Nothing was resent. Look at the network (enter on it in :networks) to see whether its RPC URLs changed."
      secret={typedUrlSecrets(form.state.values.rpc_urls ?? '')}
    />
  );
}
