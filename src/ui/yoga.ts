/**
 * Ink's layout engine, as the bundle provides it (scripts/build.mjs resolves Ink's `yoga-layout` here;
 * tests use the real module). yoga-layout's own entry awaits its WebAssembly at the top level, which
 * a CommonJS bundle — the only kind V8's code cache can load (src/start/launcher.ts) — cannot hold. This object
 * is filled when `yogaReady` settles; Ink reads it only when it lays out, and src/start/main.ts awaits
 * `yogaReady` before the first render. Its WebAssembly is compiled on the main thread (3-5 ms; see
 * scripts/patches.mjs: V8's background compile sometimes waited ~200 ms for a thread on 2 cores).
 */
import { loadYoga, type Yoga } from 'yoga-layout/load';

export * from 'yoga-layout/load';

const yoga = {} as Yoga;
export default yoga;

export const yogaReady: Promise<void> = loadYoga().then((loaded) => {
  Object.assign(yoga, loaded);
});
