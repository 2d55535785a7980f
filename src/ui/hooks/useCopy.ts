/** Copy through the services' copier, saying in the status bar what was copied and how. */
import { useCallback } from 'react';
import { useServices } from '../services.js';
import { useShell } from '../shellContext.js';

export function useCopy(): (text: string, what: string) => true {
  const { copy } = useServices();
  const { dispatch } = useShell();
  return useCallback(
    (text, what) => {
      if (!copy) {
        dispatch({ type: 'flash', text: 'Copying is not available here', tone: 'warn' });
        return true;
      }
      void copy(text).then((how) => dispatch({ type: 'flash', text: `${what}: ${how}`, tone: how.startsWith('copied') ? 'info' : 'warn' }));
      return true;
    },
    [copy, dispatch],
  );
}
