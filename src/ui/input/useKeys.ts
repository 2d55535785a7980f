/**
 * The one input listener: every keypress Ink's parser emits, as a KeyEvent, to one handler.
 * (Ink's useInput cannot tell F1 from other function keys, and reports ctrl+letters as letters.)
 */
import { useStdin } from 'ink';
import { useEffect, useRef } from 'react';
import { parseKey, splitKeys, type KeyEvent } from './keys.js';

export function useKeys(handler: (key: KeyEvent) => void): void {
  const { internal_eventEmitter: emitter, setRawMode, isRawModeSupported } = useStdin();
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (isRawModeSupported) setRawMode(true);
    const onInput = (data: string) => {
      for (const k of splitKeys(data)) ref.current(parseKey(k));
    };
    emitter.on('input', onInput);
    return () => {
      emitter.off('input', onInput);
      if (isRawModeSupported) setRawMode(false);
    };
  }, [emitter, setRawMode, isRawModeSupported]);
}
