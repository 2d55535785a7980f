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
import { findRelayer } from '../../../core/lookup.js';
import { clock } from '../../../core/time.js';
import { relayerBasis, withBasis } from '../../../core/operations/basis.js';
import { useDirectory } from '../../directory.js';
import { useSessionEvents } from '../../sessionEvents.js';

/** The answer's policies, a line each, wrapped (a walk read 'gas_price_cap…', the one value changed cut off, with rows to spare). */
function answerLines(value: unknown, width: number): string[] {
  const r = value as Relayer | null;
  return ['policies now, as the server answered:', ...(r ? policyLines(r) : ['(no relayer in the answer)']).flatMap((l) => wrapCells(`  ${l}`, width, 28))];
}

/**
 * The relayer read again as the editor opens: the form's "now" and its patch are against what the
 * server holds, not the row it was opened from (a walk reopened `p` after a send, saw the old
 * whitelist, added a line, and the send dropped the address added before). Until it answers (or
 * when it fails) the row's record stands, said so.
 */
export function PoliciesScreen(props: ScreenProps<Extract<Route, { kind: 'policies' }>>) {
  const { client, now } = useServices();
  const [fresh, setFresh] = useState<{ relayer: Relayer | undefined; at: number } | 'reading'>('reading');
  useEffect(() => {
    let live = true;
    const ctrl = new AbortController();
    // A read that fails, or takes more than 5 s, leaves the row's record (said so), never "reading…" for good.
    const timer = setTimeout(() => ctrl.abort(), 5000);
    findRelayer(client, props.route.relayerId, { signal: ctrl.signal })
      .then(
        (r) => live && setFresh({ relayer: r, at: now() }),
        () => live && setFresh({ relayer: undefined, at: now() }),
      )
      .finally(() => clearTimeout(timer));
    return () => {
      live = false;
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [client, props.route.relayerId, now]);
  if (fresh === 'reading') return <Text>  reading relayer {props.route.relayerId} as the server holds it now…</Text>;
  const relayer = fresh.relayer ?? props.route.relayer;
  const said = fresh.relayer ? `  read at ${clock(fresh.at)}: the form starts from what the server holds` : `  could not be read again: the form starts from the list's row (it may be older); read again before it is sent`;
  // Not read again: the row's record, of a time not known here — read again before any send.
  return <PoliciesForm {...props} route={{ ...props.route, relayer }} said={said} stale={!fresh.relayer} readAt={fresh.relayer ? fresh.at : null} />;
}

function PoliciesForm({ route, screenKey, width, height, said, stale, readAt }: ScreenProps<Extract<Route, { kind: 'policies' }>> & { said: string; stale: boolean; readAt: number | null }) {
  const { client, now } = useServices();
  const directory = useDirectory();
  const events = useSessionEvents();
  // The notifications to choose from, read once as it opens (the relayer's own stays offered if the read fails).
  const [notifications, setNotifications] = useState<string[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    if (client.offers('notifications')) void client.listServerRecords('notifications', { perPage: 100 }).then((p) => live && setNotifications(p.items.map((n) => String(n.id))), () => undefined);
    return () => void (live = false);
  }, [client]);
  // The relayer the patch is against, and when it was read: a review older than 15 s reads it again on
  // y and is sent only if the relayer is as reviewed (a walk sent a cap edit reviewed 26 s before).
  const [relayer, setRelayer] = useState({ record: route.relayer, at: readAt });
  const definition = useMemo(() => withBasis(policiesForm(route.relayerId, relayer.record, client.supports('policies'), notifications), relayerBasis(relayer.record)), [route.relayerId, relayer, client, notifications]);
  const initialValues = useMemo(() => (route.relayer ? policyFormValues(route.relayer, route.preset) : {}), [route]);
  const reread = {
    at: relayer.at,
    read: async () => {
      const r = await findRelayer(client, route.relayerId);
      if (!r) throw new Error(`relayer ${route.relayerId} is not among the server's relayers`);
      setRelayer({ record: r, at: now() });
      return withBasis(policiesForm(route.relayerId, r, client.supports('policies'), notifications), relayerBasis(r));
    },
  };
  const form = useForm({
    draftKey: `policies:${route.relayerId}`,
    definition,
    initialValues,
    reread,
    // The relayer as answered goes to every screen (the list's row, the detail, the next p).
    onSent: (answer) => {
      if (typeof answer !== 'object' || answer === null) return;
      directory.add([answer as Relayer]);
      events.emit('relayerChanged', { relayer: answer as Relayer, answered: true });
    },
  });
  return (
    <FormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title={`relayer-tui › ${route.relayerId} › policies`}
      intro={[{ text: said, tone: stale ? ('warn' as const) : ('muted' as const) }, ...(route.why?.map((text) => ({ text: `  ${text}`, tone: 'warn' as const })) ?? [])]}
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
