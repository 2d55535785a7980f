/**
 * Shell completion, as gh and kubectl do it: `relayer-tui completion bash|zsh|fish` prints a small
 * script that asks `relayer-tui __complete WORD…` for the candidates of the last word. The answers
 * come from the command grammar (subcommands, flags, the values of flags with a closed set), the
 * config file (context names) and, for a relayer id, the current context's server — asked with a
 * short timeout: when it is slow, down or refuses, nothing is printed and the exit is 0.
 */
import { parseCli } from '../cli/index.js';
import { SANDBOX_OPTIONS } from '../sandbox/options.js';
import { LOOKUP_PAGE_SIZE } from '../core/lookup.js';
import { OPERATION_KINDS, OPERATIONS, operationVerbs } from '../core/operations/registry.js';
import { COMMAND_OPTIONS, COMMANDS, FLEET_INAPPLICABLE, GLOBAL_OPTIONS, OUTPUT_FORMATS } from '../cli/grammar.js';
import { TRANSACTION_STATUSES } from '../api/requests.js';
import { SPEEDS } from '../api/replacementBody.js';
import { DIALECT_SETTINGS } from '../api/dialect.js';
import { FLAVORS } from '../sandbox/flavor.js';
import { READY_STATES } from '../sandbox/ready.js';

const SUBCOMMANDS = COMMANDS;
/** How long a relayer id completion may wait for the server, all of it. */
export const COMPLETION_TIMEOUT_MS = 1_500;

/** Flags whose values are a closed set: each list from where the value is read (the statuses the server has, a speed's, the sandbox's flavours…). */
export const VALUES: Record<string, readonly string[]> = {
  dialect: DIALECT_SETTINGS,
  output: OUTPUT_FORMATS,
  status: TRANSACTION_STATUSES,
  speed: SPEEDS,
  clipboard: ['osc52', 'off'],
  'sandbox-flavor': FLAVORS,
  flavor: FLAVORS,
  ready: READY_STATES,
  'gap-filler': ['on', 'off'],
  forecast: ['on', 'off'],
  // The sandbox's faults: Redis down for good, or for a window of seconds after the start (any A-B is taken).
  'redis-down': ['on', 'off', '10-70'],
  'rate-limit': ['first', '25%', '100'],
  // The failing RPC: a relayer and the minutes after the start (any <id>@<minutes> is taken), or off.
  'rpc-failing': ['linea-idle@20', 'off'],
  // The draining relayer: a relayer and the minutes after the start when it reaches its minimum, or off.
  draining: ['sepolia-main@40', 'off'],
  // The price climb: a relayer and the minutes after the start when its network's price starts to climb to its cap, or off.
  'price-climb': ['arbitrum-payouts@15', 'off'],
  // Examples a network of the seeds can be held at (any <network>:<gwei> is taken).
  'gas-spike': ['avalanche:55', 'holesky:2', 'mainnet:100', 'sepolia:80'],
};

function optionsOf(sub: string | undefined): Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> {
  const own = sub && sub in COMMAND_OPTIONS ? (COMMAND_OPTIONS as Record<string, Record<string, { type: 'string' | 'boolean' }>>)[sub]! : {};
  if (sub === 'sandbox') return SANDBOX_OPTIONS;
  if (sub === 'completion') return { help: { type: 'boolean' } };
  const all: Record<string, { type: 'string' | 'boolean' }> = { ...GLOBAL_OPTIONS, ...own, help: { type: 'boolean' } };
  // What the parser refuses is never offered.
  if (sub === 'fleet') for (const k of FLEET_INAPPLICABLE) delete all[k];
  return all;
}

/** The candidates for the last of `words` (the words after `relayer-tui`; the last may be empty). */
export async function complete(words: readonly string[], env: NodeJS.ProcessEnv): Promise<string[]> {
  const cur = words[words.length - 1] ?? '';
  const before = words.slice(0, -1);
  const sub = before.find((w) => (SUBCOMMANDS as readonly string[]).includes(w));
  const options = optionsOf(sub);
  const prev = before[before.length - 1];
  const starts = (xs: readonly string[]) => xs.filter((x) => x.startsWith(cur));
  // The value of a flag.
  if (prev?.startsWith('--') && options[prev.slice(2)]?.type === 'string') {
    const name = prev.slice(2);
    if (VALUES[name]) return starts(VALUES[name]!);
    if (name === 'context') return starts(await contextNames(before, env));
    return []; // files and free text: the shell's own completion
  }
  if (cur.startsWith('-')) return starts(Object.keys(options).map((o) => `--${o}`));
  if (!sub) return starts(SUBCOMMANDS);
  // Positionals after the subcommand (flags and their values skipped).
  const positionals: string[] = [];
  for (let i = before.indexOf(sub) + 1; i < before.length; i++) {
    const w = before[i]!;
    if (w.startsWith('--')) {
      if (options[w.slice(2)]?.type === 'string' && !w.includes('=')) i++;
      continue;
    }
    positionals.push(w);
  }
  if (sub === 'completion') return positionals.length === 0 ? starts(['bash', 'zsh', 'fish']) : [];
  if (sub === 'help') return positionals.length === 0 ? starts(SUBCOMMANDS.filter((c) => c !== 'help')) : [];
  // A verb's operation (`relayers delete ID`, the registry's): its ids follow the verb; the verbs are offered first beside the ids.
  const verbs = operationVerbs(sub);
  const verbKind = OPERATION_KINDS.find((k) => OPERATIONS[k].subcommand === sub && OPERATIONS[k].verb !== undefined && OPERATIONS[k].verb === positionals[0]);
  if (verbKind) return OPERATIONS[verbKind].needs.includes('relayerId') && positionals.length === 1 ? starts(await relayerIds(before, env)) : [];
  // A relayer id first: for a relayer's transactions, and every operation whose target names a relayer (the registry's).
  const takesRelayer = sub === 'txs' || OPERATION_KINDS.some((k) => OPERATIONS[k].subcommand === sub && OPERATIONS[k].verb === undefined && OPERATIONS[k].needs.includes('relayerId'));
  if (takesRelayer && positionals.length === 0) return starts(await relayerIds(before, env));
  if (verbs.length && positionals.length === 0) return starts(verbs);
  // fleet NAME…: the file's fleets, then its contexts (each named once).
  if (sub === 'fleet') return starts((await contextNames(before, env, true)).filter((n) => !positionals.includes(n)));
  return [];
}

