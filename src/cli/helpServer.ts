/** `--help` of the commands over the server's own records and settings: networks, notifications, signers, plugins, notify. */
import type { HeadlessCommand } from './commands.js';
import { COMMON, EXIT_CODES, MUTATION, OUTPUT, operationHead, operationsOf } from './helpParts.js';

export const SERVER_HELP: Pick<Record<HeadlessCommand, string>, 'networks' | 'notifications' | 'signers' | 'plugins' | 'notify'> = {
  networks: `relayer-tui networks: the server's networks (OpenZeppelin Relayer), their RPC URLs masked

Usage: relayer-tui networks [list | get ID] [--page N] [--per-page N] [--all] [--limit N]
                            [--json | --output table|json|ndjson] [--reveal-secrets]
${operationsOf('networks')}
  GET /networks (a page) or /networks/ID (ids like evm:sepolia, solana:devnet, stellar:testnet):
  each network's type, chain id, tags and RPC URLs. The OpenZeppelin Relayer v1.8 sends a network's
  rpc_urls unmasked, API keys in their paths, queries and user info: they are masked here as the
  server masks a relayer's custom_rpc_urls (scheme and host kept, the rest ***; user info too) — in
  the table, JSON and NDJSON alike. --reveal-secrets shows them whole; it is read from the command
  line only, never from a config file or the environment.
  update: PATCH /networks/ID with exactly {"rpc_urls": […]}, the list replaced whole: each
  --rpc-url typed whole (a masked one is refused: it is not a URL). The review, the dry run, the ledger and the answer show them masked; only
  the request carries them whole.
${MUTATION}
${OUTPUT}
${COMMON}

Examples:
  relayer-tui networks
  relayer-tui networks get evm:sepolia --json | jq '.rpc_urls'
  relayer-tui networks update evm:sepolia --rpc-url "https://eth-sepolia.g.alchemy.com/v2/$KEY 100" --dry-run
${EXIT_CODES}
`,
  notifications: `relayer-tui notifications: the server's webhook notifications; change or delete one
  (OpenZeppelin Relayer)

Usage: relayer-tui notifications [list | get ID] [--page N] [--per-page N] [--all] [--json | --output F]
${operationsOf('notifications')}
  list, get: each notification's url, type and whether a signing key is set (has_signing_key: the
  server never sends the key); the list also says which relayers use each (used_by: every relayer read).
  update ID: PATCH /notifications/ID with only what changes — the URL, a new write-only key (at
  least 32 characters: the OpenZeppelin Relayer refuses fewer), or none. The key is never echoed,
  never written to disk; the review shows its length.
  delete ID: DELETE /notifications/ID. The relayers that use it are read first and named in the
  review: the OpenZeppelin Relayer refuses the delete (400, its text naming them) until they use
  another (relayer-tui policies … or p in the TUI: notification_id).
${MUTATION}
${COMMON}

Examples:
  relayer-tui notifications
  relayer-tui notifications update ops-webhook --webhook-url https://hooks.example.com/new --dry-run
  RELAYER_WEBHOOK_KEY=… relayer-tui notifications update ops-webhook --signing-key-env RELAYER_WEBHOOK_KEY --yes
  relayer-tui notifications delete old-hook --yes
${EXIT_CODES}
`,
  signers: `relayer-tui signers: the server's signers (OpenZeppelin Relayer)

Usage: relayer-tui signers [list | get ID] [--page N] [--per-page N] [--all] [--limit N]
                           [--json | --output table|json|ndjson] [--reveal-secrets]

  GET /signers (a page) or /signers/ID: each signer's type (local, aws_kms, google_cloud_kms,
  vault, vault_transit, turnkey, cdp) and its non-secret config (v1.8 sends no key material). A
  field v1.8 does not name as non-secret, or one holding key material, is shown as *** in the
  table, JSON and NDJSON alike (a server that is not v1.8 may send a config whole);
  --reveal-secrets, on the command line only, shows them whole.
  Signers are configured in the server's own file: v1.8 refuses a PATCH of one (400).
${OUTPUT}
${COMMON}

Examples:
  relayer-tui signers
  relayer-tui signers --json | jq -r '.items[] | "\\(.id) \\(.type)"'
${EXIT_CODES}
`,
  plugins: `relayer-tui plugins: the plugins of the server (OpenZeppelin Relayer), and their settings

Usage: relayer-tui plugins [--page N] [--per-page N] [--all] [--limit N] [--json | --output F]
${operationsOf('plugins')}
  GET /plugins: each plugin's id, path, timeout, raw_response, allow_get_invocation, emit_logs,
  emit_traces, forward_logs and config (its own settings, shown as data). A server without the
  endpoint (the interface document) says so and exits 2: call a plugin by id (relayer-tui plugin ID).
  update: PATCH /plugins/ID with only what is given, reviewed before → after; what comes back is
  checked against it. The server's docs say a null config clears it, but v1.8 reads null there as "not given"
  and keeps the config: the review warns, the answer is checked; --plugin-config '{}' empties it.
${OUTPUT}
${COMMON}

Examples:
  relayer-tui plugins
  relayer-tui plugins --json | jq -r '.items[] | select(.raw_response) | .id'
  relayer-tui plugins update ops --plugin-timeout 60 --allow-get on --plugin-config '{"limit": 5}' --dry-run
${EXIT_CODES}
`,
  notify: `${operationHead('notify')}
  The TUI's :notify. --url is the webhook's URL (absolute http(s)); the relayer server is --server
  here. The key is never accepted on the command line (ps shows argv to every user), never printed
  (a dry run masks it) and never written to the audit ledger. The OpenZeppelin Relayer needs >= 32
  characters.
${MUTATION}
${COMMON.replace('--url URL (notify: --server URL)', '--server URL')}

Examples:
  relayer-tui notify --url https://ops.example.com/hook --id ci-hook --signing-key-env HOOK_KEY --yes
  relayer-tui notify --url https://ops.example.com/hook --dry-run
${EXIT_CODES}
`,
};
