/**
 * Every command that is not the TUI — the headless subcommands, info, contexts, completion, help,
 * version, a usage error, the sandbox — as one entry with no Ink, React or layout engine in reach
 * (dist/oneshot.cjs; test/architecture checks the reach). The launcher (src/start/launcher.ts) starts it
 * when the command line names such a command (`isOneShot`, src/cli/commands.ts); src/start/main.ts (the
 * TUI's bundle) runs the same function for anything that reaches it instead.
 */
import { isLongRead } from '../cli/commands.js';
import { parseCli, type CliAction } from '../cli/index.js';

export type OneShotAction = Exclude<CliAction, { kind: 'run' }>;

export interface OneShotHooks {
  /** The command line turned out to be the TUI's: start it (the launcher loads its bundle). */
  openTui: () => Promise<void>;
}

/** The bundle's entry: parses the command line and runs it; the TUI is handed back to the launcher. */
export async function main({ openTui }: OneShotHooks): Promise<void> {
  const action = await parseCli(process.argv.slice(2), process.env);
  if (action.kind === 'run') return openTui();
  await runOneShot(action);
}

export async function runOneShot(action: OneShotAction): Promise<void> {
  switch (action.kind) {
    case 'help':
      process.stdout.write(action.text);
      return;
    case 'version': {
      const { VERSION } = await import('../api/index.js');
      process.stdout.write(`relayer-tui ${VERSION}\n`);
      return;
    }
    case 'error': {
      // The message may quote a config file's text: drawn through the display-safety boundary.
      const { safeLines } = await import('../core/text/sanitize.js');
      process.stderr.write(`relayer-tui: ${safeLines(action.message, 60).join('\n')}\n`);
      process.exitCode = action.exit ?? 2;
      return;
    }
    case 'info': {
      const { printInfo } = await import('../info.js');
      const { clipboardMethod } = await import('../ui/clipboard.js');
      await printInfo(action.config, process.env, process.stdout, clipboardMethod(action.config.clipboard, process.env));
      const f = action.config.configFile;
      if (f.kind === 'error' || (f.kind === 'ok' && f.errors.length)) process.exitCode = 3;
      return;
    }
    case 'headless': {
      const { runHeadless } = await import('../headless/index.js');
      // One turn of the event loop: the HTTP parser compiled ahead on V8's background threads (src/start/wasmAhead.ts) is taken in it.
      await new Promise<void>((r) => setImmediate(r));
      // A page or a few: zod's interpreter, as in the TUI (no parser compiled at each start: see
      // parseInterpreted). A long read (--all, the fleet) keeps the compiled parse for its many rows.
      if (!isLongRead(process.argv.slice(2))) (await import('../api/index.js')).parseInterpreted();
      // stdin only where a body or params may come from it (touching process.stdin opens it).
      const stdin = action.command === 'replace' || action.command === 'plugin' || action.command === 'send' ? process.stdin : undefined;
      process.exitCode = await runHeadless(action.command, action.config, action.options, action.args, { out: process.stdout, err: process.stderr, in: stdin });
      return;
    }
    case 'contexts': {
      const { printContexts } = await import('../info.js');
      process.exitCode = printContexts(action.config, process.stdout);
      return;
    }
    case 'completion': {
      const { completionScript } = await import('../completion/index.js');
      process.stdout.write(completionScript(action.shell as 'bash' | 'zsh' | 'fish'));
      return;
    }
    case 'complete': {
      // Never an error for a shell in the middle of a keystroke: candidates or nothing, exit 0.
      try {
        const { complete } = await import('../completion/index.js');
        const out = await complete(action.words, process.env);
        if (out.length) process.stdout.write(`${out.join('\n')}\n`);
      } catch {
        // nothing to offer
      }
      return;
    }
    case 'sandbox': {
      const { runSandboxCli } = await import('../sandbox/index.js');
      await runSandboxCli(action.argv);
      return;
    }
  }
}