/** The flags among `words` that choose the configuration (--context, --config, --url, …), as given. */
function configFlags(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const name = w.replace(/^--/, '').replace(/=.*$/, '');
    if (!w.startsWith('--') || !(name in GLOBAL_OPTIONS)) continue;
    out.push(w);
    if (GLOBAL_OPTIONS[name as keyof typeof GLOBAL_OPTIONS].type === 'string' && !w.includes('=') && words[i + 1] !== undefined) out.push(words[++i]!);
  }
  return out;
}

/** The config file's context names (`fleets`: its fleets' names first). */
async function contextNames(words: readonly string[], env: NodeJS.ProcessEnv, fleets = false): Promise<string[]> {
  const { appPaths, loadConfigFile } = await import('../config/contextFile.js');
  const flags = configFlags(words);
  const at = flags.indexOf('--config');
  const file = await loadConfigFile(appPaths(env, at >= 0 ? flags[at + 1] : undefined).config);
  if (file.kind !== 'ok') return [];
  return [...(fleets ? Object.keys(file.file.fleets ?? {}) : []), ...Object.keys(file.file.contexts)];
}

/** The current context's relayer ids (one page of 100), or nothing at all within the timeout. */
async function relayerIds(words: readonly string[], env: NodeJS.ProcessEnv): Promise<string[]> {
  let action;
  try {
    // A context whose key comes from a token_command is not asked: the command may prompt (a GPG
    // pinentry), and a keystroke must never wait on it.
    const info = await parseCli(['info', ...configFlags(words)], env);
    if (info.kind !== 'info') return [];
    const ctx = info.config.context;
    if (ctx && info.config.configFile.kind === 'ok' && info.config.configFile.file.contexts[ctx.name]?.token_command !== undefined && !info.config.sources.token) return [];
    action = await parseCli(['relayers', ...configFlags(words)], env);
  } catch {
    return [];
  }
  if (action.kind !== 'headless' || !action.config.baseUrl || !action.config.token) return [];
  const { createRelayerClient } = await import('../api/index.js');
  const client = createRelayerClient({ baseUrl: action.config.baseUrl, token: action.config.token, timeoutMs: COMPLETION_TIMEOUT_MS, maxRetries: 0 });
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), COMPLETION_TIMEOUT_MS);
  try {
    const page = await client.listRelayers({ page: 1, perPage: LOOKUP_PAGE_SIZE }, { signal: ctrl.signal });
    // Ids are server text: only what a shell word can safely be.
    return page.items.map((r) => r.id).filter((id) => /^[\w.:-]{1,128}$/.test(id)).sort();
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
    void client.close();
  }
}

/** The script for a shell: it asks `relayer-tui __complete` for each completion. */
export function completionScript(shell: 'bash' | 'zsh' | 'fish'): string {
  switch (shell) {
    case 'bash':
      return `# relayer-tui completion for bash: source <(relayer-tui completion bash)
_relayer_tui() {
  local IFS=$'\\n'
  COMPREPLY=($(relayer-tui __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
}
complete -o default -o nosort -F _relayer_tui relayer-tui 2>/dev/null || complete -o default -F _relayer_tui relayer-tui
`;
    case 'zsh':
      return `#compdef relayer-tui
# relayer-tui completion for zsh: source <(relayer-tui completion zsh)   (after compinit)
_relayer_tui() {
  local -a candidates
  candidates=("\${(@f)$(relayer-tui __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  if (( \${#candidates[@]} )) && [[ -n "\${candidates[1]}" ]]; then
    compadd -Q -- "\${candidates[@]}"
  else
    _files
  fi
}
compdef _relayer_tui relayer-tui
`;
    case 'fish':
      return `# relayer-tui completion for fish: relayer-tui completion fish > ~/.config/fish/completions/relayer-tui.fish
function __relayer_tui_complete
  set -l words (commandline -opc)[2..-1] (commandline -ct)
  relayer-tui __complete $words 2>/dev/null
end
complete -c relayer-tui -f -a '(__relayer_tui_complete)'
`;
  }
}
