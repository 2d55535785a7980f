/**
 * A list's request meta (when it was read, how long the read took) in a ref: a read that changes
 * nothing changes no state and draws nothing. Watched, the bar says the read's time as a band
 * (core/time nextReadBands): a read that moves the band asks for a redraw, so the bar never says a
 * band the last read was not within.
 */
import { useCallback, useRef, useState } from 'react';
import { nextReadBands, readBandsWords, type ReadBands } from '../../core/time.js';

export interface RequestMeta {
  /** When the shown data was last confirmed by the server. */
  loadedAt: number | null;
  latencyMs: number | null;
  /**
   * When the read that brought what is shown was made: a read that changes nothing draws nothing
   * (watch: 0 bytes), so the time a later redraw shows while watching is this one ("last change").
   */
  sameSince?: number | null;
  /** The band the read time is said in while watched (note, below). */
  bands?: ReadBands | null;
}

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
