/** Renders the app in the alternate screen with the SSH rendering budget, and restores on exit. */
import { type Instance, render } from 'ink';
import { SwitchableApp } from './App.js';
import { CrashBoundary } from './components/CrashBoundary.js';
import { frameStdout } from './frameStdout.js';
import type { Services } from './services.js';
import { crashReport, guardTerminal } from './terminal.js';

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
}

export async function runTui({ services, stdout = process.stdout, stdin = process.stdin, cleanup, onFirstFrame, openContext }: RunOptions): Promise<number> {
  const guard = guardTerminal(stdout, stdin);
  let instance: Instance | undefined;
  let exiting = false;
  const finish = async (code: number, report?: string) => {
    if (exiting) return;
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
    guard.dispose();
    if (report) process.stderr.write(`${report}\n`);
    await Promise.race([cleanup?.(), new Promise((r) => setTimeout(r, 500))]).catch(() => undefined);
    process.exit(code);
  };
  instance = render(
    <CrashBoundary onCrash={(e) => void finish(1, crashReport(e))}>
      <SwitchableApp services={services} open={openContext} />
    </CrashBoundary>,
    { stdout: frameStdout(stdout), stdin, exitOnCtrlC: false, patchConsole: false, incrementalRendering: true, maxFps: 15 },
  );
  // After Ink's own exit handler (signal-exit), so that ours decides the exit code of a signal.
  guard.install((code, report) => void finish(code, report));
  // Ink draws the first frame as it mounts; anything it deferred is out by the next turn.
  if (onFirstFrame) setImmediate(onFirstFrame);
  try {
    await instance.waitUntilExit();
    await finish(0);
  } catch (e) {
    await finish(1, crashReport(e));
  }
  return 0;
}
