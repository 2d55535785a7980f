/** `relayer-tui <subcommand> --help`: each headless subcommand's options, with examples. */
import type { HeadlessCommand } from './commands.js';
import { V18_REPLACEMENT_PRICING } from '../core/operations/review.js';
import { TRANSACTION_STATUSES } from '../api/requests.js';
import { SERVER_HELP } from './helpServer.js';
import { wrap } from './usage.js';
import { CHECK_OUTPUT, COMMON, EXIT_CODES, MUTATION, OUTPUT, operationHead, operationsOf } from './helpParts.js';

export const HELP: Record<HeadlessCommand, string> = {
  ...SERVER_HELP,
  audit: `relayer-tui audit: the sends in the audit ledger for the server, and any whose outcome is unknown

Usage: relayer-tui audit [--unknown] [--settle] [--limit N] [--json | --output table|json|ndjson]

  Every replacement, cancel, pause/resume, plugin call and notification is written to the ledger
  ($XDG_STATE_HOME/relayer-tui/audit.jsonl, mode 600) before it leaves and again with its outcome.
  Listed here newest first, the server's own only (the server of --url, RELAYER_URL or the context).
  An outcome is unknown when the request left and no answer told what came of it: a timeout, a reset,
  a crash, a line that dropped before the answer was written.
  --unknown   only the sends whose outcome is still unknown
  --settle    read each of them back from the server (the transaction replaced or cancelled, the relayer
              paused or resumed: did it take effect?) and write what the read shows as a new ledger
              line (phase "settled"; the old lines are never rewritten); a plugin call or a
              notification cannot be read back and stays unknown
  --limit N   at most N records
  Exit 8 while any send to this server is left with an unknown outcome (a script can refuse to go
  on), else 0. The TUI says the same once on start (:audit, then s reads one back).
${OUTPUT}
  JSON: { server, ledger, unknown, items: [...] }, each item the ledger's lines joined (sent, done,
  settled) with its outcome in words and outcome_unknown; ndjson: one item a line.
${COMMON}

Examples:
  relayer-tui audit --unknown
  relayer-tui audit --settle || { echo "a send's outcome is still unknown: look before going on"; exit 1; }
  relayer-tui audit --json | jq -r '.items[] | select(.outcome_unknown) | "\\(.time) \\(.method) \\(.path)"'
${EXIT_CODES}
`,
  fleet: `relayer-tui fleet: every relayer of several contexts, what needs attention first

Usage: relayer-tui fleet [NAME…] [--check] [--forecast on|off] [--json | --output table|json|ndjson]

  NAME        a fleet of the config file (fleets: prod: [prod-eu, prod-us]) or a context; none:
              every context of the file. Each context is read with its own URL, key and timeout
              (token_command runs once per context, without a terminal); at most 2 requests in
              flight to one server, 16 in all; a context that does not answer within its timeout
              (default 15 s) is one row saying so.
  --check     for cron and monitoring: one line per problem on stdout (context/relayer: problem),
              the summary on stderr; exit 0 when nothing needs attention, 12 when a relayer does
              (disabled, stuck, a nonce gap, a balance under its minimum), 13 when a context or
              relayer could not be read (unreachable, timed out, 401, 429), whatever else; 17
              when nothing needs attention now but a relayer is heading for trouble (its
              forecasts, a line each after the problems: the rules of check, see relayer-tui
              help check; each active EVM relayer costs a request more, eth_gasPrice, and one
              more where its balance is over its minimum).
  --forecast  on (default) or off: off reads no forecasts (today's codes for scripts).
  Needs attention, worst first: unreachable, not ready (/ready answered 503), not checked,
  disabled, stuck (the :stuck rules: never broadcast, not mined after broadcast, not signed,
  unknown status, old, nonce gap; and the transaction the chain waits on), low balance (below the
  higher of the relayer's policies.min_balance — where it is above v1.8's EVM default of 1 wei — and
  the context's min_balance: for its network), degraded
  (/ready), then paused and ok (which do not).
  Balance and last confirmed come from the real server's GET /relayers/{id}/status (a server of
  the interface document offers neither: shown as —).
${OUTPUT}
  JSON: { summary, contexts: [...], relayers: [...] } with each relayer's context and its
  "forecasts" (as check --json has them); with --check, "problems" and "forecasts" (the lines);
  ndjson: one relayer (or unreadable context) a line.

Examples:
  relayer-tui fleet
  relayer-tui fleet prod --check || echo "look at the fleet"
  relayer-tui fleet --output ndjson | jq -r 'select(.needs_attention) | "\\(.context) \\(.relayer) \\(.problems)"'
  relayer-tui sandbox --fleet 5 > fleet.yaml   # a fleet to try it on (see relayer-tui sandbox --help)
${EXIT_CODES}
`,
  relayers: `relayer-tui relayers: the relayers of the server

Usage: relayer-tui relayers [--page N] [--per-page N] [--all] [--limit N] [--json | --output F]
${operationsOf('relayers')}
  --page N       the page (default 1); --per-page N its size (default 50; 100 with --all)
  --all          every page, streamed as NDJSON (one relayer a line; a table with --output table)
  --limit N      at most N relayers
${OUTPUT}
${COMMON}

Examples:
  relayer-tui relayers
  relayer-tui relayers --json | jq -r '.items[] | select(.paused) | .id'
  relayer-tui relayers --all | jq -r 'select(.system_disabled) | "\\(.id) \\(.name)"'
${EXIT_CODES}
`,
  txs: `relayer-tui txs: a relayer's transactions, newest first

Usage: relayer-tui txs <relayer-id> [--status S] [--page N] [--per-page N] [--all] [--limit N]
                        [--json | --output F]

  --status S     only transactions in status S (${TRANSACTION_STATUSES.slice(0, 6).join(', ')},
                 ${TRANSACTION_STATUSES.slice(6).join(', ')}) — filtered by the server (OpenZeppelin Relayer)
  --page N       the page (default 1); --per-page N its size (default 50; 100 with --all)
  --all          every page, streamed as NDJSON (one transaction a line), two requests in flight,
                 memory independent of the total; a progress line on stderr when it is a terminal
  --limit N      at most N transactions
${OUTPUT}
${COMMON}

Examples:
  relayer-tui txs sepolia-main --limit 20
  relayer-tui txs sepolia-main --all --status pending | jq -c '{id, nonce, created_at}'
  relayer-tui txs bulk-1m --all > all.ndjson          # the progress line shows on the terminal
${EXIT_CODES}
`,
  replace: `${operationHead('replace')}
  The TUI's e. Bodies: --body (any network), --value and the EVM fields (the form's; the others
  start from the transaction's current values, as in the TUI), --transaction (Solana).
${wrap(`  Prices on the OpenZeppelin Relayer: refused before sending (exit 2) — ${V18_REPLACEMENT_PRICING}.`, 2)}
  Its outcome says the price the server set, before -> after in gwei. A server that is not the
  OpenZeppelin Relayer is sent the prices asked. So is --valid-until: v1.8 keeps the transaction's
  own in a replacement (it takes to, value, data, gas_limit and speed).
The transaction is read first (by id where the server can, else among the newest 1,000) for the
before -> after review; a body built from fields needs it, --body does not.
${MUTATION}
${COMMON}

Examples:
  relayer-tui replace sepolia-main 7f3c… --speed fastest --dry-run
  relayer-tui replace sepolia-main 7f3c… --value 0 --speed fast     # asks on the terminal
  relayer-tui --dialect contract replace r1 7f3c… --max-fee-per-gas 60000000000 \\
      --max-priority-fee-per-gas 2000000000   # prices asked: a server that is not v1.8 only
  echo '{"value": 340282366920938463463374607431768211455, "speed": "fast"}' \\
      | relayer-tui replace sepolia-main 7f3c… --body - --yes --json   # (jq would round the u128)
${EXIT_CODES}
`,
  plugin: `${operationHead('plugin')}
  The TUI's :plugin. --get only where the plugin allows it (allow_get_invocation): refused here
  first, else the server answers 405. Invalid JSON is refused before anything is sent, with its line
  and column.
${MUTATION}
  A plugin that ran and answered with a failure exits 11 (its answer still printed). A
  raw_response plugin answers with its result bare (no envelope): that is its result; a bare
  {code, details} with an error status is its failure (11).
${COMMON}

Examples:
  relayer-tui plugin echo --params '{"amount": 12345678901234567890}' --yes
  jq -n --arg r "$RELAYER" '{relayer: $r, action: "drain"}' | relayer-tui plugin ops - --yes --json
${EXIT_CODES}
`,
  cancel: `${operationHead('cancel')}
  The TUI's X. DELETE /relayers/{id}/transactions/{tx-id} (OpenZeppelin Relayer). The transaction
  is read first and the review says what will happen for its network and status:
    EVM pending            canceled at once (exit 0)
    EVM sent or submitted  a NOOP (0 value to itself, the same nonce) replaces it; the transaction keeps
                           its status, marked canceling (is_canceled), until the NOOP is mined:
                           "accepted, in flight" (exit 0)
    EVM, any other status  refused before sending (the server answers 400)
    Solana                 refused before sending (the server does not support it)
    Stellar                sent, warned: v1.8 answers 200 and does nothing (exit 14)
    an unknown network     refused before sending: nothing is guessed (exit 2)
  With --all-pending the review lists what is pending now; the answer's queued and failed ids are
  printed. On v1.8 its queue re-sends rather than cancels (said in the review): cancel each one for
  certain.
${MUTATION}
${COMMON}

Examples:
  relayer-tui cancel sepolia-main 7f3c… --dry-run
  relayer-tui cancel sepolia-main 7f3c…                 # asks on the terminal
  relayer-tui cancel sepolia-main --all-pending --yes --json
${EXIT_CODES}
`,
  pause: `${operationHead('pause')}
  The TUI's P. PATCH /relayers/{id} with exactly {"paused": true} and nothing else. A paused relayer
  refuses new transactions, replacements, cancels and signing (403) until it is resumed;
  transactions already queued go on. A relayer disabled by the system is refused before sending
  (the server refuses any change to it). The relayer as answered is checked: not paused exits 14.
  A relayer already paused: nothing is sent ("already paused: nothing sent"), exit 0.
${MUTATION}
${COMMON}

Examples:
  relayer-tui pause sepolia-main --dry-run
  relayer-tui pause sepolia-main --yes && relayer-tui relayers --json | jq '.items[] | {id, paused}'
${EXIT_CODES}
`,
  resume: `${operationHead('resume')}
  The TUI's P. PATCH /relayers/{id} with exactly {"paused": false} and nothing else. It does not
  re-enable a relayer disabled by the system (refused before sending). The relayer as
  answered is checked: still paused exits 14. A relayer already active: nothing is sent, exit 0;
  --wait S still follows its jam, if it has one.
${MUTATION}
${COMMON}

Examples:
  relayer-tui resume sepolia-main --yes
${EXIT_CODES}
`,
  send: `${operationHead('send')}
  The TUI's n. POST /relayers/{id}/transactions (OpenZeppelin Relayer; a server that is not it has
  no such endpoint: said, exit 2). The body is read by the relayer's network type.
  EVM: one way of pricing (--speed, or --gas-price, or --max-fee-per-gas with
  --max-priority-fee-per-gas). u128 values go out exactly as written.
  Refused before sending (exit 2), where v1.8 would refuse it (models/transaction/request/evm.rs),
  each on its flag: a paused or disabled relayer; --to outside the relayer's whitelist_receivers
  (the zero address and its own always go through); neither --to nor --data; no --gas-limit while
  gas_limit_estimation is false, or one under the intrinsic gas (21,000 + the data's); a past
  --valid-until; not exactly one way of pricing; a --gas-price above gas_price_cap — and where v1.8
  would take it only to fail it: a value (+ gas × an explicit price) above the balance less
  min_balance (the balance from the relayer's status).
  Solana: --transaction (its fee payer must be the relayer) or --instructions (keys base58, data
  base64, only the relayer a signer, at most 64 instructions and 64 accounts, data ≤ 1,232 bytes),
  --valid-until.
  Stellar: --body FILE|- ({network, operations | transaction_xdr, source_account, memo, max_fee,
  valid_until, fee_bump}); at most 100 operations, a Soroban one alone and without a memo.
  --body FILE|- gives any network type's body whole, checked by the same rules.
  The outcome names the new transaction.
${MUTATION}
${COMMON}

Examples:
  relayer-tui send sepolia-main --to 0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7 --value 0.001eth --speed fast --dry-run
  relayer-tui send stellar-testnet --body payment.json --dry-run
${EXIT_CODES}
`,
  withdraw: `${operationHead('withdraw')}
${wrap(`  The TUI's W. A send (relayer-tui send: every check of it holds) whose body fixes its price and gas: a plain transfer of 21,000 gas at the network's price read now (eth_gasPrice through the server's JSON-RPC passthrough), legacy, so what it costs is known before it leaves. --all takes everything over the relayer's min_balance and the fee of one re-price (v1.8 checks the balance again when it re-prices one not mined): balance − min_balance − 21,000 × price × 1.1. Refused (exit 2) when nothing is above it, when the network asks more than the relayer's gas_price_cap, and when the balance (its status) or the price could not be read.`, 2)}
${MUTATION}
${COMMON}

Examples:
  relayer-tui withdraw sepolia-main --to 0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7 --all --dry-run
${EXIT_CODES}
`,
  policies: `${operationHead('policies', "a relayer's policies, name, notification and RPC URLs")}
  The TUI's p. Without a change: the relayer's policies in units (gwei for gas_price_cap, the
  chain's coin for min_balance), its name, notification and RPC URLs (masked; JSON: as the server
  sent them). With one: one JSON merge patch of exactly what changed —
  {"policies":{"gas_price_cap":…}} for one key, nothing else (RFC 7396: --unset sends null, which removes it; whitelist_receivers is replaced whole:
  --set whitelist_receivers=0xA…,0xB…, each address checked, EIP-55 where mixed case;
  --set whitelist_receivers= removes it (any receiver), as the editor's emptied field does;
  --set whitelist_receivers=[] is an empty list, which v1.8 reads as only the zero address and the
  relayer's own: its review says so and asks).
  Keys (EVM): gas_price_cap, min_balance (100gwei, 0.1eth, or wei; above u64 sent as a string, as
  v1.8 reads it), eip1559_pricing, private_transactions, gas_limit_estimation, include_revert_data
  (true|false), whitelist_receivers. Solana and Stellar: their own keys, each value JSON
  (--set max_fee=250, --set allowed_programs='["1111…"]'), checked by v1.8's types; a Stellar relayer
  keeps fee_payment_strategy (the server refuses policies without it).
  RPC URLs: the server answers them masked (scheme://host/***): a masked URL is refused here, since
  sent back it would replace the real one; the review, the dry run and the ledger show them masked,
  only the request carries them whole.
  Reviewed as before → after; what comes back is checked against it, numbers exactly. A relayer
  disabled by the system is refused before sending (the server answers 400 "Relayer is disabled").
  Policies already as asked: nothing is sent ("already as asked: nothing sent"), exit 0.
  The review weighs the change: a cap under the network's price now (eth_gasPrice) will jam the
  relayer, a min_balance above its balance makes every send fail; each said with its figures (or
  that it could not be weighed). After the prompt's yes the relayer is read again: a field changed
  on the server since is said and the review asked again; nothing else than the flags' fields is sent.
  With --wait: raising a cap clears a jam at the blocker's next re-price (its speed's time, doubled
  per earlier hash).
${MUTATION}
${COMMON}

Examples:
  relayer-tui policies avalanche-bridge
  relayer-tui policies avalanche-bridge --set gas_price_cap=72gwei --yes --wait 900
  relayer-tui policies sepolia-main --notification none --rpc-url "https://eth-sepolia.g.alchemy.com/v2/$KEY" --dry-run
${EXIT_CODES}
`,
  check: `relayer-tui check: is anything jammed on this server, and why?

Usage: relayer-tui check [relayer-id…] [--forecast on|off] [--json | --output json]

  The server of the current context (or RELAYER_URL and RELAYER_API_KEY, no config file needed):
  its readiness first (GET /api/v1/ready: a server not ready moves nothing), then every relayer. An
  EVM relayer of the OpenZeppelin Relayer is diagnosed from the chain: the chain's nonce
  (eth_getTransactionCount through the server's JSON-RPC passthrough), the relayer's counter (its
  status), the transaction at the chain's nonce (the blocker) and what waits behind it. A counter that
  is no evidence — "0" (v1.8's answer when its counter read fails), missing, behind the chain, or at
  it while the status counts pending transactions — is not trusted: the blocker and the pending, sent
  and submitted lists are read anyway, and the line says so. Relayers are diagnosed side by side, at
  most 24 requests in flight to the server. The cause is
  the real server's: never broadcast (every re-send refused), at its gas_price_cap (re-pricing stops
  there), underpriced (re-priced at its speed's time), dropped (unknown to the node), not mined (why
  not known), no transaction at its nonce (its counter ran ahead: v1.8's nonce-health job fills it),
  its blocker final. A gap (the last two) past the window in which the job should have filled it is
  overdue: its evidence and a runbook follow its line (a restart, a cancel, the counter set by hand in
  Redis: each step with its command; docs/jam-runbook.md cites v1.8 for each). A relayer that cannot be diagnosed (not EVM, a server that is not the
  OpenZeppelin Relayer, /rpc refused while paused or disabled, a read that failed) says why, and is
  counted apart ("N not diagnosed"), never among the clear. A relayer's states are fleet's: disabled,
  jammed, paused, low (under its minimum balance) and soon (a forecast below stands), every one that
  holds, worst first (the TUI's STATE is the first).
  Relayer ids named: those only (one not found: exit 5). Forecasts (--forecast off leaves them out):
  an EVM relayer whose network asks 80 % of its gas_price_cap or more (eth_gasPrice read beside the
  diagnosis), or whose price's trend reaches the cap within 30 minutes (eth_feeHistory over the last
  150 blocks and their times, a straight line from the price read now), is heading for a jam at its
  cap (v1.8 prices no higher), said with both figures, the trend (or why there is none: the one
  reading alone) and the policies command that raises it. The same read (made for every active EVM
  relayer) answered with the node's failure (the server answered: {code, message, description}) is a
  relayer whose RPC is failing (rpc_failing): said with the error's text and that v1.8 disables a
  relayer whose health check fails at its next start (evm_relayer.rs:642-705), and the fix (its RPC
  URLs); what could not be read because of it is said as not diagnosed, not counted as exit 13. An
  active EVM relayer at or over its minimum (policies.min_balance, or the context's min_balance where
  higher) whose confirmed and mined transactions of the last hour (one page, at least 5 of them) spend
  it to that minimum within 6 h is heading for its minimum (balance_runway): the runway at that spend
  (value + gas_limit × the price offered, an upper bound: at that spend the runway is at least this,
  sooner if the spend rises), then v1.8 fails its sends; the fix is to fund its address. A jam
  forming (jam_forming, from the diagnosis's own reads and the price above; never where a jam
  stands or nothing waits): the transaction at the chain's nonce, before the jam rules call it a
  jam, offers less than the network asks (underpriced: not mined before v1.8 re-prices it, its
  speed's time after its last broadcast at the earliest — how often it was re-priced is not
  served), or is broadcast and not mined 45 s after its creation (not_mined_yet; the rules say a
  jam at 90 s), or signed and not broadcast past v1.8's 25 s re-send (refused; a jam at 37 s);
  said with when the rules apply and the fix: bump it (replace … --speed fastest) or cancel it.
  One line per problem on stdout (a paused relayer a line too, with the command that resumes it: not
  counted as needing attention; then the forecasts), the summary on stderr. Exit 0: nothing needs
  attention; 17: nothing needs attention now, but a relayer is heading for trouble; 12: a
  relayer jammed, disabled or low, or the server not ready (said first; what could not be read under
  it is said after, and the exit stays 12); 13: something could not be read.
${CHECK_OUTPUT}
  JSON: {"summary", "ready", "relayers_not_read", "relayers": [{"relayer", "state", "states",
  "needs_attention", "diagnosed", "not_diagnosed_because", "jam": null | {cause, blocker_id,
  blocker_nonce, blocker_status, blocker_price_wei, chain_nonce, relayer_nonce, waiting,
  network_price_wei, cap_wei, since, distrusted, gap: null | {due_at, fill_by, overdue, stale, above},
  …}, "distrusted": null | {kind, …, words}, "problems": [...], "runbook": null | {why, evidence,
  counter_key, placeholders, steps: [{kind, option, clears, words, command, cites}]}, "forecasts":
  [{kind: "cap_headroom", network_price_wei, cap_wei, percent, threshold_percent, said_for,
  trend_from_wei, trend_to_wei, trend_change_percent, trend_wei_per_minute, trend_window_seconds,
  trend_blocks, trend_oldest_block, trend_newest_block, no_trend_because, reaches_cap_seconds,
  horizon_seconds, proposed_cap_gwei, read_at, method} |
  {kind: "rpc_failing", source, error: {code, message, description}, failures, window_seconds, read_at,
  method, disables} | {kind: "balance_runway", balance_wei, min_balance_wei, spend_wei,
  spend_is_upper_bound, address, window_seconds, window (hour|covered|recent), samples, runway_seconds, read_at, method} |
  {kind: "jam_forming", signal, chain_nonce, tx_id, tx_status, speed, created_at, sent_at,
  age_seconds, rebroadcast, offered_wei, network_price_wei, next_reprice_at,
  next_reprice_is_earliest, jam_at, not_final, chain_stood_since, not_final_then, read_at,
  method}],
  "cap_trend_not_known": null | why, "forecasts_not_known": [{kind, reason, why | samples, needed,
  read_at}]}]}
  — u128 values as decimal strings.
${COMMON}

Examples:
  relayer-tui check || mail -s "relayers need attention" oncall
  relayer-tui check --json | jq '.relayers[] | select(.jam) | {relayer, cause: .jam.cause, waiting: .jam.waiting}'
${EXIT_CODES}
`,
  metrics: `relayer-tui metrics: the server's own figures, per relayer and for the server

Usage: relayer-tui metrics [--over <seconds>] [--json | --output table|json]

  GET /api/v1/debug/metrics/scrape (OpenZeppelin Relayer v1.8, behind the API key): its Prometheus
  text, read by a parser with caps (4 MiB, 50 000 samples; a line not of the format is skipped and
  counted). Per relayer: transactions created, submitted, confirmed, failed by failure_reason (and the
  status before), api_rpc_failures_total, the transaction_processing_seconds stages
  (p50, p95), transactions_by_status; for the server: rpc_call_latency_seconds (v1.8 labels it
  relayer_id "unknown" and observes successes only), queue_pickup_latency_seconds (v1.8.0: the Pub/Sub
  worker only), file descriptors and memory. One read: totals since the server's process started,
  said as such (a rate needs two reads); --over S (1-600): two reads S seconds apart, and what changed
  between them per minute, with the percentiles of what was observed in between (a counter that went
  down says the server restarted). Limits, said with every read: per process, reset on restart;
  transactions_by_status and the creation/submission/confirmation stages only with the Redis
  repository; api_rpc_failures_total counts only Stellar relayers' balance and status reads in v1.8.
  A server without metrics (the interface document's, or metrics disabled: 404) is said on stdout,
  exit 0: it answered, it has none.
${OUTPUT}
  JSON: {"metrics": null, "why"} or {"metrics": {"read_at", "since", "window", "reset", "relayers":
  [{"relayer_id", "network_type", "rpc_failures": [{labels, total, delta, per_minute}],
  "rpc_failures_total", "rpc_failures_delta", "created", "submitted", "success", "failed", "by_status",
  "stages": [{stage, count, mean, p50, p95}]}], "server": {"queue_pickup", "rpc_latency",
  "file_descriptors", "memory_bytes"}, "families", "skipped_lines", "truncated", "limits"}}.
${COMMON}

Examples:
  relayer-tui metrics
  relayer-tui metrics --over 60 --json | jq '.metrics.relayers[] | {relayer_id, rpc_failures_delta}'
${EXIT_CODES}
`,
  ready: `relayer-tui ready: is the server ready to do work?

Usage: relayer-tui ready [--json | --output table|json]

  GET /api/v1/ready (OpenZeppelin Relayer; public, no key sent). Exit 0 when ready — "healthy", or
  "degraded" (said as such, with the components not healthy) — and 15 when it is not (HTTP 503:
  unhealthy), with the server's reason and every component not healthy in words. A server without
  the endpoint (the interface document) says "no readiness endpoint" and exits 0 (it answered; it
  cannot say more). /api/v1/health
  only says that the process answers; /ready says whether it can work (Redis, queues, plugins).
${OUTPUT}
  JSON: the server's body as sent, exact.
${COMMON}

Examples:
  relayer-tui ready || page-oncall "relayer not ready"
  relayer-tui ready --json | jq .components.redis
${EXIT_CODES}
`,
};
