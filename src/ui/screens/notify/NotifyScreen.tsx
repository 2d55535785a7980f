/** `:notify`: create a webhook notification; the signing key never appears on screen or in errors. */
import { Box } from 'ink';
import { Text } from '../../components/Text.js';
import { useMemo } from 'react';
import type { Notification } from '../../../api/index.js';
import { FormScreen } from '../../components/FormScreen.js';
import { useForm } from '../../forms/useForm.js';
import type { ScreenProps } from '../../shellContext.js';
import { useServices } from '../../services.js';
import { truncateCells } from '../../../core/text/cells.js';
import { NOTIFY_INITIAL, notifyForm } from '../../../core/operations/notify.js';

export function NotifyScreen({ screenKey, width, height }: ScreenProps) {
  const { client } = useServices();
  const definition = useMemo(() => notifyForm(() => client.dialect()), [client]);
  const form = useForm({ draftKey: 'notify', definition, initialValues: NOTIFY_INITIAL, persist: { form: 'notify' } });
  return (
    <FormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title="relayer-tui › create notification"
      secret={form.state.values.signing_key}
      unknownNext={(e) =>
        // The OpenZeppelin Relayer answers a duplicate id with exactly this 500.
        e.status === 500 && /unknown error/i.test(e.message) && form.state.values.id?.trim()
          ? `Nothing was resent. An OpenZeppelin Relayer answers this when the id "${form.state.values.id.trim()}" is already taken: try another id, or leave it empty for a generated one.`
          : 'Nothing was resent. It may have been created: sent again with the same id, it answers "already exists" if so.'
      }
      intro={[{ text: `${'  type'.padEnd(28)}webhook (the only type)`, tone: 'muted' }]}
      result={(value) => {
        const n = value as Notification;
        const rows = [`id               ${n.id}`, `type             ${n.type ?? 'webhook'}`, `url              ${n.url ?? ''}`, `signing key set  ${n.has_signing_key ? 'yes' : 'no'}`];
        return (
          <Box flexDirection="column">
            {rows.map((r, i) => (
              <Text key={i} wrap="truncate">
                {truncateCells(r, width)}
              </Text>
            ))}
          </Box>
        );
      }}
    />
  );
}
