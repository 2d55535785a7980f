/** `:audit`: the mutations sent (from the audit ledger), newest first, with what came of each. */
import type { AuditEntry } from '../../../audit.js';
import { ListBody, listStatus } from '../../components/ListBody.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import type { Column } from '../../../core/columns/layout.js';
import type { Tone } from '../../../core/tone.js';
import { useLocalList } from '../../hooks/useLocalList.js';
import { useServices } from '../../services.js';
import { useShell, type ScreenProps } from '../../shellContext.js';

const getId = (e: AuditEntry) => e.id;
/** The ledger's outcomes (core/operations/pipeline.ts) as tones: only applied is green; a no-op is a warning. */
const OUTCOME_TONE: Record<string, Tone> = { applied: 'ok', 'in flight': 'info', refused: 'bad', 'not sent': 'muted', 'answered with a failure': 'bad', 'no effect': 'warn', 'not as asked': 'warn', unknown: 'warn' };
const outcome = (e: AuditEntry) => (e.done ? e.done.outcome : 'sent, outcome unknown');
const text = (e: AuditEntry) => `${e.method} ${e.path} ${outcome(e)} ${e.context} ${e.body}`;

const COLUMNS: readonly Column<AuditEntry>[] = [
  { key: 'time', title: 'TIME (UTC)', width: 19, priority: 0, cell: (e) => e.time.slice(0, 19).replace('T', ' ') },
  { key: 'outcome', title: 'OUTCOME', width: 12, priority: 0, cell: outcome, tone: (e) => OUTCOME_TONE[e.done?.outcome ?? 'unknown'] ?? 'warn' },
  { key: 'status', title: 'HTTP', width: 4, priority: 2, align: 'right', cell: (e) => (e.done?.status ? String(e.done.status) : '') },
  { key: 'request', title: 'REQUEST', width: 24, flex: true, priority: 1, cell: (e) => `${e.method} ${e.path}` },
  { key: 'context', title: 'CONTEXT', width: 10, priority: 3, cell: (e) => e.context },
  { key: 'answer', title: 'ANSWER ID', width: 12, priority: 4, cell: (e) => e.done?.answer_id ?? '' },
];

export function AuditScreen({ screenKey, width, height }: ScreenProps) {
  const { audit } = useServices();
  const shell = useShell();
  const { list, scopes } = useLocalList(screenKey, height, () => audit?.read() ?? [], getId, text, (cmd, e) => {
    // enter: the mutation whole (its body as reviewed, both phases).
    if (cmd === 'open' && e) return shell.push({ kind: 'record', title: `audit › ${e.method} ${e.path}`, key: `audit:${e.id}`, record: e }), true;
    return undefined;
  });
  return (
    <ScreenFrame title={`relayer-tui › audit ${audit?.path ?? '(no ledger)'}`} scopes={scopes} width={width} height={height} status={listStatus(list)}>
      <ListBody list={list} columns={COLUMNS} getId={getId} width={width} height={height} noun="mutations in the ledger" />
    </ScreenFrame>
  );
}
