/** `p` on a relayer: its policies, name, notification and RPC URLs, edited; only what changed is sent (one merge patch), reviewed before → after. */
import { useEffect, useMemo, useState } from 'react';
import { Box } from 'ink';
import { Text } from '../../components/Text.js';
import { FormScreen } from '../../components/FormScreen.js';
import { useForm } from '../../forms/useForm.js';
import type { ScreenProps } from '../../shellContext.js';
import { useScheduler, useServices } from '../../services.js';
import type { Route } from '../../state/shell.js';
import { policiesForm, policyFormValues, policyLines, presetAgainst } from '../../../core/operations/policies.js';
import { readPolicyFigures, type PolicyFigures } from '../../../core/operations/policyRisks.js';
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
  const { client } = useServices();
  const { now, after } = useScheduler();
  const [fresh, setFresh] = useState<{ relayer: Relayer | undefined; at: number; figures: PolicyFigures } | 'reading'>('reading');
  useEffect(() => {
    let live = true;
    const ctrl = new AbortController();
    // A read that fails, or takes more than 5 s, leaves the row's record (said so), never "reading…" for good.
    const cancel = after(5000, () => ctrl.abort());
    const type = props.route.relayer?.network_type;
    const read = findRelayer(client, props.route.relayerId, { signal: ctrl.signal }).catch(() => undefined);
    // The network's price and the balance, read beside it (after it when the row does not say its network type):
    // what a cap or a min_balance would do is weighed in the review.
    const figures = type !== undefined ? readPolicyFigures(client, props.route.relayerId, type, now, ctrl.signal) : read.then((r) => readPolicyFigures(client, props.route.relayerId, r?.network_type, now, ctrl.signal));
    Promise.all([read, figures])
      .then(([r, figures]) => live && setFresh({ relayer: r, at: now(), figures }))
      .finally(cancel);
    return () => {
      live = false;
      cancel();
      ctrl.abort();
    };
  }, [client, props.route.relayerId, now]);
  if (fresh === 'reading') return <Text>  reading relayer {props.route.relayerId} as the server holds it now…</Text>;
  const relayer = fresh.relayer ?? props.route.relayer;
  const said = fresh.relayer ? `  read at ${clock(fresh.at)}: the form starts from what the server holds` : `  could not be read again: the form starts from the list's row (it may be older); read again before it is sent`;
  // A proposal (the cap raised for a jam) weighed against the relayer as read now: one not above its cap now is dropped, said.
  const proposal = relayer ? presetAgainst(relayer, props.route.preset) : { preset: props.route.preset ?? {} };
  const why = proposal.dropped ? [proposal.dropped] : props.route.why;
  // Not read again: the row's record, of a time not known here — read again before any send.
  return <PoliciesForm {...props} route={{ ...props.route, relayer, preset: proposal.preset, ...(why ? { why } : {}) }} said={said} stale={!fresh.relayer} readAt={fresh.relayer ? fresh.at : null} figures={fresh.figures} />;
}

function PoliciesForm({ route, screenKey, width, height, said, stale, readAt, figures }: ScreenProps<Extract<Route, { kind: 'policies' }>> & { said: string; stale: boolean; readAt: number | null; figures: PolicyFigures }) {
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
  // The relayer as the form opened on it (what the operator changed is told against it: only that is
  // sent), the server as last read (the review's before), and the figures. Every y reads the relayer
  // again first and sends only if it is as reviewed — else says what moved and shows the review again
  // (a walk's review said 3,000 gwei → 3,000 gwei while the server held 50 gwei, and the send overwrote it).
  const [relayer, setRelayer] = useState<{ server: Relayer | undefined; at: number | null; figures: PolicyFigures }>({ server: route.relayer, at: readAt, figures });
  const formFor = (server: Relayer | undefined, f: PolicyFigures) =>
    withBasis(policiesForm(route.relayerId, route.relayer, client.supports('policies'), notifications, { ...(server ? { server } : {}), figures: f, since: 'opened' }), relayerBasis(server));
  const definition = useMemo(() => formFor(relayer.server, relayer.figures), [route.relayerId, relayer, client, notifications]);
  const initialValues = useMemo(() => (route.relayer ? policyFormValues(route.relayer, route.preset) : {}), [route]);
  const reread = {
    at: relayer.at,
    always: true,
    read: async () => {
      const [r, f] = await Promise.all([findRelayer(client, route.relayerId), readPolicyFigures(client, route.relayerId, route.relayer?.network_type, now)]);
      if (!r) throw new Error(`relayer ${route.relayerId} is not among the server's relayers`);
      setRelayer({ server: r, at: now(), figures: f });
      return formFor(r, f);
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
