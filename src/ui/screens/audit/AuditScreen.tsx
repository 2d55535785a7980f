/** `:audit`: the mutations sent (from the audit ledger), newest first, with what came of each. */
import { useRef } from 'react';
import { auditOutcome, settleable, serverHost, ledgerServerKey, type AuditEntry } from '../../../ledger/audit.js';
import { settleCheck, settleFailure } from '../../../core/operations/settle.js';
import { sanitize } from '../../../core/text/sanitize.js';
import { ListBody, listStatus } from '../../components/ListBody.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { AUDIT_COLUMNS } from '../../../ledger/auditColumns.js';
import { useLocalList } from '../../hooks/useLocalList.js';
import { useServices } from '../../services.js';
import { useShell, type ScreenProps } from '../../shellContext.js';

const getId = (e: AuditEntry) => e.id;
const outcome = auditOutcome;
const text = (e: AuditEntry) => `${e.method} ${e.path} ${outcome(e)} ${e.context} ${serverHost(e.server)} ${e.body}`;

const SCOPES = ['audit', 'list'] as const;

export function AuditScreen({ screenKey, width, height }: ScreenProps) {
  const { audit, client, serverUrl } = useServices();
  const shell = useShell();
  const settling = useRef(false);
  const flash = (t: string, tone: 'warn' | 'bad' | 'info') => shell.dispatch({ type: 'flash', text: sanitize(t), tone });
  /** s: the selected send read back from its server; what the read shows is a new ledger line (the old one is never rewritten). */
  const settle = (e: AuditEntry) => {
    if (!audit) return;
    if (!settleable(e)) return flash(`Its outcome is known (${outcome(e)}): nothing to read back`, 'info');
    if (!serverUrl || ledgerServerKey(serverUrl) !== ledgerServerKey(e.server)) return flash(`This send went to ${serverHost(e.server)} (context ${e.context}): open that server (:ctx) to read it back`, 'warn');
    if (settling.current) return flash('Already reading one back', 'info');
    settling.current = true;
    flash(`Reading ${e.method} ${e.path} back from ${serverHost(e.server)} …`, 'info');
    void settleCheck(e, client)
      .then((r) => {
        const warning = audit.settle(e, r);
        flash(warning ?? `Read back: ${r.outcome === 'unknown' ? 'still unknown' : r.outcome} — ${r.words}`, warning ? 'bad' : r.outcome === 'applied' ? 'info' : 'warn');
        void list.refresh();
      })
      .catch((err: unknown) => flash(`Could not read it back (nothing recorded): ${settleFailure(err)}`, 'bad'))
      .finally(() => (settling.current = false));
  };
  const { list, scopes } = useLocalList(
    screenKey,
    height,
    () => audit?.read() ?? [],
    getId,
    text,
    (cmd, e) => {
      // enter: the mutation whole (its body as reviewed, both phases, any read-back).
      if (cmd === 'open' && e) return shell.push({ kind: 'record', title: `audit › ${e.method} ${e.path}`, key: `audit:${e.id}`, record: e }), true;
      if (cmd === 'settle' && e) return settle(e), true;
      return undefined;
    },
    SCOPES,
  );
  return (
    <ScreenFrame title={`relayer-tui › audit ${audit?.path ?? '(no ledger)'}`} scopes={scopes} width={width} height={height} status={listStatus(list)}>
      <ListBody list={list} columns={AUDIT_COLUMNS} getId={getId} width={width} height={height} noun="mutations in the ledger" />
    </ScreenFrame>
  );
}
