/** Command palette: parsing and completion, pure. */
import { TRANSACTION_STATUSES } from '../../api/index.js';
import { nearestWord } from '../../core/text/nearestWord.js';
import type { PaletteCycle, Route } from './shell.js';

export const PALETTE_COMMANDS = ['relayers', 'tx', 'stuck', 'fleet', 'page', 'nonce', 'find', 'plugin', 'plugins', 'networks', 'signers', 'notifications', 'notify', 'server', 'metrics', 'ctx', 'log', 'audit', 'messages', 'help', 'q', 'quit'] as const;

export type PaletteResult =
  | { kind: 'route'; route: Route }
  | { kind: 'quit' }
  | { kind: 'help' }
  | { kind: 'page'; page: number | 'last' }
  /** `:nonce N`, `:find <tx id|hash>`: one transaction of the relayer on screen. */
  | { kind: 'find'; by: 'nonce' | 'text'; value: string }
  | { kind: 'ctx'; name: string }
  | { kind: 'error'; message: string };

export function parsePalette(input: string): PaletteResult {
  const parts = input.trim().replace(/^:/, '').trim().split(/\s+/).filter(Boolean);
  const [cmd, arg] = parts;
  switch (cmd) {
    case undefined:
      return { kind: 'error', message: 'Type a command: relayers, tx <relayer-id>, plugin <id>, notify, q' };
    case 'relayers':
    case 'rel':
      return { kind: 'route', route: { kind: 'relayers' } };
    case 'tx':
    case 'transactions': {
      if (!arg) return { kind: 'error', message: ':tx needs a relayer id (tab completes)' };
      const filter = parts[2];
      if (filter === undefined) return { kind: 'route', route: { kind: 'transactions', relayerId: arg } };
      const m = /^status=(\w+)$/.exec(filter);
      if (!m || !(TRANSACTION_STATUSES as readonly string[]).includes(m[1]!.toLowerCase()))
        return { kind: 'error', message: `:tx ${arg} status=<s>, s one of ${TRANSACTION_STATUSES.join(', ')}` };
      return { kind: 'route', route: { kind: 'transactions', relayerId: arg, status: m[1]!.toLowerCase() } };
    }
    case 'plugin':
      // Without an id: the server's plugins to choose from (or the form to type it, where there is no list).
      if (!arg) return { kind: 'route', route: { kind: 'plugins' } };
      return { kind: 'route', route: { kind: 'operation', op: 'plugin-call', target: { pluginId: arg } } };
    case 'plugins':
      return { kind: 'route', route: { kind: 'plugins' } };
    case 'networks':
    case 'signers':
    case 'notifications':
      return { kind: 'route', route: { kind: 'serverRecords', of: cmd } };
    case 'notify':
    case 'notification':
      return { kind: 'route', route: { kind: 'operation', op: 'notification-create', target: {} } };
    case 'server':
    case 'conn':
    case 'connection':
      return { kind: 'route', route: { kind: 'server' } };
    case 'metrics':
      return { kind: 'route', route: { kind: 'metrics' } };
    case 'ctx':
    case 'context':
      if (!arg) return { kind: 'error', message: ':ctx needs a context name (tab completes)' };
      return { kind: 'ctx', name: arg };
    case 'log':
      return { kind: 'route', route: { kind: 'log' } };
    case 'stuck':
    case 'triage':
      return { kind: 'route', route: { kind: 'stuck' } };
    case 'fleet':
      return { kind: 'route', route: { kind: 'fleet', names: parts.slice(1) } };
    case 'audit':
      return { kind: 'route', route: { kind: 'audit' } };
    case 'messages':
    case 'msg':
      return { kind: 'route', route: { kind: 'messages' } };
    case 'help':
      return { kind: 'help' };
    case 'page':
    case 'p': {
      if (arg === 'last' || arg === '$') return { kind: 'page', page: 'last' };
      const n = Number((arg ?? '').replace(/[,_]/g, ''));
      if (!arg || !Number.isSafeInteger(n) || n < 1) return { kind: 'error', message: ':page needs a page number from 1 (or last), e.g. :page 42' };
      return { kind: 'page', page: n };
    }
    case 'nonce':
      if (!arg || !/^\d{1,19}$/.test(arg.replace(/[,_]/g, ''))) return { kind: 'error', message: ':nonce needs a nonce, e.g. :nonce 1042' };
      return { kind: 'find', by: 'nonce', value: arg.replace(/[,_]/g, '') };
    case 'find':
      if (!arg) return { kind: 'error', message: ':find needs a transaction id or hash' };
      return { kind: 'find', by: 'text', value: arg };
    case 'q':
    case 'quit':
      return { kind: 'quit' };
    default: {
      // A typo answered as the command line answers one (the same nearest word).
      const guess = nearestWord(cmd, PALETTE_COMMANDS, 2);
      return { kind: 'error', message: `Unknown command :${cmd}${guess ? ` — did you mean :${guess}?` : '.'} Try :relayers, :tx <relayer-id>, :stuck, :page <n>, :plugin <id>, :notify, :server, :messages, :q` };
    }
  }
}

