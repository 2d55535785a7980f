/** The audit ledger's columns (src/ledger/audit.ts), one set for `:audit` and `relayer-tui audit`: when, what came of it, what was sent where. */
import { auditOutcome, lastTold, outcomeUnknown, sendWords, serverHost, type AuditEntry } from './audit.js';
import type { Tone } from '../core/tone.js';
import { parseJson } from '../api/index.js';
import type { Column } from '../core/columns/layout.js';

/** The ledger's outcomes (core/operations/pipeline.ts) as tones: only applied is green; a no-op is a warning. */
const OUTCOME_TONE: Record<string, Tone> = { applied: 'ok', accepted: 'info', 'in flight': 'info', refused: 'bad', 'not sent': 'muted', 'answered with a failure': 'bad', 'no effect': 'warn', 'not as asked': 'warn', 'not applied': 'warn', unknown: 'warn' };
const outcomeTone = (e: AuditEntry): Tone => (outcomeUnknown(e) ? 'warn' : (OUTCOME_TONE[lastTold(e)?.outcome ?? e.done?.outcome ?? 'unknown'] ?? 'warn'));

/** The body's gist where the words alone do not tell two sends apart: a relayer change's policy keys, then its other fields. */
function gist(e: AuditEntry): string {
  if (e.op !== 'policy-edit' || e.body.length > 4096) return '';
  let body: unknown;
  try {
    body = parseJson(e.body);
  } catch {
    return '';
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return '';
  const { policies, ...rest } = body as Record<string, unknown>;
  const keys = [...(policies && typeof policies === 'object' ? Object.keys(policies) : []), ...Object.keys(rest)].map((k) => k.replace(/[^a-z_]/g, '')).filter(Boolean);
  return keys.length ? ` (${keys.join(', ')})` : '';
}

/** What the send did, in words: the operation and its target (the registry's), the body's gist, and the new transaction it made. */
export function actionWords(e: AuditEntry): string {
  const made = e.done?.answer_id && (e.op === 'send' || e.op === 'withdraw') ? ` → tx ${e.done.answer_id.slice(0, 8)}` : '';
  return `${sendWords(e, 8)}${gist(e)}${made}`;
}

// Each as wide as its rows need at most (fit): room a short ACTION or an empty ANSWER ID would hold blank
// goes to a cut REQUEST.
export const AUDIT_COLUMNS: readonly Column<AuditEntry>[] = [
  { key: 'time', title: 'TIME (UTC)', width: 19, priority: 0, cell: (e) => e.time.slice(0, 19).replace('T', ' ') },
  // As wide as its longest words ("sent, outcome unknown", "no effect (read back)"): never cut; no wider than the rows' need.
  { key: 'outcome', title: 'OUTCOME', width: 23, fit: true, priority: 0, cell: auditOutcome, tone: outcomeTone },
  { key: 'status', title: 'HTTP', width: 4, priority: 1, align: 'right', cell: (e) => (e.done?.status ? String(e.done.status) : '') },
  // What was done, its own column, never cut first: a pause and a resume of one relayer never read alike.
  { key: 'action', title: 'ACTION', width: 26, fit: true, flex: true, priority: 0, keep: true, cell: actionWords },
  { key: 'request', title: 'REQUEST', width: 24, fit: true, flex: true, priority: 2, cell: (e) => `${e.method} ${e.path}` },
  // Several servers' sends share one file: each row says where it went (host:port) beside the context.
  { key: 'server', title: 'SERVER', width: 15, fit: true, priority: 1, cell: (e) => serverHost(e.server) },
  { key: 'context', title: 'CONTEXT', width: 10, fit: true, priority: 3, cell: (e) => e.context },
  { key: 'answer', title: 'ANSWER ID', width: 12, fit: true, priority: 4, cell: (e) => e.done?.answer_id ?? '' },
];
