/** `p` on a relayer: its policies, name, notification and RPC URLs, edited; only what changed is sent (one merge patch), reviewed before → after. */
import { useEffect, useMemo, useState } from 'react';
import { Box } from 'ink';
import { Text } from '../../components/Text.js';
import { FormScreen } from '../../components/FormScreen.js';
import { useForm } from '../../forms/useForm.js';
import type { ScreenProps } from '../../shellContext.js';
import { useServices } from '../../services.js';
import type { Route } from '../../state/shell.js';
import { policiesForm, policyFormValues, policyLines } from '../../../core/operations/policies.js';
import { wrapCells } from '../../../core/text/cells.js';
import type { Relayer } from '../../../api/index.js';

/** The answer's policies, a line each, wrapped (a walk read 'gas_price_cap…', the one value changed cut off, with rows to spare). */
function answerLines(value: unknown, width: number): string[] {
  const r = value as Relayer | null;
  return ['policies now, as the server answered:', ...(r ? policyLines(r) : ['(no relayer in the answer)']).flatMap((l) => wrapCells(`  ${l}`, width, 28))];
}

export function PoliciesScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'policies' }>>) {
  const { client } = useServices();
  // The notifications to choose from, read once as it opens (the relayer's own stays offered if the read fails).
  const [notifications, setNotifications] = useState<string[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    if (client.offers('notifications')) void client.listServerRecords('notifications', { perPage: 100 }).then((p) => live && setNotifications(p.items.map((n) => String(n.id))), () => undefined);
    return () => void (live = false);
  }, [client]);
  const definition = useMemo(() => policiesForm(route.relayerId, route.relayer, client.supports('policies'), notifications), [route, client, notifications]);
  const initialValues = useMemo(() => (route.relayer ? policyFormValues(route.relayer, route.preset) : {}), [route]);
  const form = useForm({ draftKey: `policies:${route.relayerId}`, definition, initialValues });
  return (
    <FormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title={`relayer-tui › ${route.relayerId} › policies`}
      intro={route.why?.map((text) => ({ text: `  ${text}`, tone: 'warn' as const }))}
      unknownNext={() => 'Nothing was resent. Read the relayer again (i) to see whether its policies changed.'}
      result={(value, scroll, rows) => (
        <Box flexDirection="column">
          {answerLines(value, width)
            .slice(scroll, scroll + rows)
            .map((l, i) => (
              <Text key={i} wrap="truncate">
                {l}
              </Text>
            ))}
        </Box>
      )}
      resultRows={(value) => answerLines(value, width).length}
    />
  );
}
