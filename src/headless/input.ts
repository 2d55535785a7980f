/**
 * What the mutations read besides argv: a body or params from a file or stdin (bounded), a signing
 * key from a file or an environment variable (never the command line), and the operator's yes/no on
 * the terminal (stdin, or /dev/tty when stdin carried the body).
 */
import { openSync, readFileSync, statSync } from 'node:fs';
import { readSecretFile } from '../config/token.js';
import { ReadStream } from 'node:tty';
import type { Streams } from './output.js';

/** A body or params larger than this is refused unread (the same limit as an answer). */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

export type Read = { text: string } | { error: string };

/** `-` is stdin; anything else a file. */
export async function readInput(what: string, source: string, stdin: Streams['in']): Promise<Read> {
  if (source === '-') {
    if (!stdin) return { error: `${what}: no standard input` };
    if (stdin.isTTY) return { error: `${what} - reads standard input, which is a terminal: pipe the JSON in (or give a file)` };
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of stdin as AsyncIterable<Buffer | string>) {
      const b = typeof c === 'string' ? Buffer.from(c) : c;
      size += b.length;
      if (size > MAX_INPUT_BYTES) return { error: `${what}: standard input is over ${MAX_INPUT_BYTES / 1024 / 1024} MB` };
      chunks.push(b);
    }
    return { text: Buffer.concat(chunks).toString('utf8') };
  }
  try {
    if (statSync(source).size > MAX_INPUT_BYTES) return { error: `${what}: ${source} is over ${MAX_INPUT_BYTES / 1024 / 1024} MB` };
    return { text: readFileSync(source, 'utf8') };
  } catch (e) {
    return { error: `${what}: cannot read ${source} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
  }
}

export interface SigningKey {
  key?: string;
  error?: string;
  warnings: string[];
}

/** The webhook signing key: a file's first line (warned when others can read it) or a variable's value. */
export function readSigningKey(flags: Record<string, string | undefined>, env: NodeJS.ProcessEnv): SigningKey {
  if (flags['signing-key'] !== undefined)
    return { error: '--signing-key is not accepted: a key on the command line is visible to every user in ps. Use --signing-key-file FILE or --signing-key-env VAR', warnings: [] };
  const file = flags['signing-key-file'];
  const variable = flags['signing-key-env'];
  if (file !== undefined && variable !== undefined) return { error: 'give the signing key once: --signing-key-file or --signing-key-env', warnings: [] };
  if (variable !== undefined) {
    const key = env[variable];
    return key ? { key: key.replace(/\r?\n$/, ''), warnings: [] } : { error: `--signing-key-env: the variable ${variable} is not set or empty`, warnings: [] };
  }
  if (file === undefined) return { warnings: [] };
  // The key as written on its line: blanks in a key are part of it.
  const r = readSecretFile(file, 'signing key file', false);
  return { key: r.token, error: r.error && `--signing-key-file: ${r.error}`, warnings: r.warnings };
}

/**
 * Where to ask "send it?": stderr must be a terminal (the review is shown there) and the answer comes
 * from stdin when it is a terminal, else from /dev/tty. Undefined: there is no terminal to ask on.
 */
export function openPrompt(s: Streams, stdinUsed: boolean): NodeJS.ReadableStream | undefined {
  if (!s.err.isTTY) return undefined;
  if (!stdinUsed && s.in?.isTTY) return s.in;
  try {
    return new ReadStream(openSync('/dev/tty', 'r'));
  } catch {
    return undefined;
  }
}

/** Asks a yes/no question; only `y` or `yes` is yes. */
export async function ask(input: NodeJS.ReadableStream, err: Streams['err'], question: string): Promise<boolean> {
  // node:readline only when a question is asked (a list or a --yes never loads it).
  const { createInterface } = process.getBuiltinModule('node:readline') as typeof import('node:readline');
  const rl = createInterface({ input, output: err, terminal: false });
  err.write(question);
  try {
    const answer = await new Promise<string>((resolve) => {
      rl.once('line', resolve);
      rl.once('close', () => resolve(''));
    });
    return /^\s*(y|yes)\s*$/i.test(answer);
  } finally {
    rl.close();
    if (input instanceof ReadStream && input !== (process.stdin as unknown)) input.destroy();
  }
}
