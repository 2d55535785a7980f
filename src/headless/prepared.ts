/** What an operation's subcommand prepares before the one send path (mutations.ts): the request, and how its usage is said. */
import type { ApiError, RelayerClient } from '../api/index.js';
import type { HeadlessOptions } from '../cli/grammar.js';
import { EXIT } from '../cli/exitCodes.js';
import type { BuiltRequest } from '../core/operations/types.js';
import { OPERATIONS, type OperationKind } from '../core/operations/registry.js';
import type { Streams } from './output.js';

export type Fail = (code: number, message: string, e?: ApiError) => number;

export interface Prepared {
  request: BuiltRequest;
  /** stdin was read for the body or params (the prompt then reads /dev/tty). */
  stdinUsed: boolean;
  /** Lines said before the review (e.g. the signing key's own warnings). */
  warnings?: string[];
  /** Prepared again from a fresh read, after the prompt's yes and before the send (a policy edit): sent only if it is the same request. */
  reread?: () => Promise<Prepared | { code: number; message: string }>;
}

/** An operation's usage line: its registry synopsis. */
export const usageOf = (kind: OperationKind) => `usage: relayer-tui ${OPERATIONS[kind].usage} (see --help)`;

export type Prepare = (client: RelayerClient, o: HeadlessOptions, args: string[], s: Streams, env: NodeJS.ProcessEnv) => Promise<Prepared | { code: number; message: string }>;
export const usage = (message: string) => ({ code: EXIT.usage, message });

