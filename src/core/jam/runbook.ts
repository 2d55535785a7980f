/**
 * The runbook for the jam no API call fixes: a gap at the chain's nonce (no transaction there, or a
 * final one) that v1.8's nonce-health job should have filled and has not (diagnose.ts `gapFill`:
 * `overdue`). Data: the operator's real options, each step with its command where one exists and
 * where v1.8.0 does what the step rests on; words.ts says them (`runbookStepWords`). Every option was
 * read in the server's source (OpenZeppelin/openzeppelin-relayer, tag v1.8.0); docs/jam-runbook.md
 * has the reasoning, step by step.
 *
 * - **restart**: at start each relayer's `check_health` runs `sync_nonce` (domain/relayer/evm/
 *   evm_relayer.rs:642-672, 645), which raises the counter to the chain's nonce and never lowers it
 *   (`sync_floor`, nonce.rs:81-100; the Lua max, repositories/transaction_counter/
 *   transaction_counter_redis.rs:241-259); no nonce-health job runs at start. What it forgets is in
 *   process: the job's scheduling debounce (transaction/evm/status.rs:159-168) and its lock
 *   (nonce.rs:50-58), so a stale transaction's next status check schedules the job again — it helps
 *   only if the job was lost. With in-memory storage (REPOSITORY_STORAGE_TYPE's default,
 *   config/server_config.rs:576-581; bootstrap/initialize_app_state.rs:49-58) the counter and every
 *   transaction are forgotten; RESET_STORAGE_ON_START=true drops them from Redis, every relayer's
 *   (bootstrap/config_processor.rs:745-757).
 * - **cancel what waits**: a pending one is canceled at once and never takes a nonce
 *   (transaction/evm/evm_transaction.rs:1252-1260); a signed or broadcast one becomes a NOOP at its own
 *   nonce and keeps its status until that is mined (evm_transaction.rs:1262-1283): above the gap, it
 *   waits too. Its re-broadcast stamps `sent_at` anew (evm_transaction.rs:1199), so its own wait
 *   before a status check looks for the gap starts again. It keeps their calls from running late; it
 *   fills nothing.
 * - **storage (Redis)**: the counter is `<REDIS_KEY_PREFIX>:transaction_counter:<relayer id>:<address>`
 *   (transaction_counter_redis.rs:18, 53-59; prefix `oz-relayer` unless REDIS_KEY_PREFIX,
 *   config/server_config.rs:452-454; the relayer's address as stored, domain/relayer/mod.rs:584-588,
 *   which is what GET /relayers/{id} answers, models/relayer/response.rs:225), holding the next nonce
 *   to give (`INCR` at prepare, transaction_counter_redis.rs:117-123; evm_transaction.rs:766-772). Set
 *   to the chain's nonce, the next transaction prepared takes the gap's nonce; set back to the counter
 *   it had, nothing above is given twice. Stop the senders first: while it is lowered, every
 *   transaction prepared takes a nonce from it, and one that a waiting transaction holds makes two
 *   signed for one nonce — one is mined, v1.8 marks the other failed ("consumed externally",
 *   status.rs:915-935). The set back is a compare-and-set, as v1.8's own rewind
 *   (transaction_counter_redis.rs:306-317): it applies only if exactly one nonce was taken.
 */
import type { Jam } from './diagnose.js';

export type RunbookOption = 'restart' | 'cancel' | 'storage';

export type RunbookStepKind = 'restart' | 'cancel_waiting' | 'stop_senders' | 'read_counter' | 'set_counter' | 'send_filler' | 'restore_counter';

export interface RunbookStep {
  kind: RunbookStepKind;
  option: RunbookOption;
  /** Whether its option clears the jam: no; only if the job was lost (a restart); yes (the storage steps, done in order). */
  clears: 'no' | 'if_the_job_was_lost' | 'yes';
  /** A command line for a shell; null where none exists (a deployment's restart, the operator's own senders). */
  command: string | null;
  /** Where v1.8.0 does what the step rests on (file:line under src/). */
  cites: readonly string[];
}

