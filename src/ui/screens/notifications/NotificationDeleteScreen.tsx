/**
 * `D` on a notification (`:notifications`): the relayers that use it are read first and named in the
 * review (the OpenZeppelin Relayer refuses the delete while any does, and its text says which); the
 * notification's id is typed to send (core/operations/notifications.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { Text } from '../../components/Text.js';
import { relayersByNotification } from '../../../core/lookup.js';
import { stringifyJson } from '../../../api/index.js';
import { truncateCells } from '../../../core/text/cells.js';
import { sanitize } from '../../../core/text/sanitize.js';
import { FormScreen } from '../../components/FormScreen.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useForm } from '../../forms/useForm.js';
import { useServices } from '../../services.js';
import { useSessionEvents } from '../../sessionEvents.js';
import type { ScreenProps } from '../../shellContext.js';
import type { Route } from '../../state/shell.js';
import type { BuiltRequest, FormDefinition } from '../../../core/operations/types.js';
import { notificationDeleteRequest } from '../../../core/operations/notifications.js';

function DeleteForm({ request, route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'notificationDelete' }>> & { request: BuiltRequest }) {
  const events = useSessionEvents();
  const definition = useMemo((): FormDefinition => ({ fields: [], build: () => ({ request }) }), [request]);
  const form = useForm({ draftKey: `notification-delete:${route.notification.id}`, definition, initialValues: {}, reviewAtOnce: true, onSent: () => events.emit('notificationsChanged', { id: route.notification.id }) });
  return (
    <FormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title={`relayer-tui › ${request.what}`}
      // The server's answer, sanitized and held to the rows there are (its size never decides the work).
      result={(value) => <Text wrap="wrap">{truncateCells(sanitize(`The server's answer: ${typeof value === 'string' ? value.slice(0, 4_000) : stringifyJson(value).slice(0, 4_000)}`), width * Math.max(1, height - 3))}</Text>}
    />
  );
}

export function NotificationDeleteScreen(props: ScreenProps<Extract<Route, { kind: 'notificationDelete' }>>) {
  const { route, width, height } = props;
  const { client } = useServices();
  // Who uses it: every relayer read (core/lookup.ts), its notification_id compared.
  const [usedBy, setUsedBy] = useState<{ names?: string[]; failed?: boolean }>({});
  useEffect(() => {
    const ctrl = new AbortController();
    relayersByNotification(client, ctrl.signal).then(
      (by) => !ctrl.signal.aborted && setUsedBy({ names: by.get(route.notification.id) ?? [] }),
      () => !ctrl.signal.aborted && setUsedBy({ failed: true }),
    );
    return () => ctrl.abort();
  }, [client, route.notification.id]);
  const built = useMemo(
    () => (usedBy.names || usedBy.failed ? notificationDeleteRequest(route.notification.id, route.notification, usedBy.names, client.supports('notifications')) : null),
    [usedBy, route.notification, client],
  );
  if (!built || 'refuse' in built)
    return (
      <ScreenFrame title={`relayer-tui › delete notification ${route.notification.id}`} scopes={['detail']} width={width} height={height} status={{}}>
        <Text wrap="wrap">{built ? `Not offered: ${built.refuse}` : 'Reading which relayers use it…'}</Text>
      </ScreenFrame>
    );
  return <DeleteForm {...props} request={built} />;
}
