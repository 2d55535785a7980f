/**
 * Route -> screen component. The first screen (the relayers list) is here; every other is in
 * ./otherScreens.tsx, loaded once the first frame is out (./later.ts): a screen asked for before that
 * (a test's first route) is drawn once it is there.
 */
import { useEffect, useState } from 'react';
import type { ScreenProps } from '../shellContext.js';
import { RelayersScreen } from './relayers/RelayersScreen.js';
import { loadScreens, loadedScreens } from './later.js';

export { loadScreens } from './later.js';

export function screenFor(props: ScreenProps) {
  return props.route.kind === 'relayers' ? <RelayersScreen {...props} /> : <OtherScreen {...props} />;
}

/** Every other screen, always under this one component (drawn as it was whether it had to wait or not). */
function OtherScreen(props: ScreenProps) {
  const [loaded, setLoaded] = useState(loadedScreens);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void loadScreens().then((m) => live && setLoaded(() => m));
    return () => {
      live = false;
    };
  }, [loaded]);
  // Nothing drawn until they are there (a turn of microtasks).
  return (loaded ?? loadedScreens())?.otherScreen(props) ?? null;
}
