/** `p` on a relayer: its EVM policies, edited; only what changed is sent (one merge patch), reviewed before → after. */
import { useMemo } from 'react';
import { Box } from 'ink';
import { Text } from '../../components/Text.js';
import { FormScreen } from '../../components/FormScreen.js';
import { useForm } from '../../forms/useForm.js';
import type { ScreenProps } from '../../shellContext.js';
import { useServices } from '../../services.js';
import { tone } from '../../theme.js';
import type { Route } from '../../state/shell.js';
import { policiesForm, policyFormValues } from '../../../core/operations/policies.js';

export function PoliciesScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'policies' }>>) {
  const { client } = useServices();
  const definition = useMemo(() => policiesForm(route.relayerId, route.relayer, client.supports('policies')), [route, client]);
  const initialValues = useMemo(() => (route.relayer ? policyFormValues(route.relayer, route.preset) : {}), [route]);
  const form = useForm({ draftKey: `policies:${route.relayerId}`, definition, initialValues });
  return (
    <FormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title={`relayer-tui › ${route.relayerId} › policies`}
      intro={
        route.why ? (
          <Box flexDirection="column">
            {route.why.map((l, i) => (
              <Text key={i} wrap="truncate" color={tone('warn')}>{`  ${l}`}</Text>
            ))}
          </Box>
        ) : undefined
      }
      unknownNext={() => 'Nothing was resent. Read the relayer again (i) to see whether its policies changed.'}
      result={(value) => {
        const p = ((value as { policies?: Record<string, unknown> } | null)?.policies ?? {}) as Record<string, unknown>;
        return <Text wrap="truncate">{`policies now: ${Object.keys(p).length ? Object.entries(p).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`).join(' · ') : '(none)'}`}</Text>;
      }}
    />
  );
}
