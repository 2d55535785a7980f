/** Renders the app in the alternate screen with the SSH rendering budget, and restores on exit. */
import { type Instance, render } from 'ink';
import { SwitchableApp } from './App.js';
import { CrashBoundary } from './components/CrashBoundary.js';
import { frameStdout } from './frameStdout.js';
import { loadScreens } from './screens/registry.js';
import type { Services } from './services.js';
import { sendsInFlight, seeInFlightThrough } from '../core/operations/pipeline.js';
import { crashReport, deafen, guardTerminal, SIGINT_EXIT, SIGTERM_EXIT } from './terminal.js';
import { delay, realAfter } from './scheduler.js';

export interface RunOptions {
  services: Services;
  stdout?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
  /** Called before the process exits (closes the client, stops the sandbox). */
  cleanup?: () => Promise<void>;
  /** Called once the first frame has been written. */
  onFirstFrame?: () => void;
  /** Builds the services of another context (`:ctx`), or says why it cannot. */
  openContext?: (name: string) => Promise<Services | string>;
  /**
   * On a hang-up with a mutation in flight, how long at most to wait for its answer without a
   * terminal (the operator's request timeout bounds the send itself; this is a net beyond it).
   */
  hangUpWaitMs?: number | (() => number);
}

export async function runTui({ services, stdout = process.stdout, stdin = process.stdin, cleanup, onFirstFrame, openContext, hangUpWaitMs = 30_000 }: RunOptions): Promise<number> {
  const guard = guardTerminal(stdout, stdin);
  let instance: Instance | undefined;
  let exiting = false;
  /** The terminal hung up with a send in flight: nothing is drawn while its answer is awaited. */
  let hungUp = false;
  let held: Promise<void> | undefined;
  // A dropped line (SIGHUP) with a mutation in flight: the send is seen to its answer and its outcome
  // written to the ledger (core/operations/pipeline.ts), without a terminal, then the exit. First of
  // all SIGHUP listeners: before Ink's own (signal-exit) unmounts the form, whose unmount stops a send.
  const onHangUp = () => {
    if (hungUp || sendsInFlight() === 0) return;
    hungUp = true;
    held = seeInFlightThrough(typeof hangUpWaitMs === 'function' ? hangUpWaitMs() : hangUpWaitMs);
    deafen(stdout, stdin, process.stderr);
    try {
      stdin.pause();
    } catch {
      // already gone
    }
  };
  // Node's own warnings (a MaxListenersExceededWarning, a deprecation) would be printed to stderr over
  // the screen: while it is up they are kept, and said after the terminal is restored.
  const warnings: string[] = [];
  const keepWarning = (w: Error) => void (warnings.length < 20 && warnings.push(`${w.name}: ${w.message}`.slice(0, 500)));
  process.removeAllListeners('warning');
  process.on('warning', keepWarning);
  const finish = async (code: number, report?: string) => {
    if (exiting) {
      // Waiting for a send's answer after a hang-up: SIGTERM or SIGINT still ends it at once (another SIGHUP does not).
      if (hungUp && (code === SIGINT_EXIT || code === SIGTERM_EXIT)) process.exit(code);
      return;
    }
    exiting = true;
    // First, before anything that may fail on a dead terminal: a draft still waiting for its debounce
    // is written now (a hang-up is exactly when it matters). Synchronous.
    services.draftStore?.flush();
    try {
      instance?.unmount();
    } catch {
      // already unmounted
    }
    guard.restore();
    if (held) {
      // The signal handlers stay (a second SIGTERM/SIGINT ends it at once; a second SIGHUP is ignored).
      await held;
    }
    guard.dispose();
    process.off('SIGHUP', onHangUp);
    if (report) process.stderr.write(`${report}\n`);
    if (warnings.length && !hungUp) process.stderr.write(`relayer-tui: Node warned while the screen was up:\n  ${warnings.join('\n  ')}\n`);
    // At most half a second for the cleanup (the sandbox stopping): a real timer, the process is ending.
    await Promise.race([cleanup?.(), delay(realAfter, 500)]).catch(() => undefined);
    process.exit(code);
  };
  instance = render(
    <CrashBoundary onCrash={(e) => void finish(1, crashReport(e))}>
      <SwitchableApp services={services} open={openContext} />
    </CrashBoundary>,
    { stdout: frameStdout(stdout, () => hungUp), stdin, exitOnCtrlC: false, patchConsole: false, incrementalRendering: true, maxFps: 15 },
  );
  // After Ink's own exit handler (signal-exit), so that ours decides the exit code of a signal.
  guard.install((code, report) => void finish(code, report));
  process.prependListener('SIGHUP', onHangUp);
  // Ink draws the first frame as it mounts; anything it deferred is out by the next turn. Then the
  // screens it did not draw are loaded (after the launcher's code cache is made: a start's cache holds
  // only what the start ran).
  setImmediate(() => {
    onFirstFrame?.();
    void loadScreens();
  });
  try {
    await instance.waitUntilExit();
    await finish(0);
  } catch (e) {
    await finish(1, crashReport(e));
  }
  return 0;
}
