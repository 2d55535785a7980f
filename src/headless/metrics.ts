/**
 * `relayer-tui metrics [--over <s>] [--json]`: the server's own figures (v1.8's Prometheus text, GET
 * /api/v1/debug/metrics/scrape behind the key; core/metrics) per relayer and for the server. One read:
 * totals since the server's process started, said as such; `--over S`: two reads S seconds apart, and
 * the rates and percentiles of what changed between them. A server without metrics (the interface
 * document's, or metrics disabled: a 404) is said on stdout, exit 0 — it answered; it has none.
 */
import { ApiError, type RelayerClient } from '../api/index.js';
import type { HeadlessOptions } from '../cli/grammar.js';
import { EXIT } from '../cli/exitCodes.js';
import { metricsFigures, type MetricsRead } from '../core/metrics/figures.js';
import { parseMetricsText } from '../core/metrics/parse.js';
import { metricsJson, metricsLines, noMetricsWords } from '../core/metrics/words.js';
import { safeLines } from '../core/text/sanitize.js';
import { forecastJson, forecastWords } from '../core/forecast/forecast.js';
import { rpcFailingFromMetrics } from '../core/forecast/rpcFailing.js';
import { exitCodeFor, json, type Streams } from './output.js';

/** The longest `--over` (seconds). */
export const MAX_OVER_SECONDS = 600;

export async function runMetrics(client: RelayerClient, o: HeadlessOptions, args: string[], s: Streams, fail: (code: number, message: string, e?: ApiError) => number, wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms))): Promise<number> {
  if (args.length) return fail(EXIT.usage, `unexpected argument ${args[0]}`);
  const overRaw = o.flags.over;
  let overMs = 0;
  if (overRaw !== undefined) {
    if (typeof overRaw !== 'string' || !/^\d{1,3}$/.test(overRaw) || Number(overRaw) < 1 || Number(overRaw) > MAX_OVER_SECONDS) return fail(EXIT.usage, `--over must be a number of seconds from 1 to ${MAX_OVER_SECONDS}, got "${String(overRaw)}"`);
    overMs = Number(overRaw) * 1000;
  }
  const asJson = o.output === 'json' || o.output === 'ndjson';
  await client.detectDialect();
  const read = async (): Promise<MetricsRead> => {
    const text = await client.metricsText();
    return { at: Date.now(), parsed: parseMetricsText(text) };
  };
  let first: MetricsRead;
  try {
    first = await read();
  } catch (e) {
    // Not an error: the server answered; it has no metrics (said, exit 0).
    if (e instanceof ApiError && e.kind === 'unsupported') {
      const why = e.status !== undefined ? `this server answered GET /api/v1/debug/metrics/scrape with HTTP ${e.status}` : 'this server (the interface document\'s) does not offer them';
      if (asJson) s.out.write(`${json({ metrics: null, why: noMetricsWords(why) }, o.output === 'ndjson' ? undefined : 2)}\n`);
      else s.out.write(`${safeLines(noMetricsWords(why), 4).join(' ')}\n`);
      return EXIT.ok;
    }
    if (e instanceof ApiError) return fail(exitCodeFor(e), e.message, e);
    throw e;
  }
  let figures = metricsFigures(first);
  if (overMs) {
    await wait(overMs);
    figures = metricsFigures(await read(), first);
  }
  // Two reads: a relayer whose api_rpc_failures_total rose between them is heading for its disable (rpc_failing).
  const forecasts = figures.since === null ? [] : figures.relayers.flatMap((r) => rpcFailingFromMetrics(r.relayer_id, r.rpc_failures_delta, figures.read_at - figures.since!, figures.read_at) ?? []);
  if (asJson) s.out.write(`${json({ metrics: { ...metricsJson(figures), forecasts: forecasts.map((f) => ({ relayer: f.relayer_id, ...forecastJson(f) })) } }, o.output === 'ndjson' ? undefined : 2)}\n`);
  else {
    for (const l of metricsLines(figures)) s.out.write(`${safeLines(l, 10).join('\n  ')}\n`);
    for (const f of forecasts) s.out.write(`${safeLines(`${f.relayer_id}: ${forecastWords(f, { kind: 'commands', relayerId: f.relayer_id })}`, 10).join(' ')}\n`);
  }
  return EXIT.ok;
}
