/**
 * A relayer by id: the record the operator selected (`known`: ids may repeat), else from the
 * session's directory, else looked up through the relayers list (core/lookup.ts: the same rule as
 * the subcommands') — the contract has no "get relayer" operation.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError, type Relayer } from '../../api/index.js';
import { useDirectory } from '../directory.js';
import { useServices } from '../services.js';
import { findRelayer } from '../../core/lookup.js';
import { deepEqual } from '../state/pagedList.js';

/** `reload` answers whether the relayer was read, and whether it differs from what was shown (an equal one keeps the record: nothing redraws). */
export function useRelayer(id: string, known?: Relayer): { relayer?: Relayer; error?: ApiError; loading: boolean; reload: () => Promise<{ read: boolean; changed: boolean }> } {
  const directory = useDirectory();
  const { client } = useServices();
  const [state, setState] = useState<{ relayer?: Relayer; error?: ApiError; loading: boolean }>(() => {
    const r = known ?? directory.get(id);
    return r ? { relayer: r, loading: false } : { loading: true };
  });
  const shown = useRef(state.relayer);
  shown.current = state.relayer;
  const read = (signal: AbortSignal) =>
    findRelayer(client, id, { signal, seen: (items) => directory.add(items) }).then(
      (found) => {
        const changed = !deepEqual(found, shown.current);
        if (!signal.aborted && (changed || state.error || state.loading)) setState(found ? { relayer: found, loading: false } : { loading: false });
        return { read: found !== undefined, changed };
      },
      (e: unknown) => {
        if (!signal.aborted) setState((s) => ({ ...s, loading: false, error: e instanceof ApiError ? e : new ApiError('network', String(e)) }));
        return { read: false, changed: false };
      },
    );
  const alive = useRef(new AbortController());
  useEffect(() => {
    const ctrl = new AbortController();
    alive.current = ctrl;
    if (!state.relayer) void read(ctrl.signal);
    return () => ctrl.abort();
  }, [id]); // eslint-disable-line react-hooks/exhaustive-deps
  // r: read again (what is on screen stays until the answer; a failed read keeps it beside its error).
  return { ...state, reload: () => read(alive.current.signal) };
}