export interface Runbook {
  relayer_id: string;
  /** The gap's nonce (the chain's). */
  chain_nonce: number;
  /** The relayer's counter as read (its status's next nonce, or one above what its transactions hold). */
  counter: number;
  /** The counter's Redis key with v1.8's default prefix (a placeholder where the server's id or address is not safe in a shell). */
  counter_key: string;
  /** Where a value from the server could not go into a command as it is (it is a placeholder there). */
  placeholders: string[];
  steps: RunbookStep[];
}

/** The default key prefix (config/server_config.rs:452-454). */
export const REDIS_KEY_PREFIX = 'oz-relayer';

/** v1.8's ids: 1–36 of [A-Za-z0-9_-] (what a shell takes as one word unquoted, inside single quotes too). */
const SAFE_ID = /^[A-Za-z0-9_-]{1,36}$/;
const SAFE_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The runbook of an overdue gap (null: not a gap, or not overdue — the job may still come). Commands
 * carry the server's ids only where they are safe words for a shell (a hostile id becomes a
 * placeholder, said in `placeholders`); `prefix` is the command's start (words.ts commandPrefix).
 */
export function gapRunbook(relayer: { id: string; address?: unknown }, jam: Jam, prefix = 'relayer-tui'): Runbook | null {
  if (!jam.gap?.overdue) return null;
  const placeholders: string[] = [];
  const id = SAFE_ID.test(relayer.id) ? relayer.id : (placeholders.push('RELAYER: the relayer id as the server has it (not a plain word: not put in a command)'), 'RELAYER');
  const address = typeof relayer.address === 'string' && SAFE_ADDRESS.test(relayer.address) ? relayer.address : (placeholders.push("ADDRESS: the relayer's address as GET /relayers/{id} answers it (not one this client can put in a command)"), 'ADDRESS');
  const key = `${REDIS_KEY_PREFIX}:transaction_counter:${id}:${address}`;
  const n = jam.chain_nonce;
  const m = jam.relayer_nonce;
  const redis = `redis-cli -u "$REDIS_URL"`;
  const cas = `"if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2]) return 1 end return 0"`;
  const steps: RunbookStep[] = [
    {
      kind: 'restart',
      option: 'restart',
      clears: 'if_the_job_was_lost',
      command: null,
      cites: ['domain/relayer/evm/evm_relayer.rs:642-672', 'domain/relayer/evm/nonce.rs:81-100', 'repositories/transaction_counter/transaction_counter_redis.rs:241-259', 'domain/transaction/evm/status.rs:159-168', 'domain/relayer/evm/nonce.rs:50-58', 'config/server_config.rs:576-581', 'bootstrap/config_processor.rs:745-757'],
    },
    {
      kind: 'cancel_waiting',
      option: 'cancel',
      clears: 'no',
      command: `${prefix} cancel ${id} --all-pending`,
      cites: ['domain/transaction/evm/evm_transaction.rs:1252-1260', 'domain/transaction/evm/evm_transaction.rs:1262-1283', 'domain/transaction/evm/evm_transaction.rs:1199', 'domain/relayer/evm/evm_relayer.rs:417-431'],
    },
    { kind: 'stop_senders', option: 'storage', clears: 'yes', command: null, cites: ['domain/transaction/evm/evm_transaction.rs:766-772'] },
    { kind: 'read_counter', option: 'storage', clears: 'yes', command: `${redis} GET '${key}'`, cites: ['repositories/transaction_counter/transaction_counter_redis.rs:18', 'repositories/transaction_counter/transaction_counter_redis.rs:53-59', 'config/server_config.rs:452-454', 'config/server_config.rs:241-243'] },
    { kind: 'set_counter', option: 'storage', clears: 'yes', command: `${redis} SET '${key}' ${n}`, cites: ['repositories/transaction_counter/transaction_counter_redis.rs:117-123'] },
    { kind: 'send_filler', option: 'storage', clears: 'yes', command: `${prefix} send ${id} --to ${address} --value 0 --speed fast`, cites: ['domain/transaction/evm/evm_transaction.rs:766-772'] },
    { kind: 'restore_counter', option: 'storage', clears: 'yes', command: `${redis} EVAL ${cas} 1 '${key}' ${n + 1} ${m}`, cites: ['repositories/transaction_counter/transaction_counter_redis.rs:306-317', 'domain/transaction/evm/status.rs:915-935'] },
  ];
  return { relayer_id: relayer.id, chain_nonce: n, counter: m, counter_key: key, placeholders, steps };
}
