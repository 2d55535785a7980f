/** How screens talk to the shell: register their key handling, read layout, push routes. */
import { createContext, useContext, useLayoutEffect } from 'react';
import type { KeyEvent } from './input/keys.js';
import type { Command, Scope } from './keymap.js';
import type { Route, ShellAction, ShellState } from './state/shell.js';

/** What a screen does with a command: true = done, a string = why it does not apply, false = not handled. */
export type CommandResult = boolean | string;

export interface ScreenHandle {
  scopes: readonly Scope[];
  /** Text entry: a chunk of typed text stays one key (a paste) instead of separate keystrokes. */
  textEntry?: boolean;
  /** Sees every key before the keymap; true when it used the key. */
  onKey?: (key: KeyEvent) => boolean;
  onCommand: (cmd: Command, key: KeyEvent) => CommandResult;
  /** `:page <n>` on a paged list (n is 1-based, or the last page). */
  goToPage?: (page: number | 'last') => CommandResult;
  /** `:nonce N` / `:find <id|hash>` on a transactions list (answers later, in the status bar). */
  find?: (by: 'nonce' | 'text', value: string) => CommandResult;
  /** A form's unsent edits or a send in flight (never a read): `q` does not quit that screen, ctrl+c asks first. */
  busyReason?: string | null;
}

export interface ShellApi {
  dispatch: (a: ShellAction) => void;
  push: (route: Route) => void;
  state: ShellState;
  register: (key: number, handle: ScreenHandle | null) => void;
}

export const ShellContext = createContext<ShellApi | null>(null);

export function useShell(): ShellApi {
  const s = useContext(ShellContext);
  if (!s) throw new Error('ShellContext missing');
  return s;
}

/** Registers the screen's handler; the newest closure is used for every key. */
export function useScreenHandle(screenKey: number, handle: ScreenHandle): void {
  const { register } = useShell();
  useLayoutEffect(() => {
    register(screenKey, handle);
  });
  useLayoutEffect(() => () => register(screenKey, null), [register, screenKey]);
}

export interface ScreenProps<R extends Route = Route> {
  route: R;
  screenKey: number;
  active: boolean;
  width: number;
  /** Rows for the screen's body (title, status bar and footer are outside it). */
  height: number;
}
