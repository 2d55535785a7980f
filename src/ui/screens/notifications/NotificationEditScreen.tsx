/**
 * `e` on a notification (`:notifications`): its url, a new write-only signing key, or the key removed —
 * one PATCH of only what changes, reviewed (core/operations/notifications.ts). The key is never shown,
 * never kept as a draft.
 */
import { useMemo } from 'react';
import type { Notification } from '../../../api/index.js';
import { useForm } from '../../forms/useForm.js';
import { RecordFormScreen } from '../settings/RecordFormScreen.js';
import { useServices } from '../../services.js';
import { useSessionEvents } from '../../sessionEvents.js';
import type { ScreenProps } from '../../shellContext.js';
import type { Route } from '../../state/shell.js';
import { notificationEditForm } from '../../../core/operations/notifications.js';

export function NotificationEditScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'notificationEdit' }>>) {
  const { client } = useServices();
  const events = useSessionEvents();
  const n = route.notification;
  const definition = useMemo(() => notificationEditForm(n.id, n, () => client.supports('notifications')), [n, client]);
  const form = useForm({
    draftKey: `notification:${n.id}`,
    definition,
    initialValues: { url: n.url ?? '', signing_key: '', remove_key: 'no' },
    onSent: () => events.emit('notificationsChanged', { id: n.id }),
  });
  return (
    <RecordFormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title={`relayer-tui › change notification ${n.id}`}
      secret={form.state.values.signing_key}
    />
  );
}
