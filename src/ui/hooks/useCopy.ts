/**
 * Copy through the services' copier, saying in the status bar what was copied and how. What cannot be
 * confirmed (OSC 52 to the terminal) is kept whole in :messages with the text, so it can be read there.
 */
import { useCallback } from 'react';
import { READ_IT_HERE } from '../clipboard.js';
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
      // The message's first line is the status bar's (which then ends "… (:messages)"); the text follows it in :messages.
      void copy(text).then((r) => dispatch({ type: 'flash', text: r.unconfirmed ? `${what}: ${r.said}\n${r.chars ?? [...text].length} chars; ${READ_IT_HERE}\n${text}` : `${what}: ${r.said}`, tone: r.tone }));
      return true;
    },
    [copy, dispatch],
  );
}
