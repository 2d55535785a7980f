/**
 * Where a context's API key comes from — never the config file itself: an environment variable, a
 * file (its first line) or a command (its first output line, as kubectl's exec credential plugins).
 * The key never appears in a message; `source` says where it came from in words.
 */
// node:child_process is required where a token_command runs: loading it costs ~8 ms of every start.
type ChildProcess = typeof import('node:child_process');
const childProcess = (): ChildProcess => process.getBuiltinModule('node:child_process') as ChildProcess;
import { readFileSync, statSync } from 'node:fs';
import { homeDir } from './homeDir.js';
import type { ContextConfig } from './contextFile.js';

export interface TokenResult {
  token?: string;
  /** e.g. `token_command` — shown by `info` as "set (from token_command)". */
  source?: string;
  error?: string;
  warnings: string[];
}

const COMMAND_TIMEOUT_MS = 20_000;

const expandHome = (p: string) => (p === '~' || p.startsWith('~/') ? homeDir() + p.slice(1) : p);
const firstLine = (s: string) => s.split(/\r?\n/)[0]!.trim();

/**
 * A secret kept in a file: its first line (`trim`: without surrounding blanks), with a warning when
 * others can read the file. `what` names it in messages ("token file").
 */
export function readSecretFile(path: string, what: string, trim = true): TokenResult {
  const p = expandHome(path);
  const warnings: string[] = [];
  try {
    const line = readFileSync(p, 'utf8').split(/\r?\n/)[0]!;
    const token = trim ? line.trim() : line;
    if ((statSync(p).mode & 0o077) !== 0) warnings.push(`${path} is readable by other users; chmod 600 it`);
    if (!token) return { error: `The ${what} ${path} is empty`, warnings };
    return { token, warnings };
  } catch (e) {
    return { error: `Cannot read the ${what} ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, warnings };
  }
}

/** A token file's first line, with a warning when others can read the file. */
export function readTokenFile(path: string): TokenResult {
  return readSecretFile(path, 'token file');
}

function commandResult(name: string, out: string | undefined, err: unknown): TokenResult {
  if (err) {
    const e = err as NodeJS.ErrnoException & { status?: number; signal?: string };
    // execFileSync says the exit status in `status`, execFile in `code` (a number there; a string is an errno).
    const why = e.signal ? `stopped by ${e.signal}` : e.status !== undefined ? `exit status ${e.status}` : typeof e.code === 'number' ? `exit status ${e.code}` : (e.code ?? 'failed');
    return { error: `The token_command of context ${name} failed (${why})`, warnings: [] };
  }
  const token = firstLine(out ?? '');
  return token ? { token, source: 'token_command', warnings: [] } : { error: `The token_command of context ${name} printed nothing`, warnings: [] };
}

function fromEnvOrFile(ctx: ContextConfig, name: string, env: NodeJS.ProcessEnv): TokenResult | undefined {
  if (ctx.token_env !== undefined) {
    const token = env[ctx.token_env]?.trim();
    return token ? { token, source: `token_env ${ctx.token_env}`, warnings: [] } : { error: `Context ${name}: the variable ${ctx.token_env} (token_env) is not set`, warnings: [] };
  }
  if (ctx.token_file !== undefined) {
    const r = readTokenFile(ctx.token_file);
    return { ...r, source: r.token ? `token_file ${ctx.token_file}` : undefined };
  }
  if (ctx.token_command === undefined) return { error: `Context ${name} says nowhere to read its API key: give token_env, token_file or token_command`, warnings: [] };
  return undefined;
}

/** The context's token now (start-up: a command may ask for a passphrase on the terminal). */
export function resolveTokenSync(ctx: ContextConfig, name: string, env: NodeJS.ProcessEnv): TokenResult {
  const r = fromEnvOrFile(ctx, name, env);
  if (r) return r;
  try {
    const out = childProcess().execFileSync('sh', ['-c', ctx.token_command!], { encoding: 'utf8', timeout: COMMAND_TIMEOUT_MS, stdio: ['inherit', 'pipe', 'inherit'], env });
    return commandResult(name, out, undefined);
  } catch (e) {
    return commandResult(name, undefined, e);
  }
}

/** Process groups of token commands still running: ended when given up on, and when this program exits. */
const running = new Set<number>();
let exitHook = false;
const endGroup = (pid: number) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
  running.delete(pid);
};

/**
 * The same without blocking (a context switch inside the TUI, a fleet's context: the command gets no
 * terminal). `timeoutMs`: the context's own timeout bounds it (issue 27.9); the command runs in a
 * process group of its own, ended whole (its `sleep`, its pinentry) when it is given up on or when
 * this program exits.
 */
export function resolveToken(ctx: ContextConfig, name: string, env: NodeJS.ProcessEnv, timeoutMs = COMMAND_TIMEOUT_MS): Promise<TokenResult> {
  const r = fromEnvOrFile(ctx, name, env);
  if (r) return Promise.resolve(r);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => [...running].forEach(endGroup));
  }
  return new Promise((resolve) => {
    const child = childProcess().spawn('sh', ['-c', ctx.token_command!], { env, detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    let done = false;
    const finish = (result: TokenResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (child.pid !== undefined) endGroup(child.pid);
      resolve(result);
    };
    if (child.pid !== undefined) running.add(child.pid);
    const timer = setTimeout(() => finish({ error: `The token_command of context ${name} did not finish within ${timeoutMs / 1000} s (stopped, with what it started)`, warnings: [] }), timeoutMs);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (d: string) => {
      if (out.length < 64 * 1024) out += d;
    });
    child.on('error', (e) => finish(commandResult(name, undefined, e)));
    child.on('close', (code, signal) => finish(code === 0 ? commandResult(name, out, undefined) : commandResult(name, undefined, Object.assign(new Error('failed'), signal ? { signal } : { status: code ?? undefined }))));
  });
}
