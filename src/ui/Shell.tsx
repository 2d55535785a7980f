/**
 * The shell: screen stack, help overlay, command palette, and the one key dispatcher. Keys go to the
 * overlay, then to the top screen's own handler (text entry, a review's `y`), then through the
 * keymap to a command.
 */
import { Box, useApp, useStdout } from 'ink';
import { Text } from './components/Text.js';
import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ReactElement } from 'react';
import { RelayerJamsContext } from './relayerJams.js';
import { useSessionEvents } from './sessionEvents.js';

/** How long an information message stays in the status bar (warnings and errors: three times it). */
export const FLASH_MS = 10_000;
import { useKeys } from './input/useKeys.js';
import { parseKey, type KeyEvent } from './input/keys.js';
import { anyBinding, resolve, SCOPE_TITLES, BINDINGS } from './keymap.js';
import { useTerminalSize } from './hooks/useTerminalSize.js';
import { HelpOverlay, helpMaxScroll } from './components/HelpOverlay.js';
import { StatusBar } from './components/StatusBar.js';
import { DrawBoundary } from './components/DrawBoundary.js';
import { ShellContext, type ScreenHandle, type ScreenProps, type ShellApi } from './shellContext.js';
import { initialShell, shellReducer, type Route, type SessionMessage, type ShellAction } from './state/shell.js';
import { parsePalette, tabStep } from './state/palette.js';
import { useDirectory } from './directory.js';
import { mutationBlocked, routeOperation } from './mutations.js';
import { realAfter, useServices } from './services.js';
import { tone } from './theme.js';
import { screenFor } from './screens/registry.js';

/** Title + status + footer lines around the body. */
const CHROME_ROWS = 3;

/** Says when a screen of the stack is committed (after its own layout effects: its keys are registered), and when it is gone. */
function Committed({ screenKey, on }: { screenKey: number; on: (key: number, on: boolean) => void }) {
  useLayoutEffect(() => {
    on(screenKey, true);
    return () => on(screenKey, false);
  }, [screenKey, on]);
  return null;
}

/**
 * `kept`: the session's messages across a `:ctx` switch (the app starts again on the other context's
 * services; `:messages` keeps every message of the session, as docs/tui.md promises).
 */
