/**
 * The user's home directory, as node:os's homedir() finds it ($HOME, else the password database), with
 * node:os loaded only when $HOME is not set: loading it costs a start ~0.5 ms (the bare node:http floor
 * never loads it).
 */
export function homeDir(): string {
  return process.env.HOME || (process.getBuiltinModule('node:os') as typeof import('node:os')).homedir();
}