/** Completions for the current input: command names, then relayer ids after `tx `, contexts after `ctx `. */
export function completions(input: string, relayerIds: readonly string[], contexts: readonly string[] = [], fleets: readonly string[] = []): string[] {
  const m = /^:?\s*(\S*)(\s+(\S*))?$/.exec(input);
  if (!m) return [];
  const [, cmd = '', spaced, arg = ''] = m;
  if (!spaced) return PALETTE_COMMANDS.filter((c) => c.startsWith(cmd) && c !== 'quit').map((c) => c);
  if (cmd === 'tx' || cmd === 'transactions') return relayerIds.filter((id) => id.toLowerCase().startsWith(arg.toLowerCase()));
  if (cmd === 'ctx' || cmd === 'context') return contexts.filter((c) => c.startsWith(arg));
  if (cmd === 'fleet') return [...fleets, ...contexts].filter((c) => c.startsWith(arg));
  return [];
}

/** The input after tab: the single completion, or the longest common prefix of several. */
export function complete(input: string, relayerIds: readonly string[], contexts: readonly string[] = [], fleets: readonly string[] = []): string {
  const options = completions(input, relayerIds, contexts, fleets);
  if (options.length === 0) return input;
  const prefix = options.reduce((p, o) => {
    let i = 0;
    while (i < p.length && i < o.length && p[i] === o[i]) i++;
    return p.slice(0, i);
  });
  const m = /^:?\s*(\S*)(\s+(\S*))?$/.exec(input)!;
  if (!m[2]) {
    const done = options.length === 1;
    return done ? `${prefix}${prefix === 'tx' || prefix === 'plugin' ? ' ' : ''}` : prefix.length > (m[1] ?? '').length ? prefix : input;
  }
  return `${m[1]} ${prefix.length >= (m[3] ?? '').length ? prefix : m[3]}`;
}


/** `input` with its last word (the command, or the argument after it) replaced by `option`. */
function withWord(input: string, option: string): string {
  const m = /^:?\s*(\S*)(\s+(\S*))?$/.exec(input);
  if (!m || !m[2]) return option;
  return `${m[1]} ${option}`;
}

/**
 * What tab (or shift+tab, `step` -1) does to the line, as a shell's menu completion: it completes
 * what is common to every candidate; where that adds nothing (an empty line, `:s`), each tab puts
 * the next candidate on the line (shift+tab the one before), the list kept from the line as it was
 * typed; any other key ends the cycle.
 */
export function tabStep(input: string, cycle: PaletteCycle | null, step: 1 | -1, relayerIds: readonly string[], contexts: readonly string[] = [], fleets: readonly string[] = []): { text: string; cycle: PaletteCycle | null } {
  if (cycle) {
    const options = completions(cycle.base, relayerIds, contexts, fleets);
    if (options.length > 0) {
      const index = (cycle.index + step + options.length) % options.length;
      return { text: withWord(cycle.base, options[index]!), cycle: { base: cycle.base, index } };
    }
  }
  const done = complete(input, relayerIds, contexts, fleets);
  if (done !== input) return { text: done, cycle: null };
  const options = completions(input, relayerIds, contexts, fleets);
  if (options.length < 2) return { text: input, cycle: null };
  const index = step === 1 ? 0 : options.length - 1;
  return { text: withWord(input, options[index]!), cycle: { base: input, index } };
}
