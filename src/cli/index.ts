/**
 * The command line -> what to do: the grammar (grammar.ts) parses the words, the configuration
 * (src/config/config.ts) resolves flags > environment > context file > defaults, and a headless
 * subcommand's own options are checked.
 */
import { resolveConfig, type AppConfig } from '../config/config.js';
import { headlessOptions, parseArgv, type HeadlessCommand, type HeadlessOptions } from './grammar.js';

export type CliAction =
  | { kind: 'run'; config: AppConfig }
  | { kind: 'sandbox'; argv: string[] }
  /** `completion bash|zsh|fish`: the script; `__complete WORD…`: the candidates for the last word (the script asks). */
  | { kind: 'completion'; shell: string }
  | { kind: 'complete'; words: string[] }
  | { kind: 'info'; config: AppConfig }
  /** A headless subcommand (src/headless/): its name, its own options and arguments. */
  | { kind: 'headless'; command: HeadlessCommand; config: AppConfig; options: HeadlessOptions; args: string[] }
  | { kind: 'contexts'; config: AppConfig }
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  /** `exit`: 3 when the configuration is at fault (file, context, key, no server), else 2 (usage). */
  | { kind: 'error'; message: string; exit?: number };

export async function parseCli(argv: string[], env: NodeJS.ProcessEnv): Promise<CliAction> {
  const p = await parseArgv(argv);
  if (p.kind !== 'parsed') return p;
  const r = await resolveConfig(p.values, env, p.sub ?? p.headless);
  if (r.kind !== 'config') return r;
  const { config } = r;
  if (p.sub) return { kind: p.sub, config };
  if (p.headless) {
    // The fleet reads the config file's contexts, not one server.
    if (!config.baseUrl && p.headless !== 'fleet')
      return { kind: 'error', exit: 3, message: `${p.headless} needs a server: ${p.headless === 'ready' ? 'RELAYER_URL (no key: /ready is public)' : 'RELAYER_URL and RELAYER_API_KEY'}, ${p.headless === 'notify' ? '--server (here --url is the webhook\'s address)' : '--url'}, or a context (relayer-tui contexts)` };
    const options = headlessOptions(p.headless, p.values);
    if (typeof options === 'string') return { kind: 'error', message: options };
    return { kind: 'headless', command: p.headless, config, options, args: p.positionals };
  }
  return { kind: 'run', config };
}

