/**
 * Which program bundle a command line runs, and how: the one choice of the package's bin
 * (src/start/launcher.ts) and the single executable (src/start/seaMain.ts), each of which only says where its
 * bundles and their code caches are. dist/oneshot.cjs for a subcommand, help or version (no Ink,
 * React or layout engine: src/start/oneShot.ts), dist/app.cjs for the TUI (src/start/main.ts).
 */
import { asksServer, isLongRead, isOneShot } from '../cli/commands.js';
import { launch, launchOneShot, ONE_SHOT_FLAGS, TUI_START_FLAGS, type Launch } from './codeCache.js';
import { compileAhead } from './wasmAhead.js';

/** A bundle by name; `variant` names a code cache of its own (one made under other V8 flags). */
export type BundleFor = (name: 'app' | 'oneshot', variant?: 'long') => Launch;

/**
 * Runs the bundle the command line needs. `wasm` reads a WebAssembly file the build put beside the
 * bundles: undici's parser is compiled ahead (src/start/wasmAhead.ts) for a command line that will ask a server.
 */
export function startProgram(bundle: BundleFor, wasm: (name: string) => Uint8Array | undefined, argv: string[] = process.argv.slice(2)): void {
  const v8 = require('node:v8') as typeof import('node:v8');
  const ahead = (): void => compileAhead('llhttp_simd.wasm', () => wasm('llhttp_simd.wasm'));
  // The TUI's flags until its first frame (TUI_START_FLAGS), set before its bundle loads, as its code cache was made under them.
  const tui = (): Promise<void> => {
    v8.setFlagsFromString(TUI_START_FLAGS);
    ahead();
    return launch(bundle('app'));
  };
  if (isOneShot(argv)) {
    // The HTTP client's parser is WebAssembly (undici's llhttp). V8 compiles it at once with its baseline
    // compiler, then again optimized on a background thread, and the process may not exit before that
    // second compile ends: about 100 ms after a one-shot command's output (perf-notes). A one-shot keeps
    // the baseline code (ONE_SHOT_FLAGS). The flags are set before the bundle loads: V8 takes a code cache
    // only under the flags it was made with, so they are set on every such start (the TUI's until its
    // first frame too). A long read (--all, the fleet: see isLongRead) has flags and a code cache of its own.
    const long = isLongRead(argv);
    v8.setFlagsFromString(ONE_SHOT_FLAGS(long));
    if (asksServer(argv)) ahead();
    launchOneShot(bundle('oneshot', long ? 'long' : undefined), tui);
  } else void tui();
}
