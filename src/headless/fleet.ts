/**
 * `relayer-tui fleet [NAME…]`: every relayer of several contexts in one table (or JSON, one object per
 * relayer with its context), and `--check` for cron and monitoring: one line per problem on stdout,
 * then one per forecast; exit 0 when nothing needs attention, 12 when a relayer does, 13 when a context
 * or relayer could not be read, 17 when nothing needs attention now but a relayer is heading for trouble
 * (below 12 and 13, as check's; `--forecast off` reads none). The rules are the core's
 * (src/core/fleet/health.ts, core/forecast), the same as the TUI's :fleet and `check`.
 */
import type { HeadlessOptions } from '../cli/grammar.js';
import { EXIT } from '../cli/exitCodes.js';
import type { AppConfig } from '../config/config.js';
import { fleetSources } from '../config/fleetSources.js';
import { FLEET_COLUMNS } from '../core/columns/fleet.js';
import { Fleet, type ContextState } from '../core/fleet/fleet.js';
import { fleetRowRecord, needsAttention, problemsSaid, summaryLine, type FleetRow } from '../core/fleet/health.js';
import { commandPrefix, type FixFace } from '../core/jam/words.js';
import { forecastWords } from '../core/forecast/forecast.js';
import { forecastUnknownWords, readFailed } from '../core/forecast/unknown.js';
import { sanitize } from '../core/text/sanitize.js';
import { asciiJson, readableId } from '../core/text/values.js';
import { json, Out, table, type Streams } from './output.js';

export function contextJson(c: ContextState): Record<string, unknown> {
  return { name: c.name, url: c.url, state: c.phase, error: c.error, not_all_read: c.unread, latency_ms: c.latencyMs === null ? null : Math.round(c.latencyMs), relayers: c.relayers, requests: c.requests };
}

/** Where a fix is named in a shell: the whole command, with the row's context (a key means nothing there). */
const commandFace = (r: FleetRow): FixFace | undefined => (r.relayerId !== null ? { kind: 'commands', relayerId: r.relayerId, prefix: commandPrefix(r.context) } : undefined);

/** `--check`'s lines: one per problem of each row that needs attention, `context/relayer: problem`. */
export function problemLines(rows: readonly FleetRow[], now: number): string[] {
  // Ids as a reader must see them (a look-alike written as its code point: pr\u043ed-main).
  // A jam's fix named as the command that does it, in the row's context (a key means nothing in a shell).
  return rows.filter(needsAttention).flatMap((r) => problemsSaid(r, now, commandFace(r)).map((p) => `${r.relayerId === null ? readableId(r.context) : `${readableId(r.context)}/${readableId(r.relayerId)}`}: ${p}`));
}

/**
 * `--check`'s forecast lines: one per forecast of each relayer, `context/relayer: forecast`, its fix as a
 * command; then each a failed read left not known, and why (as check says them: never left out).
 */
export function forecastLines(rows: readonly FleetRow[]): string[] {
  return rows.flatMap((r) => {
    const face = commandFace(r);
    if (!face) return [];
    const id = `${readableId(r.context)}/${readableId(r.relayerId!)}`;
    return [...r.forecasts.map((f) => `${id}: ${forecastWords(f, face)}`), ...r.forecastsNotKnown.filter(readFailed).map((u) => `${id}: ${forecastUnknownWords(u)}`)];
  });
}

export async function runFleet(config: AppConfig, o: HeadlessOptions, names: string[], s: Streams, env: NodeJS.ProcessEnv, fail: (code: number, message: string) => number): Promise<number> {
  const chosen = fleetSources(config.configFile, names, env);
  if ('error' in chosen) return fail(EXIT.config, chosen.error);
  const fleet = new Fleet(chosen.sources, { now: Date.now, forecasts: config.forecast });
  try {
    await fleet.refresh();
  } finally {
    await fleet.close();
  }
  const rows = fleet.rows();
  const contexts = fleet.contexts();
  const summary = summaryLine(rows, contexts.length, 0, fleet.serverOf());
  const unreadable = rows.some((r) => r.trouble === 'unreachable' || r.trouble === 'not-opened' || r.trouble === 'unchecked');
  const attention = rows.some(needsAttention);
  // Heading for trouble (17) only where nothing needs attention now and everything was read (check's precedence).
  const heading = rows.some((r) => r.forecasts.length > 0);
  const code = unreadable ? EXIT.unreadable : attention ? EXIT.attention : heading ? EXIT.heading : EXIT.ok;
  const out = new Out(s.out);
  const now = Date.now();
  const asJson = o.output === 'json' || (o.output === 'auto' && !s.out.isTTY && !o.check);
  // JSON in ASCII: a look-alike id reads as its escapes, and parses back to the exact bytes.
  if (o.output === 'ndjson') await out.write(rows.map((r) => `${asciiJson(json(fleetRowRecord(r, now, commandFace(r))))}\n`).join(''));
  else if (asJson) await out.write(`${asciiJson(json({ summary, contexts: contexts.map(contextJson), relayers: rows.map((r) => fleetRowRecord(r, now, commandFace(r))), ...(o.check ? { problems: problemLines(rows, now), forecasts: forecastLines(rows) } : {}) }, 2))}\n`);
  else if (o.check) {
    await out.write([...problemLines(rows, now), ...forecastLines(rows)].map((l) => `${sanitize(l)}\n`).join(''));
    s.err.write(`relayer-tui fleet: ${sanitize(summary)}\n`);
  } else {
    await out.write(`${sanitize(summary)}\n`);
    await out.write(table(FLEET_COLUMNS(() => now, commandFace), rows, (s.out.columns ?? 120) || 120));
  }
  // Without --check the exit says whether everything could be read (a script can trust the figures).
  return o.check ? code : unreadable ? EXIT.unreadable : EXIT.ok;
}
