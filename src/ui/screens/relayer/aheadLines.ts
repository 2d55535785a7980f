/**
 * A relayer's detail, what it is heading for (core/forecast, read with its diagnosis as check reads
 * it): the two sparklines first — the network's price against its cap, the balance against its
 * minimum, over what this session read (a watch adds a read at each diagnosis) — then every forecast
 * with its figures, its fix as a key and when it was read, and each forecast that could not be made,
 * why ("not known, because …"). Nothing forecast: said with when it was read.
 */
import type { Relayer } from '../../../api/index.js';
import { toBigInt } from '../../../core/amounts.js';
import { forecastWords } from '../../../core/forecast/forecast.js';
import { forecastsRead, minimumOf } from '../../../core/forecast/relayerRead.js';
import { balanceSparkWords, priceSparkWords } from '../../../core/forecast/sparkline.js';
import { forecastUnknownWords } from '../../../core/forecast/unknown.js';
import type { MinBalances } from '../../../core/fleet/balance.js';
import type { RelayerClient } from '../../../api/index.js';
import { clock } from '../../../core/time.js';
import type { DetailLine } from '../../detailLines.js';
import type { AheadEntry, ReadsSeries } from '../../relayerJams.js';

export function aheadLines(client: RelayerClient, relayer: Relayer, entry: AheadEntry | undefined, series: ReadsSeries | undefined, context: { minBalances?: MinBalances | undefined; name: string }): DetailLine[] {
  // Only an active EVM relayer's are read (a paused one's /rpc answers 403 in v1.8): said, never left blank.
  if (!forecastsRead(client, relayer)) return [{ label: 'ahead', value: 'not forecast: only an active EVM relayer is (its /rpc and its balance read with its diagnosis)', tone: 'muted' }];
  if (!entry) return [{ label: 'ahead', value: 'reading… (its forecasts come with its diagnosis)', tone: 'muted' }];
  const m = minimumOf(relayer, context);
  const minWei = m && 'min' in m ? BigInt(m.min) : null;
  const cap = toBigInt(relayer.policies?.gas_price_cap) ?? null;
  const price = priceSparkWords(series?.prices ?? [], cap);
  const balance = balanceSparkWords(series?.balances ?? [], minWei, relayer.network ?? null);
  const out: DetailLine[] = [
    { label: 'price vs cap', value: price ?? `not read this session${series?.lastPrice?.why ? ` (the last read at ${clock(series.lastPrice.at)} failed)` : ''}`, tone: price ? 'plain' : 'muted' },
    { label: 'balance vs minimum', value: balance ?? 'not read this session (its status read with its diagnosis)', tone: balance ? 'plain' : 'muted' },
  ];
  const face = { kind: 'keys' as const };
  entry.forecasts.forEach((f, i) => out.push({ label: i === 0 ? 'ahead' : '', value: `${forecastWords(f, face)} (read at ${clock(f.read_at)})`, tone: 'warn' }));
  // Too few transactions is no failure (muted); a read that failed is (the warning tone).
  for (const u of entry.unknown) out.push({ label: entry.forecasts.length || u !== entry.unknown[0] ? '' : 'ahead', value: forecastUnknownWords(u), tone: u.reason === 'not_enough' ? 'muted' : 'warn' });
  if (!entry.forecasts.length && !entry.unknown.length) out.push({ label: 'ahead', value: `nothing forecast as of ${clock(entry.at)} (the cap's headroom and its trend, its RPC, the balance's runway, a jam forming: read with its diagnosis)`, tone: 'muted' });
  return out;
}
