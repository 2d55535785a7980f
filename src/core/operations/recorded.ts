/**
 * A ledger line's operation and target, as recorded or told from the request on older lines: apart
 * from the read-back (./settle.ts re-exports it), so the ledger's words of a send load without it.
 */
import { isOperationKind, type OperationKind, type OperationTarget } from './registry.js';

/** A send as the ledger has it: its operation and target since they are recorded, the request always. */
export interface SentRecord {
  method: string;
  path: string;
  body: string;
  op?: string;
  target?: OperationTarget;
  /** The answer as the ledger has it: a send's new transaction is read back by this id. */
  done?: { answer_id?: string };
}

const seg = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * A send's operation and target: as recorded (registry.ts), or — on a ledger line written before they
 * were — told from the method, path and body as sent (today's rules, kept for those lines only).
 */
export function recordedOperation(r: SentRecord): { op: OperationKind; target: OperationTarget } | { unknown: string } {
  if (r.op !== undefined) return isOperationKind(r.op) ? { op: r.op, target: r.target ?? {} } : { unknown: `"${r.op.slice(0, 40)}" is an operation this version does not know: it cannot be read back here` };
  const p = r.path.split('?')[0]!.replace(/^\/api\/v1/, '');
  const tx = /^\/relayers\/([^/]+)\/transactions\/([^/]+)$/.exec(p);
  if (tx && tx[2] === 'pending' && r.method === 'DELETE') return { op: 'cancel-pending', target: { relayerId: seg(tx[1]!) } };
  if (tx && r.method === 'PUT') return { op: 'replace', target: { relayerId: seg(tx[1]!), txId: seg(tx[2]!) } };
  if (tx && r.method === 'DELETE') return { op: 'cancel', target: { relayerId: seg(tx[1]!), txId: seg(tx[2]!) } };
  const relayer = /^\/relayers\/([^/]+)$/.exec(p);
  // A PATCH of a relayer was only ever a pause or a resume then.
  if (relayer && r.method === 'PATCH') return { op: /"paused"\s*:\s*false/.test(r.body) ? 'resume' : 'pause', target: { relayerId: seg(relayer[1]!) } };
  const plugin = /^\/plugins\/([^/]+)\/call/.exec(p);
  if (plugin && r.method === 'POST') return { op: 'plugin-call', target: { pluginId: seg(plugin[1]!) } };
  if (/^\/notifications\/?$/.test(p) && r.method === 'POST') return { op: 'notification-create', target: {} };
  return { unknown: 'this request cannot be read back' };
}
