/**
 * The HTTP client's WebAssembly (undici's parser, llhttp) compiled on V8's background threads while the
 * program loads, started by the launchers (src/start/startProgram.ts) for a command line that will ask a
 * server. Compiled on the main thread when the first connection needs it, it cost a start ~2.5 ms there
 * (validating it, then compiling its parser at the first response). The start gives the event loop one
 * turn before its first request (src/start/main.ts, src/start/oneShot.ts), in which V8 takes the
 * compile on to its background threads. When the first connection needs the parser, the bundles' reader
 * of WebAssembly files (WASM_READER in scripts/build.mjs) hands undici the module if its promise has
 * settled; if not, undici compiles the file as before and V8 gives it the module compiled in the
 * background (its cache of compiled modules: ~0.1 ms), or has the main thread finish that compile (no
 * slower than compiling it there alone, measured). The map below keeps the module alive until then.
 * test/e2e/wasmAhead.test.ts drives the handed-over path on purpose (a start rarely takes it by itself).
 */

/** Where the modules compiled ahead are found: one key, shared by the launcher and the bundles. */
export const WASM_AHEAD = Symbol.for('relayer-tui.wasm-ahead');

/** The part of the WebAssembly API used here (the TypeScript libraries this project compiles with have none). */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<object> };

type Ahead = Map<string, object>;

/** Starts compiling `name` (its bytes from `read`), once; a failure leaves the file to be read and compiled as before. */
export function compileAhead(name: string, read: () => Uint8Array | undefined): void {
  const g = globalThis as unknown as Record<symbol, Ahead | undefined>;
  // Once: a one-shot that hands its command line on to the TUI asks again.
  if (g[WASM_AHEAD]) return;
  const ready: Ahead = (g[WASM_AHEAD] = new Map());
  try {
    const bytes = read();
    if (bytes) WebAssembly.compile(bytes).then((m) => void ready.set(name, m), () => undefined);
  } catch {
    // not there: read and compiled when needed
  }
}
