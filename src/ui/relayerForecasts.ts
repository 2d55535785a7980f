/**
 * A relayer's forecasts in the TUI (core/forecast/relayerForecasts.ts) from what the first screen's
 * stores already read — the jam store's price reads, the status store's balance reads, the relayer's
 * policies — with no read of their own: computed when a screen draws, from what has come (nothing
 * before the first answers, so the first frame does no more than before).
 */
import { useCallback, useRef } from 'react';
import type { Relayer } from '../api/index.js';
import type { Forecast } from '../core/forecast/forecast.js';
import type { AheadOne } from '../core/columns/aheadLine.js';
import type { AheadSource } from '../core/columns/relayers.js';
import { minimumFor, type MinBalances } from '../core/fleet/balance.js';
import { nativeUnitOf } from '../core/amounts.js';
import { relayerForecasts, type RelayerForecasts } from '../core/forecast/relayerForecasts.js';
import type { RelayerJams } from './relayerJams.js';
import type { RelayerStatuses } from './relayerStatuses.js';

export interface ForecastReads {
  jams: RelayerJams | null;
  statuses: RelayerStatuses | null;
  minBalances?: MinBalances | undefined;
  context: string;
}

/** Its minimum balance in base units (the higher of its policy's and the context's), or null: none known. */
export function minimumWei(r: Relayer, minBalances: MinBalances | undefined, context: string): bigint | null {
  const m = minimumFor(r, nativeUnitOf(r.network_type, r.network), minBalances, context);
  return m && 'min' in m ? BigInt(m.min) : null;
}

/** The relayer's forecasts and what could not be forecast, from the session's reads. */
export function forecastsOf(r: Relayer, reads: ForecastReads, now: number): RelayerForecasts {
  const price = reads.jams?.price(r.id);
  const balance = reads.statuses?.available() ? reads.statuses.balances(r.id) : undefined;
  // Nothing read of it yet (the first frame): nothing to compute.
  if (!price && !balance) return { forecasts: [], unknown: [] };
  const jam = reads.jams?.jam(r.id);
  return relayerForecasts({
    relayer: r,
    price,
    balance,
    minWei: minimumWei(r, reads.minBalances, reads.context),
    jammedAtCap: jam?.cause === 'price_cap',
    now,
  });
}

/**
 * The relayers of a list heading for trouble (those with a forecast, in the list's order), and a
 * stable lookup for the table's columns (STATE's `soon`, BALANCE's runway) that reads the last drawn.
 */
export function useAhead(relayers: readonly Relayer[], reads: ForecastReads, now: number): { ahead: AheadOne[]; source: AheadSource; key: string } {
  const by = useRef(new Map<string, readonly Forecast[]>());
  const ahead: AheadOne[] = [];
  if (reads.jams?.available())
    for (const r of relayers) {
      const { forecasts } = forecastsOf(r, reads, now);
      if (forecasts.length) ahead.push({ relayerId: r.id, forecasts });
    }
  by.current = new Map(ahead.map((a) => [a.relayerId, a.forecasts]));
  const source = useCallback((r: Relayer) => by.current.get(r.id) ?? NONE, []);
  return { ahead, source, key: ahead.map((a) => `${a.relayerId}:${a.forecasts.map((f) => f.kind).join(',')}`).join(' ') };
}

const NONE: readonly Forecast[] = [];
