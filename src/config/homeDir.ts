/**
 * The user's home directory, as node:os's homedir() finds it ($HOME, else the password database), with
 * node:os loaded only when $HOME is not set: loading it costs a start ~0.5 ms (the bare node:http floor
 * never loads it).
 */
export function homeDir(): string {
  // (On Windows homedir() reads USERPROFILE, not a $HOME a POSIX shell may have set: asked of node:os there.)
  return (process.platform !== 'win32' && process.env.HOME) || (process.getBuiltinModule('node:os') as typeof import('node:os')).homedir();
}
