/** Command line and environment -> configuration. Flags win over the environment. */
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';

export interface AppConfig {
  /** Server base URL; undefined means: start the built-in sandbox. */
  baseUrl?: string;
  token?: string;
  readOnly: boolean;
  /** Fixed page size for transaction lists; undefined = fit the window. */
  perPage?: number;
  timeoutMs?: number;
  sandboxFlavor: 'contract' | 'real';
  /** The server's dialect: `auto` (default) detects it from the public health check. */
  dialect: 'contract' | 'openzeppelin' | 'auto';
  /** Things to tell the operator once (e.g. a token given on the command line), shown inside the TUI. */
  warnings: string[];
}

export type CliAction =
  | { kind: 'run'; config: AppConfig }
  | { kind: 'sandbox'; argv: string[] }
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  | { kind: 'error'; message: string };

export const USAGE = `relayer-tui: a keyboard-driven terminal client for the relayer HTTP API

Usage:
  relayer-tui [options]            open the TUI (the built-in sandbox when no server is configured)
  relayer-tui sandbox [options]    run the sandbox relayer server only (see: relayer-tui sandbox --help)

Options:
  --url <url>           server base URL (env RELAYER_URL), e.g. http://localhost:8080
  --token-file <path>   read the API key from a file (first line)
  --token <key>         API key on the command line (visible to other users in ps; prefer RELAYER_API_KEY)
  --read-only           disable replace / plugin call / notification create (env RELAYER_TUI_READ_ONLY=1)
  --per-page <n>        transactions per page (default: fit the window)
  --timeout <seconds>   request timeout (default 15)
  --sandbox-flavor <f>  contract|real: answer shapes of the built-in sandbox (default contract)
  --dialect <d>         contract|openzeppelin|auto: the server's dialect (env RELAYER_TUI_DIALECT; default
                        auto: the OpenZeppelin Relayer is told by its public GET /api/v1/health)
  -h, --help            this help
  -v, --version         print the version

Environment:
  RELAYER_URL, RELAYER_API_KEY, RELAYER_TUI_READ_ONLY=1, RELAYER_TUI_DIALECT, NO_COLOR

Security:
  An http:// URL to a host other than this machine sends the API key in cleartext: the status bar
  then shows "http! cleartext". Use https://, or an SSH tunnel to a server that only listens on
  loopback (ssh -L 8080:127.0.0.1:8080 relayer-host, then --url http://127.0.0.1:8080).
  Redirects are never followed: the error says where one pointed.
`;

const TRUE = new Set(['1', 'true', 'yes', 'on']);

/** Whether a host name is this machine (where http:// keeps the token off the network). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/** Whether requests to `url` carry the token over the network unencrypted. */
export function isCleartext(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' && !isLoopbackHost(u.hostname);
  } catch {
    return false;
  }
}

export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliAction {
  if (argv[0] === 'sandbox') return { kind: 'sandbox', argv: argv.slice(1) };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        'token-file': { type: 'string' },
        token: { type: 'string' },
        'read-only': { type: 'boolean' },
        'per-page': { type: 'string' },
        timeout: { type: 'string' },
        'sandbox-flavor': { type: 'string' },
        dialect: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    return { kind: 'error', message: `${(e as Error).message}\nRun relayer-tui --help for the options.` };
  }
  if (values.help) return { kind: 'help', text: USAGE };
  if (values.version) return { kind: 'version' };

  const warnings: string[] = [];
  const baseUrl = str(values.url) ?? nonEmpty(env.RELAYER_URL);
  let token: string | undefined;
  if (str(values.token) !== undefined) {
    token = str(values.token);
    warnings.push('--token is visible to other users in ps; prefer RELAYER_API_KEY or --token-file');
  } else if (str(values['token-file']) !== undefined) {
    const path = str(values['token-file'])!;
    try {
      token = readFileSync(path, 'utf8').split(/\r?\n/)[0]!.trim();
      if ((statSync(path).mode & 0o077) !== 0) warnings.push(`${path} is readable by other users; chmod 600 it`);
    } catch (e) {
      return { kind: 'error', message: `Cannot read the token file ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
    }
    if (!token) return { kind: 'error', message: `The token file ${path} is empty` };
  } else {
    token = nonEmpty(env.RELAYER_API_KEY);
  }
  if (baseUrl && !token)
    return { kind: 'error', message: `No API key for ${baseUrl}: set RELAYER_API_KEY or pass --token-file <path>` };

  let perPage: number | undefined;
  if (values['per-page'] !== undefined) {
    perPage = Number(values['per-page']);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 1000)
      return { kind: 'error', message: '--per-page must be a whole number from 1 to 1000' };
  }
  let timeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    const s = Number(values.timeout);
    if (!Number.isFinite(s) || s <= 0) return { kind: 'error', message: '--timeout must be a positive number of seconds' };
    timeoutMs = Math.round(s * 1000);
  }
  const flavor = str(values['sandbox-flavor']) ?? 'contract';
  if (flavor !== 'contract' && flavor !== 'real') return { kind: 'error', message: '--sandbox-flavor must be contract or real' };
  const dialect = str(values.dialect) ?? nonEmpty(env.RELAYER_TUI_DIALECT) ?? 'auto';
  if (dialect !== 'contract' && dialect !== 'openzeppelin' && dialect !== 'auto')
    return { kind: 'error', message: '--dialect must be contract, openzeppelin or auto' };

  return {
    kind: 'run',
    config: {
      baseUrl,
      token,
      readOnly: values['read-only'] === true || TRUE.has((env.RELAYER_TUI_READ_ONLY ?? '').toLowerCase()),
      perPage,
      timeoutMs,
      sandboxFlavor: flavor,
      dialect,
      warnings,
    },
  };
}

function str(v: string | boolean | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
function nonEmpty(v: string | undefined): string | undefined {
  return v && v.trim() !== '' ? v.trim() : undefined;
}
