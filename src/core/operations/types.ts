/** What a form is made of: field specs and a builder that turns the values into one request. */
import type { CallOptions, PreparedRequest, RelayerClient } from '../../api/index.js';

export type FieldKind = 'text' | 'secret' | 'choice' | 'json';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  /** The constraint, always shown beside the field (e.g. "u128, wei"). */
  hint: string;
  /** For `choice`: the values to cycle through with ←/→ or space. */
  options?: readonly string[];
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
}

export type Values = Record<string, string>;

/** The request a form would send, ready for review. */
export interface BuiltRequest {
  prepared: PreparedRequest;
  /** Sends exactly the reviewed request (options: its abort signal, and where the answer's HTTP status goes). */
  send: (client: RelayerClient, options: CallOptions) => Promise<unknown>;
  /** Extra review lines (before → after, warnings). */
  review?: { label: string; value: string; tone?: 'warn' | 'bad' }[];
}

export interface FormDefinition {
  fields: readonly FieldSpec[];
  /** The first focused field. */
  focus?: string;
  /** Builds the request, or returns field errors (field name → message; `_form` for the whole). */
  build: (values: Values) => { request: BuiltRequest } | { errors: Record<string, string> };
}