export function Shell({ initialRoute, initialStack, kept }: { initialRoute?: Route; initialStack?: readonly Route[]; kept?: { current: SessionMessage[] } }) {
  const services = useServices();
  const [state, rawDispatch] = useReducer(shellReducer, initialRoute, (r) => ({ ...initialShell(r, services.watchMs, initialStack), messages: kept?.current ?? [] }));
  useEffect(() => {
    if (kept) kept.current = state.messages;
  }, [kept, state.messages]);
  const { exit } = useApp();
  const { stdout } = useStdout();
  const { columns, rows } = useTerminalSize();
  const directory = useDirectory();
  const handles = useRef(new Map<number, ScreenHandle>());
  const [helpScroll, setHelpScroll] = useState(0);
  const quitArmed = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  // Keys of one chunk are handled before React re-renders: keep the ref in step with each action.
  const dispatch = useCallback((a: ShellAction) => {
    stateRef.current = shellReducer(stateRef.current, a);
    rawDispatch(a);
  }, []);

  // Never let the frame reach the terminal height (Ink clears the screen every frame otherwise).
  const frameRows = Math.max(4, rows - 1);
  const bodyRows = Math.max(1, frameRows - CHROME_ROWS);
  const width = Math.max(20, columns);

  const register = useCallback((key: number, handle: ScreenHandle | null) => {
    if (handle) handles.current.set(key, handle);
    else handles.current.delete(key);
  }, []);
  const push = useCallback((route: Route) => dispatch({ type: 'push', route }), []);
  const api: ShellApi = useMemo(() => ({ dispatch, push, state, register }), [state, push, register]);

  // A message has a lifetime: gone from the status bar after FLASH_MS (a warning or an error after
  // three times that), never from :messages; a key clears it sooner. The freshness it covered shows
  // again. On the services' clock (ui/scheduler.ts), as every UI timer.
  useEffect(() => {
    if (!state.flash || state.flash.stays) return;
    const ms = services.flashMs ?? FLASH_MS;
    return (services.after ?? realAfter)(state.flash.tone === 'info' ? ms : 3 * ms, () => dispatch({ type: 'clearFlash' }), 'flash');
  }, [state.flash]);

  // A jam seen to clear between two reads of it (watch, r, the stuck screen's scan): said, kept in :messages.
  const jams = useContext(RelayerJamsContext);
  const events = useSessionEvents();
  useEffect(() => {
    if (!jams) return;
    jams.onCleared = (text, relayerId) => {
      dispatch({ type: 'flash', text, tone: 'info' });
      events.emit('jamEnded', { relayerId, cleared: true });
    };
    return () => void (jams.onCleared = null);
  }, [jams, events]);

  // Start-up warnings appear inside the TUI (printed before it, the full screen would cover them).
  useEffect(() => {
    if (services.warnings?.length) dispatch({ type: 'startupWarnings', texts: [...services.warnings], at: services.now() });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const quit = useCallback(() => {
    dispatch({ type: 'quit' });
    exit();
  }, [exit]);

  const committed = useRef(new Set<number>());
  const waiting = useRef<KeyEvent[]>([]);
  const onKeyRef = useRef<(key: KeyEvent) => void>(() => undefined);
  /** A screen of the stack is on the terminal (its keys registered): keys held for it go to it now. */
  const onCommitted = useCallback((key: number, on: boolean) => {
    if (!on) return void committed.current.delete(key);
    committed.current.add(key);
    if (!waiting.current.length) return;
    queueMicrotask(() => {
      const keys = waiting.current.splice(0);
      for (const k of keys) onKeyRef.current(k);
    });
  }, []);

  const onKey = (key: KeyEvent) => {
    // Keys typed faster than a read (common over SSH) arrive as one chunk: outside text entry,
    // they are separate keystrokes.
    if (key.name === 'paste' && !textEntryActive()) {
      const chars = [...key.text];
      for (let i = 0; i < chars.length; i++) {
        if (i > 0 && textEntryActive()) {
          // e.g. ":tx bulk" typed at once: the rest of the chunk is text for the palette.
          const rest = chars.slice(i).join('');
          onKey({ ...parseKey(rest), name: rest.length === 1 ? rest : 'paste', text: rest });
          return;
        }
        onKey(parseKey(chars[i]!));
      }
      return;
    }
    const s = stateRef.current;
    // ctrl+c quits — but a form with unsent edits (or a send in flight), on top or below, is asked about
    // first: a second ctrl+c quits, any other key stays.
    if (key.ctrl && key.name === 'c') {
      const busy = busyReason();
      if (busy && !quitArmed.current) {
        quitArmed.current = true;
        return dispatch({ type: 'flash', text: `ctrl+c again quits (${busy})`, tone: 'warn' });
      }
      return quit();
    }
    quitArmed.current = false;
    // A screen just pushed (enter) is not drawn yet: the keys typed after enter in the same chunk are
    // its keys (`enter v` opens a transaction's raw JSON), held until it is there.
    if (!committed.current.has(s.stack[s.stack.length - 1]!.key)) {
      waiting.current.push(key);
      return;
    }
    const handle = topHandle();

    if (s.overlay === 'help') {
      if (key.name === 'escape' || key.name === '?' || key.name === 'f1' || key.name === 'q') {
        setHelpScroll(0);
        return dispatch({ type: 'overlay', overlay: null });
      }
      // Scrolled by the keymap's own scrolling keys (a detail's: j/k, PgDn/PgUp, ctrl+d/u, g/G), space a screenful too.
      const max = helpMaxScroll(bodyRows, handle?.scopes ?? [], width);
      const half = Math.max(1, Math.floor(bodyRows / 2));
      const by: Record<string, number> = { down: 1, up: -1, pageDown: bodyRows, pageUp: -bodyRows, halfDown: half, halfUp: -half, first: -Infinity, last: Infinity };
      const step = key.name === 'space' || key.name === ' ' ? bodyRows : by[resolve(key, ['detail'])?.command ?? ''];
      if (step !== undefined) setHelpScroll((n) => Math.max(0, Math.min(max, n + step)));
      return;
    }
    if (s.overlay === 'palette') return paletteKey(key);
    if (key.name === 'f1') return dispatch({ type: 'overlay', overlay: 'help' });
    // The screen sees every key first (text entry, or its own keys such as y in a review).
    if (handle?.onKey?.(key)) return;

    const binding = resolve(key, [...(handle?.scopes ?? []), 'global']);
    if (s.flash) dispatch({ type: 'clearFlash' });
    if (!binding) {
      const other = anyBinding(key);
      if (other) {
        const where = [...new Set(BINDINGS.filter((b) => b.command === other.command).map((b) => SCOPE_TITLES[b.scope]))].join(', ');
        // The reason first: it must survive a narrow status bar.
        dispatch({ type: 'flash', text: `${other.label} (${other.hint ?? other.command}) not here: works in ${where}`, tone: 'warn' });
      }
      return;
    }
    switch (binding.command) {
      case 'help':
        return dispatch({ type: 'overlay', overlay: 'help' });
      case 'palette':
        return dispatch({ type: 'overlay', overlay: 'palette' });
      case 'redraw':
        // Ink (patched, scripts/patches.mjs) clears the screen and writes the next frame whole.
        stdout.emit('repaint');
        return;
      case 'watch': {
        const on = !s.watch.on;
        dispatch({ type: 'watch', on });
        const every = `${Math.round(s.watch.intervalMs / 1000)}s`;
        return dispatch({ type: 'flash', text: on ? `watch on: every ${every}; w stops` : 'watch off', tone: 'info' });
      }
      case 'quit':
        if (handle?.busyReason && key.name === 'q')
          return dispatch({ type: 'flash', text: `q does not quit here (${handle.busyReason}): esc leaves the form; ctrl+c twice quits anyway`, tone: 'warn' });
        return quit();
      case 'back': {
        const r = handle?.onCommand('back', key);
        if (r === true) return;
        if (s.stack.length > 1) return dispatch({ type: 'pop' });
        return dispatch({ type: 'flash', text: 'Already at the top: q quits', tone: 'info' });
      }
      default: {
        const r = handle?.onCommand(binding.command, key) ?? false;
        if (typeof r === 'string') dispatch({ type: 'flash', text: r, tone: 'warn' });
        else if (r === false) dispatch({ type: 'flash', text: `${binding.label}: ${binding.description.toLowerCase()} does not apply here`, tone: 'warn' });
      }
    }
  };

  /** Why quitting would lose something: a form with unsent edits or a send in flight, on any screen of the stack (a read is not asked about). */
  function busyReason(): string | null {
    for (const h of handles.current.values()) if (h.busyReason) return h.busyReason;
    return null;
  }

  /** The handle of the screen on top, as of the last action. */
  function topHandle(): ScreenHandle | undefined {
    const s = stateRef.current;
    return handles.current.get(s.stack[s.stack.length - 1]!.key);
  }

  function textEntryActive(): boolean {
    if (stateRef.current.overlay === 'palette') return true;
    return topHandle()?.textEntry === true;
  }

  const paletteKey = (key: KeyEvent) => {
    const text = stateRef.current.paletteText;
    if (key.name === 'escape') return dispatch({ type: 'overlay', overlay: null });
    if (key.name === 'backspace') {
      if (!text) return dispatch({ type: 'overlay', overlay: null });
      return dispatch({ type: 'paletteText', text: text.slice(0, -1) });
    }
    if (key.name === 'tab') return dispatch({ type: 'paletteText', ...tabStep(text, stateRef.current.paletteCycle, key.shift ? -1 : 1, directory.ids(), services.contexts, services.fleets) });
    // As a shell's line: ctrl+u clears it, ctrl+w takes back the last word.
    if (key.ctrl && key.name === 'u') return dispatch({ type: 'paletteText', text: '' });
    if (key.ctrl && key.name === 'w') return dispatch({ type: 'paletteText', text: text.replace(/\S*\s*$/, '') });
    if (key.name === 'return') {
      const r = parsePalette(text);
      dispatch({ type: 'overlay', overlay: null });
      if (r.kind === 'quit') return quit();
      if (r.kind === 'help') return dispatch({ type: 'overlay', overlay: 'help' });
      if (r.kind === 'error') return dispatch({ type: 'flash', text: r.message, tone: 'bad' });
      if (r.kind === 'ctx') {
        if (!services.switchContext) return dispatch({ type: 'flash', text: 'No contexts here', tone: 'bad' });
        dispatch({ type: 'flash', text: `Switching to ${r.name}…`, tone: 'info' });
        void services.switchContext(r.name).then((why) => why && dispatch({ type: 'flash', text: why, tone: 'bad' }));
        return;
      }
      if (r.kind === 'page' || r.kind === 'find') {
        const handle = topHandle();
        const res =
          r.kind === 'page'
            ? (handle?.goToPage?.(r.page) ?? ':page works on a paged list (relayers, transactions)')
            : (handle?.find?.(r.by, r.value) ?? `:${r.by === 'nonce' ? 'nonce' : 'find'} works on a relayer's transactions (:tx <relayer-id> first)`);
        if (typeof res === 'string') dispatch({ type: 'flash', text: res, tone: 'warn' });
        return;
      }
      const mutation = routeOperation(r.route);
      const blocked = mutation && mutationBlocked(services, mutation);
      if (blocked) return dispatch({ type: 'flash', text: blocked, tone: 'bad' });
      return dispatch({ type: 'jump', route: r.route });
    }
    if (key.text && !key.ctrl) return dispatch({ type: 'paletteText', text: text + key.text.replace(/[\r\n]/g, ' ') });
  };

  onKeyRef.current = onKey;
  useKeys(onKey);

  const topIndex = state.stack.length - 1;
  return (
    <ShellContext.Provider value={api}>
      <Box flexDirection="column" width={width} height={frameRows}>
        {state.overlay === 'help' ? (
          <Box flexDirection="column">
            <Text bold color={tone('accent')} wrap="truncate">
              relayer-tui › help (esc closes; j/k, PgDn/PgUp, ctrl+d/u, g/G scroll)
            </Text>
            <HelpOverlay width={width} height={bodyRows} scroll={helpScroll} scopes={handles.current.get(state.stack[topIndex]!.key)?.scopes ?? []} />
            <StatusBar info={{}} width={width} />
            <Text wrap="truncate" color={tone('muted')}>
              esc/?/F1 close help
            </Text>
          </Box>
        ) : null}
        {state.stack.map((entry, i) => {
          const active = i === topIndex && state.overlay !== 'help';
          const props: ScreenProps = { route: entry.route, screenKey: entry.key, active, width, height: bodyRows };
          return (
            <Box key={entry.key} display={active ? 'flex' : 'none'} flexDirection="column">
              <DrawBoundary what="This screen cannot be drawn">{screenFor(props) as ReactElement}</DrawBoundary>
              <Committed screenKey={entry.key} on={onCommitted} />
            </Box>
          );
        })}
      </Box>
    </ShellContext.Provider>
  );
}
