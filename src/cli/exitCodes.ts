/**
 * The exit codes of the subcommands, one per class of outcome, with what each means in words: the
 * one table --help, each subcommand's --help and the headless face read (README.md copies it; the man page reads it).
 */
export const EXIT = {
  ok: 0,
  /** A mutation the operator declined at the prompt: nothing was sent. */
  declined: 1,
  usage: 2,
  config: 3,
  unauthorized: 4,
  notFound: 5,
  rateLimited: 6,
  server: 7,
  outcomeUnknown: 8,
  network: 9,
  readOnly: 10,
  /** A plugin ran and answered with a failure (`success: false`). */
  pluginFailed: 11,
  /** `check`, `fleet --check`: a relayer needs attention (jammed, disabled, stuck, a nonce gap, a low balance; check: a server not ready). */
  attention: 12,
  /** `check`, `fleet`: a context or relayer could not be read (down, timed out, 401, 429, …), whatever else; `--wait`: the jam could not be read. */
  unreadable: 13,
  /** A mutation the server answered with success, but what came back shows nothing changed (or not as asked). */
  noEffect: 14,
  /** `ready`: the server answered that it is not ready (503 unhealthy). */
  notReady: 15,
  /** `--wait`: what was followed (a jam clearing, a send mined) was not done by the deadline. */
  notDone: 16,
  /** `check`: nothing needs attention now, but a relayer is heading for a stop (core/forecast); `--forecast off` leaves it out. */
  heading: 17,
} as const;

/** What each code means, in order: `short` for the global usage, `long` for a subcommand's help. */
export const EXIT_MEANINGS: readonly { code: number; short: string; long: string }[] = [
  { code: EXIT.ok, short: 'ok', long: 'ok' },
  { code: EXIT.declined, short: 'declined', long: 'declined at the prompt (nothing sent)' },
  { code: EXIT.usage, short: 'usage', long: 'usage or invalid input (nothing sent), or refused by the server as invalid or conflicting (HTTP 400, 409)' },
  { code: EXIT.config, short: 'config', long: 'config' },
  { code: EXIT.unauthorized, short: 'unauthorized/forbidden', long: 'unauthorized/forbidden (also a paused or disabled relayer)' },
  { code: EXIT.notFound, short: 'not found', long: 'not found' },
  { code: EXIT.rateLimited, short: 'rate limited', long: 'rate limited' },
  { code: EXIT.server, short: 'server error', long: 'server error' },
  { code: EXIT.outcomeUnknown, short: 'outcome unknown (may have been applied)', long: 'outcome unknown (a mutation was sent and may have been applied: check before sending it again)' },
  { code: EXIT.network, short: 'network', long: 'network (not sent)' },
  { code: EXIT.readOnly, short: 'read-only', long: 'read-only' },
  { code: EXIT.pluginFailed, short: 'the plugin answered with a failure', long: 'the plugin answered with a failure' },
  { code: EXIT.attention, short: 'check, fleet: needs attention', long: 'check, fleet --check: a relayer needs attention (jammed, disabled, stuck, nonce gap, low balance; check: also a server not ready)' },
  { code: EXIT.unreadable, short: 'check, fleet: not all read', long: 'check, fleet (--check or not): a context or relayer could not be read (unreachable, timed out, 401, 429); --wait: the jam could not be read' },
  { code: EXIT.noEffect, short: 'answered success, nothing changed', long: 'the server answered success but what came back shows nothing changed, or not as asked (e.g. a Stellar replace or cancel on the OpenZeppelin Relayer v1.8)' },
  { code: EXIT.notReady, short: 'ready: not ready', long: 'ready: the server says it is not ready (HTTP 503, unhealthy)' },
  { code: EXIT.notDone, short: '--wait: not done by the deadline', long: '--wait: the relayer\'s jam did not clear by the deadline (its cause as it is now on stderr), or a transaction sent was not mined by it (or ended failed, canceled or expired)' },
  { code: EXIT.heading, short: 'check: heading for trouble', long: 'check, fleet --check: nothing needs attention now, but a relayer is heading for a stop (a network price near its gas_price_cap, its RPC failing, its balance running to its minimum, a jam forming); --forecast off leaves forecasts out' },
];

/** The table as text, wrapped at `width` with `indent` on continuation lines. */
export function exitCodesText(lead: string, kind: 'short' | 'long', width = 100, indent = '  '): string {
  const parts = EXIT_MEANINGS.map((m) => `${m.code} ${m[kind]}`);
  const lines: string[] = [];
  let line = lead;
  for (const [i, p] of parts.entries()) {
    const piece = i === 0 ? p : ` · ${p}`;
    if ((line + piece).length > width && line.trim() !== '') {
      lines.push(line);
      line = indent + p;
    } else line += piece;
  }
  lines.push(line);
  return lines.join('\n');
}
