/**
 * A list's request meta (when it was read, how long the read took) in a ref: a read that changes
 * nothing changes no state and draws nothing. Watched, the bar says the read's time as a band
 * (core/time nextReadBands): a read that moves the band asks for a redraw, so the bar never says a
 * band the last read was not within.
 */
import { useCallback, useRef, useState } from 'react';
import { nextReadBands, readBandsWords } from '../../core/time.js';
import type { RequestMeta } from './usePagedList.js';

export function useReadMeta(initial: () => RequestMeta): { meta: { current: RequestMeta }; note: (next: RequestMeta) => void } {
  const meta = useRef<RequestMeta | null>(null);
  meta.current ??= initial();
  const [, setBand] = useState<string | null>(null);
  const note = useCallback((next: RequestMeta) => {
    const bands = next.latencyMs == null ? null : nextReadBands(meta.current!.bands ?? null, next.latencyMs);
    meta.current = { ...next, bands };
    setBand(bands && readBandsWords(bands));
  }, []);
  return { meta: meta as { current: RequestMeta }, note };
}
