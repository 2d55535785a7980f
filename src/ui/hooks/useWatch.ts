/**
 * Watch: the view refreshes itself every few seconds while it is on screen and nothing else has the
 * keys (a form, the palette, help, the filter line), never while the previous refresh is in flight.
 * A failed refresh keeps the data, and the next try backs off (interval × 2ⁿ, at most 60 s, and never
 * sooner than the server's Retry-After). Only a change of what is shown re-renders: unchanged data
 * writes nothing.
 */
import { useEffect, useRef, useState } from 'react';
import type { ApiError } from '../../api/index.js';
import { retryDelay } from '../../core/backoff.js';
import { realAfter, useServices } from '../services.js';
import { useShell } from '../shellContext.js';

export type RefreshOutcome = { kind: 'changed' | 'unchanged' | 'aborted' } | { kind: 'error'; error: ApiError };

export interface WatchSetting {
  on: boolean;
  intervalMs: number;
}

/** What the status bar shows of a watch. */
export interface WatchInfo {
  intervalMs: number;
  /** After failed refreshes: when the next try is (a clock time: no ticking), and why it waits. */
  retry: { at: number; failures: number; error: ApiError } | null;
}

/**
 * The session's watch for one screen: it runs while that screen is on top and no overlay (palette,
 * help) has the keys; `paused` adds the screen's own reasons (its filter line, nothing to re-read).
 */
export function useScreenWatch(screenKey: number, paused: boolean, refresh: () => Promise<RefreshOutcome>): WatchInfo | null {
  const { state } = useShell();
  const { now, after } = useServices();
  const onTop = state.stack[state.stack.length - 1]?.key === screenKey && state.overlay === null;
  return useWatch(state.watch, paused || !onTop, refresh, now, after);
}

export function useWatch(setting: WatchSetting, paused: boolean, refresh: () => Promise<RefreshOutcome>, now: () => number, after = realAfter): WatchInfo | null {
  const [retry, setRetry] = useState<WatchInfo['retry']>(null);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const lastRun = useRef(0);
  const retryRef = useRef(retry);
  retryRef.current = retry;
  const running = useRef(false);

  useEffect(() => {
    if (!setting.on || paused) return;
    let cancelled = false;
    let cancel: (() => void) | undefined;
    const schedule = (ms: number) => {
      cancel = after(Math.max(0, ms), () => void tick(), 'watch');
    };
    const tick = async () => {
      if (running.current) return schedule(setting.intervalMs);
      running.current = true;
      lastRun.current = now();
      const out = await refreshRef.current().finally(() => (running.current = false));
      if (cancelled) return;
      if (out.kind === 'error') {
        const failures = (retryRef.current?.failures ?? 0) + 1;
        const wait = retryDelay(setting.intervalMs, failures, out.error);
        setRetry({ at: now() + wait, failures, error: out.error });
        retryRef.current = { at: now() + wait, failures, error: out.error };
        return schedule(wait);
      }
      if (retryRef.current) {
        retryRef.current = null;
        setRetry(null);
      }
      schedule(setting.intervalMs);
    };
    // Coming back to the view (or turning watch on): refresh at once when one is due.
    const r = retryRef.current;
    schedule(r ? r.at - now() : lastRun.current + setting.intervalMs - now());
    return () => {
      cancelled = true;
      cancel?.();
    };
  }, [setting.on, setting.intervalMs, paused, now, after]);

  useEffect(() => {
    if (!setting.on && retryRef.current) {
      retryRef.current = null;
      setRetry(null);
    }
  }, [setting.on]);

  return setting.on ? { intervalMs: setting.intervalMs, retry } : null;
}
