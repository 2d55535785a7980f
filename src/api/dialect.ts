/**
 * Which dialect a server speaks: the interface document's (`contract`) or the OpenZeppelin Relayer's
 * (`openzeppelin`, v1.8; ../shared/spec/real-server/NOTES.md). Responses are read tolerantly in both;
 * request bodies differ where the two read them differently (a Stellar memo), and the real server
 * offers endpoints the contract does not show (a relayer's status, one transaction, ?status=).
 */
export type Dialect = 'contract' | 'openzeppelin';
export type DialectSetting = Dialect | 'auto';
export const DIALECT_SETTINGS: readonly DialectSetting[] = ['contract', 'openzeppelin', 'auto'];

/**
 * How the client came to its dialect: `set` (--dialect), `detected` (GET /api/v1/health answered),
 * `assumed` (not asked yet, or an answer that says nothing: an HTML page), `unknown` (the probe failed:
 * a 429 past the timeout, a 5xx, no connection — the server's type is not known, and it is asked again
 * on the next read; never taken for "not the OpenZeppelin Relayer").
 */
export type DialectSource = 'set' | 'detected' | 'assumed' | 'unknown';

/** Whether the dialect is still to be asked (not asked yet, or the last ask failed). */
export function dialectUnsettled(d: DialectState): boolean {
  return d.source === 'assumed' || d.source === 'unknown';
}

export interface DialectState {
  dialect: Dialect;
  source: DialectSource;
  /** In words, for the connection view: "OpenZeppelin Relayer (detected: GET /api/v1/health answered OK)". */
  why: string;
}

export const DIALECT_NAMES: Record<Dialect, string> = {
  contract: 'interface document',
  openzeppelin: 'OpenZeppelin Relayer',
};

/** Endpoints the real server has and a contract server answers 404 (remembered per client). */
export type Feature =
  | 'relayerStatus'
  | 'relayerBalance'
  | 'transactionById'
  | 'transactionByNonce'
  | 'statusFilter'
  | 'cancel'
  | 'cancelPending'
  | 'pause'
  | 'policies'
  | 'readiness'
  | 'plugins'
  | 'networks'
  | 'signers'
  | 'notifications'
  | 'rpc'
  | 'metrics'
  | 'send';
