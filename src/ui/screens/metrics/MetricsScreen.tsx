/**
 * `:metrics`: the server's own figures (v1.8's Prometheus text; core/metrics), per relayer and for the
 * server — the same words as `relayer-tui metrics`. The first read says totals since the server's
 * process started; `r` reads again, and the figures are then what changed between the two reads (rates
 * per minute, percentiles of the window). A server without metrics says so; a read that failed says why.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorWords } from '../../../api/index.js';
import { metricsFigures, type MetricsFigures, type MetricsRead } from '../../../core/metrics/figures.js';
import { parseMetricsText } from '../../../core/metrics/parse.js';
import { labelText, noMetricsWords, relayerMetricsLine, serverMetricsLines, windowWords } from '../../../core/metrics/words.js';
import { METRICS_LIMITS } from '../../../core/metrics/v18.js';
import { DetailView, flatten } from '../../components/DetailView.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useDetailScreen } from '../../hooks/useDetailScreen.js';
import { useServices } from '../../services.js';
import type { ScreenProps } from '../../shellContext.js';

type State = { kind: 'reading' } | { kind: 'none'; why: string } | { kind: 'failed'; why: string } | { kind: 'read'; figures: MetricsFigures };

export function MetricsScreen({ screenKey, width, height }: ScreenProps) {
  const { client, now } = useServices();
  const [state, setState] = useState<State>({ kind: 'reading' });
  const last = useRef<MetricsRead | null>(null);
  const live = useRef(true);
  const read = useCallback(() => {
    void (async () => {
      try {
        await client.detectDialect();
        const text = await client.metricsText();
        const r: MetricsRead = { at: now(), parsed: parseMetricsText(text) };
        const figures = metricsFigures(r, last.current);
        last.current = r;
        if (live.current) setState({ kind: 'read', figures });
      } catch (e) {
        if (!live.current) return;
        if (e instanceof ApiError && e.kind === 'unsupported') setState({ kind: 'none', why: noMetricsWords(e.status !== undefined ? `this server answered GET /api/v1/debug/metrics/scrape with HTTP ${e.status}` : "this server (the interface document's) does not offer them") });
        else setState({ kind: 'failed', why: `not read: ${errorWords(e)}` });
      }
    })();
  }, [client, now]);
  useEffect(() => {
    live.current = true;
    read();
    return () => {
      live.current = false;
    };
  }, [read]);
  const record = useMemo((): Record<string, unknown> => {
    if (state.kind === 'reading') return { metrics: 'reading GET /api/v1/debug/metrics/scrape…' };
    if (state.kind === 'none' || state.kind === 'failed') return { metrics: state.why };
    const f = state.figures;
    const relayers: Record<string, string> = {};
    for (const r of f.relayers) relayers[labelText(r.relayer_id)] = relayerMetricsLine(r).slice(labelText(r.relayer_id).length + 2);
    return {
      'read at': new Date(f.read_at).toISOString(),
      window: `${windowWords(f)}${f.since === null ? ' — r reads again for rates' : ''}`,
      server: serverMetricsLines(f),
      ...(f.relayers.length ? { relayers } : { relayers: 'none counted since the server started' }),
      ...(f.skipped ? { 'not read': `${f.skipped} line(s) of the text not of the format` } : {}),
      ...(f.truncated ? { truncated: 'over the size cap: the rest not read' } : {}),
      limits: [...METRICS_LIMITS],
    };
  }, [state]);
  const fields = useMemo(() => flatten(record, now()), [record, now]);
  const { lines, scroll, cursor, scopes } = useDetailScreen(screenKey, record, fields, width, height, (cmd) => {
    if (cmd === 'refresh') {
      read();
      return true;
    }
    return undefined;
  });
  return (
    <ScreenFrame title="relayer-tui › metrics" scopes={scopes} width={width} height={height} status={{}}>
      <DetailView lines={lines} scroll={scroll} height={height} cursor={cursor} />
    </ScreenFrame>
  );
}
