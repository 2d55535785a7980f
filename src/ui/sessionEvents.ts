/** Things one screen tells others in the same session (e.g. "this transaction was replaced"). */
import { EventEmitter } from 'node:events';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { Relayer, Transaction } from '../api/index.js';
import type { TriageResult } from '../core/triage/scan.js';

export interface SessionEventMap {
  /** A replacement succeeded; `transaction` is the server's answer. */
  replaced: { relayerId: string; transactionId: string; transaction: Transaction };
  /** A new transaction from a relayer (a withdrawal: the server's answer, when it named one): its figures and its list read again. */
  transactionCreated: { relayerId: string; transaction?: Transaction };
  /** A relayer changed (paused or resumed): `answered`: the relayer is as the server answered (a pause, a policy edit), else only its id and what the directory had. */
  relayerChanged: { relayer: Relayer; answered: boolean };
  /** A triage (`:stuck`) finished: the relayers list shows each relayer's count and oldest age from it. */
  triaged: TriageResult;
  /** A jam followed or watched ended (cleared, or still jammed at the follow's deadline): the stuck screen scans again. */
  jamEnded: { relayerId: string; cleared: boolean };
  /** A notification was changed or deleted: `:notifications` reads its page again. */
  notificationsChanged: { id: string };
  pluginsChanged: { id: string };
  networksChanged: { id: string };
}

export class SessionEvents {
  private readonly emitter = new EventEmitter();
  emit<K extends keyof SessionEventMap>(name: K, payload: SessionEventMap[K]): void {
    this.emitter.emit(name, payload);
  }
  on<K extends keyof SessionEventMap>(name: K, fn: (p: SessionEventMap[K]) => void): () => void {
    this.emitter.on(name, fn);
    return () => this.emitter.off(name, fn);
  }
}

export const SessionEventsContext = createContext<SessionEvents>(new SessionEvents());

export function useSessionEvents(): SessionEvents {
  return useContext(SessionEventsContext);
}

/** Subscribes with the latest handler. */
export function useSessionEvent<K extends keyof SessionEventMap>(name: K, fn: (p: SessionEventMap[K]) => void): void {
  const events = useSessionEvents();
  const ref = useRef(fn);
  ref.current = fn;
  useEffect(() => events.on(name, (p) => ref.current(p)), [events, name]);
}
