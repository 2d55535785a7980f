/**
 * The relayers heading for trouble, for the first screen: each relayer's forecasts as the jam store
 * last read them with its diagnosis (core/forecast/relayerRead.ts, check's path) — no read of their own,
 * nothing before the first diagnoses come (the first frame does no more than before).
 */
import { useCallback, useRef } from 'react';
import type { Relayer } from '../api/index.js';
import type { Forecast } from '../core/forecast/forecast.js';
import type { AheadOne } from '../core/columns/aheadLine.js';
import type { AheadSource } from '../core/columns/relayers.js';
import type { RelayerJams } from './relayerJams.js';

/**
 * The relayers of a list heading for trouble (those with a forecast, in the list's order), and a
 * stable lookup for the table's columns (STATE's `soon`, BALANCE's runway) that reads the last drawn.
 */
export function useAhead(relayers: readonly Relayer[], jams: RelayerJams | null): { ahead: AheadOne[]; source: AheadSource; key: string } {
  const by = useRef(new Map<string, readonly Forecast[]>());
  const ahead: AheadOne[] = [];
  if (jams?.available())
    for (const r of relayers) {
      const forecasts = jams.ahead(r.id)?.forecasts ?? NONE;
      if (forecasts.length) ahead.push({ relayerId: r.id, forecasts });
    }
  by.current = new Map(ahead.map((a) => [a.relayerId, a.forecasts]));
  const source = useCallback((r: Relayer) => by.current.get(r.id) ?? NONE, []);
  // What the columns draw (their layout is kept while this is): the kinds and the runway's figure.
  return { ahead, source, key: ahead.map((a) => `${a.relayerId}:${a.forecasts.map((f) => (f.kind === 'balance_runway' ? `${f.kind}=${Math.floor(f.runway_ms / 60_000)}` : f.kind)).join(',')}`).join(' ') };
}

const NONE: readonly Forecast[] = [];
