/** What a form is made of: field specs and a builder that turns the values into one request. */
import type { CallOptions, PreparedRequest, RelayerClient } from '../../api/index.js';
import type { OperationKind, OperationTarget } from './registry.js';

export type FieldKind = 'text' | 'secret' | 'choice' | 'json';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  /** The constraint, always shown beside the field (e.g. "u128, wei"). */
  hint: string;
  /** For `choice`: the values to cycle through with ←/→ or space. */
  options?: readonly string[];
  /** For `choice`: a flag may name a value not among the options (its spec reads it: a notification by its id). */
  takesAny?: boolean;
  /** Inline check while typing: a message, or null when the value is acceptable. */
  validate?: (value: string, all: Readonly<Record<string, string>>) => string | null;
  /** Live note under the value (e.g. the wei amount in ETH). */
  note?: (value: string, all: Readonly<Record<string, string>>) => string | null;
  /** Hidden fields are neither shown nor sent (e.g. operations when transaction_xdr is chosen). */
  hidden?: (all: Readonly<Record<string, string>>) => boolean;
  /** The initial value is a placeholder: the first text typed replaces it (instead of being inserted). */
  placeholder?: boolean;
  /** Lines the editor shows for `json` fields. */
  rows?: number;
  /** A `json` field that takes the rows the screen has left (`rows` at most): the form's one big field. */
  fill?: boolean;
  /** What is typed may hold a secret (an RPC URL's API key): never kept in a draft on disk. */
  secret?: boolean;
}

/** A field whose value is never written to disk (a draft leaves it out): a secret one, or one that may hold a secret. */
export const holdsSecret = (f: FieldSpec): boolean => f.kind === 'secret' || f.secret === true;

export type Values = Record<string, string>;

/** The request an action would send, ready for review: what the one pipeline (pipeline.ts) sends and checks. */
/** What a request's body may carry that is never written, printed or copied whole: set by the operation that builds it, never guessed from a path. */
export type RequestSecret = 'signing-key' | 'rpc-urls';

/** A secret's words: `the signing key is masked: put it back`. */
export const SECRET_WORDS: Record<RequestSecret, { what: string; is: string; it: string; whole: string }> = {
  'signing-key': { what: 'the signing key', is: 'is', it: 'it', whole: 'it' },
  'rpc-urls': { what: 'the RPC URLs', is: 'are', it: 'them', whole: 'them whole' },
};

export interface BuiltRequest {
  /** Which operation this is (registry.ts: its read-only class, its ledger words, its read-back). */
  op: OperationKind;
  /** What it acts on, as the operator navigated to it (the ledger records it). */
  target: OperationTarget;
  /** The review's first line: what this does, in words ("Cancel transaction … of relayer …"). */
  what: string;
  prepared: PreparedRequest;
  /** Sends exactly the reviewed request (options: its abort signal, and where the answer's HTTP status goes). */
  send: (client: RelayerClient, options: CallOptions) => Promise<unknown>;
  /** Extra review lines (before → after, warnings). */
  review?: { label: string; value: string; tone?: 'warn' | 'bad' }[];
  /** After a 2xx: did what came back change as asked? (none: not checked) */
  effect?: (answer: unknown) => Effect;
  /** The secret the body carries (a signing key, RPC URLs with their API keys): shown, printed and copied masked; said by name (SECRET_WORDS). */
  secret?: RequestSecret;
  /** What must be typed on the review before it is sent (cancelling every pending one: the relayer's id). */
  confirm?: string;
  /**
   * The target is already as asked (a pause of a paused relayer, a policy set to what it is): in
   * words. A subcommand then sends nothing and exits 0 (as `kubectl apply` says "unchanged"); the
   * TUI's review says it.
   */
  already?: string;
  /**
   * What the review listed from a read, beyond the body (cancelling every pending one: the ids it
   * names): a review read again before it is sent is the same only if this is too.
   */
  basis?: string;
}

export interface FormDefinition {
  fields: readonly FieldSpec[];
  /** The first focused field. */
  focus?: string;
  /** Builds the request, or returns field errors (field name → message; `_form` for the whole). */
  build: (values: Values) => { request: BuiltRequest } | { errors: Record<string, string> };
}

/**
 * What came back, compared with what was asked:
 * - `as asked`: the answer shows the change;
 * - `in flight`: accepted, finishing on the chain (a cancel's NOOP, cancellations queued);
 * - `no effect`: a success whose answer shows nothing changed (a Stellar replace or cancel on v1.8);
 * - `not as asked`: changed, but not to what was asked;
 * - `unchecked`: nothing to compare with (words say why);
 * - `answered with a failure`: the plugin ran and said no.
 */
export type EffectKind = 'as asked' | 'in flight' | 'no effect' | 'not as asked' | 'unchecked' | 'answered with a failure';
export interface Effect {
  kind: EffectKind;
  /** In words, raw server text possibly inside: sanitize to draw. */
  words: string;
}

/** What the operator cannot do here: refused before anything is sent, in words (a spec's is typed: spec.ts Refusal). */
export interface Refusal {
  refuse: string;
}

