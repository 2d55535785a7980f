/**
 * Which contexts a fleet reads: `relayer-tui fleet [NAME…]` and `:fleet [NAME…]` name fleets (the
 * config file's `fleets:` groups) or contexts; none names every context of the file, broken ones too
 * (their row says why they cannot be read). Each becomes a FleetSource that opens its client the way
 * `:ctx` does (contextClient.ts), once, when the fleet first reads it.
 */
import { DEFAULT_TIMEOUT_MS, type Exchange } from '../api/index.js';
import type { FleetSource } from '../core/fleet/fleet.js';
import type { LoadedConfig } from './contextFile.js';
import { openContext } from './contextClient.js';

export function fleetSources(file: LoadedConfig, names: readonly string[], env: NodeJS.ProcessEnv, o: { onExchange?: (e: Exchange) => void } = {}): { sources: FleetSource[]; title: string } | { error: string } {
  if (file.kind === 'none') return { error: `No config file at ${file.path}: the fleet reads its contexts (relayer-tui sandbox --fleet 5 prints one to try)` };
  if (file.kind === 'error') return { error: `the config file cannot be used:\n  ${file.errors.join('\n  ')}` };
  const contexts = [...Object.keys(file.file.contexts), ...Object.keys(file.broken)];
  const fleets = file.file.fleets ?? {};
  const chosen: string[] = [];
  for (const n of names) {
    const why = file.brokenFleets?.[n];
    if (why) return { error: `The fleet ${n} cannot be read: ${why.join('; ')}` };
    const members = fleets[n] ?? (contexts.includes(n) ? [n] : null);
    if (!members) return { error: `No fleet or context named ${n} in ${file.path} (fleets: ${Object.keys(fleets).join(', ') || 'none'}; contexts: ${contexts.join(', ') || 'none'})` };
    chosen.push(...members);
  }
  const list = [...new Set(names.length ? chosen : contexts)];
  if (list.length === 0) return { error: `${file.path} has no contexts` };
  const sources = list.map((name): FleetSource => {
    const ctx = file.file.contexts[name];
    return {
      name,
      url: ctx?.url,
      open: async () => {
        const opened = await openContext(file, name, env, { onExchange: o.onExchange, maxRetries: 0 });
        // Said on the context's own row: no need to name it again ("Context prod: …").
        if ('error' in opened) return { error: opened.error.replace(/\n\s*/g, ' ').replace(`Context ${name}: `, ''), kind: opened.noToken ? 'no token' : 'broken' };
        return { client: opened.client, minBalances: opened.settings.minBalances, timeoutMs: opened.settings.timeoutMs ?? DEFAULT_TIMEOUT_MS };
      },
    };
  });
  return { sources, title: names.length ? names.join(' ') : 'every context' };
}
