/**
 * A relayer by id: the record the operator selected (`known`: ids may repeat), else from the
 * session's directory, else looked up through the relayers list (pages of 100, at most 20) — the
 * contract has no "get relayer" operation.
 */
import { useEffect, useState } from 'react';
import { ApiError, type Relayer } from '../../api/index.js';
import { useDirectory } from '../directory.js';
import { useServices } from '../services.js';

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
      for (let page = 1; page <= 20; page++) {
        const p = await client.listRelayers({ page, perPage: 100 }, { signal: ctrl.signal });
        directory.add(p.items);
        const found = p.items.find((r) => r.id === id);
        if (found) return setState({ relayer: found, loading: false });
        if (page * p.perPage >= p.totalItems || p.items.length === 0) break;
      }
      setState({ loading: false });
    })().catch((e: unknown) => {
      if (!ctrl.signal.aborted) setState({ loading: false, error: e instanceof ApiError ? e : new ApiError('network', String(e)) });
    });
    return () => ctrl.abort();
  }, [id]); // eslint-disable-line react-hooks/exhaustive-deps
  return state;
}
