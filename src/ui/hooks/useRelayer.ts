/**
 * A relayer by id: the record the operator selected (`known`: ids may repeat), else from the
 * session's directory, else looked up through the relayers list (core/lookup.ts: the same rule as
 * the subcommands') — the contract has no "get relayer" operation.
 */
import { useEffect, useState } from 'react';
import { ApiError, type Relayer } from '../../api/index.js';
import { useDirectory } from '../directory.js';
import { useServices } from '../services.js';
import { findRelayer } from '../../core/lookup.js';

export function useRelayer(id: string, known?: Relayer): { relayer?: Relayer; error?: ApiError; loading: boolean } {
  const directory = useDirectory();
  const { client } = useServices();
  const [state, setState] = useState<{ relayer?: Relayer; error?: ApiError; loading: boolean }>(() => {
    const r = known ?? directory.get(id);
    return r ? { relayer: r, loading: false } : { loading: true };
  });
  useEffect(() => {
    if (state.relayer) return;
    const ctrl = new AbortController();
    (async () => {
      const found = await findRelayer(client, id, { signal: ctrl.signal, seen: (items) => directory.add(items) });
      setState(found ? { relayer: found, loading: false } : { loading: false });
    })().catch((e: unknown) => {
      if (!ctrl.signal.aborted) setState({ loading: false, error: e instanceof ApiError ? e : new ApiError('network', String(e)) });
    });
    return () => ctrl.abort();
  }, [id]); // eslint-disable-line react-hooks/exhaustive-deps
  return state;
}
