/** `:notify`: create a webhook notification; the signing key never appears on screen or in errors. */
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { Notification } from '../../../api/index.js';
import { FormScreen } from '../../components/FormScreen.js';
import { useForm } from '../../forms/useForm.js';
import type { ScreenProps } from '../../shellContext.js';
import { tone } from '../../theme.js';
import { NOTIFY_INITIAL, notifyForm } from './notifyForm.js';

export function NotifyScreen({ screenKey, width, height }: ScreenProps) {
  const definition = useMemo(() => notifyForm(), []);
  const form = useForm({ draftKey: 'notify', definition, initialValues: NOTIFY_INITIAL, mutation: 'notify' });
  return (
    <FormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title="relayer-tui › create notification"
      secret={form.state.values.signing_key}
      unknownNext='Nothing was resent. It may have been created: sent again with the same id, it answers "already exists" if so.'
      intro={
        <Text color={tone('muted')}>
          {'  type'.padEnd(26)}webhook (the only type)
        </Text>
      }
      result={(value) => {
        const n = value as Notification;
        return (
          <Box flexDirection="column">
            <Text>{`id               ${n.id}`}</Text>
            <Text>{`type             ${n.type ?? 'webhook'}`}</Text>
            <Text>{`url              ${n.url ?? ''}`}</Text>
            <Text>{`signing key set  ${n.has_signing_key ? 'yes' : 'no'}`}</Text>
          </Box>
        );
      }}
    />
  );
}
