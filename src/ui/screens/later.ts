/**
 * Every screen but the first, and what opens an operation: ./otherScreens.tsx, loaded once the first
 * frame is out (src/ui/run.tsx calls `loadScreens` after the launcher's code cache is made): a start
 * neither runs nor holds in its cache the screens it does not draw, the operations' specs and forms
 * among them (issue 55). Within the one bundle the load is their modules' first run, in the microtasks
 * after it is asked for — done before any key is read.
 */
type Later = typeof import('./otherScreens.js');
let later: Later | undefined;
let loading: Promise<Later> | undefined;

/** Loads them (once; later calls share it). */
export function loadScreens(): Promise<Later> {
  // With the operations' specs, so that a key opens its operation in the frame it is typed in.
  loading ??= Promise.all([import('./otherScreens.js'), import('../../core/operations/specs.js').then((specs) => specs.loadAllSpecs())]).then(([m]) => (later = m));
  return loading;
}

/** Them, once loaded (undefined before: a screen asked for then waits for `loadScreens`). */
export function loadedScreens(): Later | undefined {
  return later;
}
