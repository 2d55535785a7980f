/** Renders the app in the alternate screen with the SSH rendering budget, and restores on exit. */
import { render } from 'ink';
import { SwitchableApp } from './App.js';
import type { Services } from './services.js';
import { guardTerminal } from './terminal.js';

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
  const instance = render(<SwitchableApp services={services} open={openContext} />, {
    stdout,
    stdin,
    exitOnCtrlC: false,
    patchConsole: false,
    incrementalRendering: true,
    maxFps: 15,
  });
  // Ink draws the first frame as it mounts; anything it deferred is out by the next turn.
  if (onFirstFrame) setImmediate(onFirstFrame);
  let exiting = false;
  const finish = async (code: number, report?: string) => {
    if (exiting) return;
    exiting = true;
    try {
      instance.unmount();
    } catch {
      // already unmounted
    }
    guard.restore();
    guard.dispose();
    if (report) process.stderr.write(`${report}\n`);
    await Promise.race([cleanup?.(), new Promise((r) => setTimeout(r, 500))]).catch(() => undefined);
    process.exit(code);
  };
  guard.install((code, report) => void finish(code, report));
  try {
    await instance.waitUntilExit();
    await finish(0);
  } catch (e) {
    await finish(1, (await import('./terminal.js')).crashReport(e));
  }
  return 0;
}
