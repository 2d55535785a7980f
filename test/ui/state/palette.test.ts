import { describe, expect, it } from 'vitest';
import { complete, completions, parsePalette, tabStep } from '../../../src/ui/state/palette.js';
import type { PaletteCycle } from '../../../src/ui/state/shell.js';
import { cycleHint } from '../../../src/ui/components/Palette.js';

const IDS = ['base-batch', 'bsc-treasury', 'bulk-1m', 'sepolia-main', 'solana-devnet', 'solana-mainnet', 'stellar-testnet'];

describe('palette: parse', () => {
  it('routes the browse commands', () => {
    expect(parsePalette('relayers')).toEqual({ kind: 'route', route: { kind: 'relayers' } });
    expect(parsePalette(':relayers')).toEqual({ kind: 'route', route: { kind: 'relayers' } });
    expect(parsePalette('  tx   sepolia-main  ')).toEqual({ kind: 'route', route: { kind: 'transactions', relayerId: 'sepolia-main' } });
    expect(parsePalette('plugin echo')).toEqual({ kind: 'route', route: { kind: 'operation', op: 'plugin-call', target: { pluginId: 'echo' } } });
    expect(parsePalette('notify')).toEqual({ kind: 'route', route: { kind: 'operation', op: 'notification-create', target: {} } });
    expect(parsePalette('q')).toEqual({ kind: 'quit' });
    expect(parsePalette('quit')).toEqual({ kind: 'quit' });
    expect(parsePalette('help')).toEqual({ kind: 'help' });
  });

  it('a typo is answered with the command meant, as the command line answers one', () => {
    const typo = parsePalette(':stuk');
    expect(typo.kind === 'error' && typo.message).toMatch(/^Unknown command :stuk — did you mean :stuck\? Try :relayers, /);
    const other = parsePalette(':plugns');
    expect(other.kind === 'error' && other.message).toMatch(/^Unknown command :plugns — did you mean :plugins\? /);
    // Nothing near: no guess.
    const far = parsePalette(':frobnicate');
    expect(far.kind === 'error' && far.message).toMatch(/^Unknown command :frobnicate\. Try :relayers, /);
  });

  it('explains what is missing or unknown', () => {
    const noId = parsePalette('tx');
    expect(noId.kind).toBe('error');
    expect(noId.kind === 'error' && noId.message).toMatch(/relayer id/);
    // Without an id: the server's plugins to choose from.
    expect(parsePalette('plugin')).toEqual({ kind: 'route', route: { kind: 'plugins' } });
    expect(parsePalette('plugins')).toEqual({ kind: 'route', route: { kind: 'plugins' } });
    const unknown = parsePalette('frobnicate now');
    expect(unknown.kind === 'error' && unknown.message).toMatch(/^Unknown command :frobnicate/);
    expect(parsePalette('   ').kind).toBe('error');
  });
});

describe('palette: :fleet', () => {
  it('takes fleets or contexts by name (none: every context); tab offers the fleets, then the contexts', () => {
    expect(parsePalette('fleet')).toEqual({ kind: 'route', route: { kind: 'fleet', names: [] } });
    expect(parsePalette(':fleet prod staging')).toEqual({ kind: 'route', route: { kind: 'fleet', names: ['prod', 'staging'] } });
    expect(completions('fleet p', [], ['prod-eu', 'staging'], ['prod'])).toEqual(['prod', 'prod-eu']);
    expect(completions('ctx p', [], ['prod-eu', 'staging'], ['prod'])).toEqual(['prod-eu']);
  });
});

describe('palette: completion', () => {
  it('lists command names, then relayer ids after tx (case-insensitive)', () => {
    const all = completions('', IDS);
    for (const c of ['relayers', 'tx', 'plugin', 'notify', 'q']) expect(all).toContain(c);
    expect(all).not.toContain('quit');
    expect(all.every((c) => !IDS.includes(c))).toBe(true);
    expect(completions('t', IDS)).toEqual(['tx']);
    expect(completions('tx s', IDS)).toEqual(['sepolia-main', 'solana-devnet', 'solana-mainnet', 'stellar-testnet']);
    expect(completions('tx SOL', IDS)).toEqual(['solana-devnet', 'solana-mainnet']);
    expect(completions('plugin e', IDS)).toEqual([]);
  });

  it('completes a unique id, a command (with a space when it takes an argument) or the common prefix', () => {
    expect(complete('tx sep', IDS)).toBe('tx sepolia-main');
    expect(complete('tx bu', IDS)).toBe('tx bulk-1m');
    expect(complete('tx sol', IDS)).toBe('tx solana-');
    expect(complete('tx s', IDS)).toBe('tx s');
    expect(complete('t', IDS)).toBe('tx ');
    // plugin and plugins: the common prefix, then plugin takes its space.
    expect(complete('pl', IDS)).toBe('plugin');
    expect(complete('plugins', IDS)).toBe('plugins');
    // notify and notifications (issue 42.4): their common prefix.
    expect(complete('not', IDS)).toBe('notif');
    expect(complete('notify', IDS)).toBe('notify');
    expect(complete('no', IDS)).toBe('no'); // nonce, notifications, notify
    expect(complete('tx nope', IDS)).toBe('tx nope');
    expect(complete('zzz', IDS)).toBe('zzz');
  });
});

describe('palette: tab where nothing is common cycles the candidates (walk finding: tab on an empty line did nothing)', () => {
  /** The lines successive tabs (1) and shift+tabs (-1) put on the palette from `typed`. */
  const tabs = (typed: string, steps: (1 | -1)[]) => {
    let state: { text: string; cycle: PaletteCycle | null } = { text: typed, cycle: null };
    return steps.map((step) => (state = tabStep(state.text, state.cycle, step, IDS)).text);
  };

  it('an empty line: each tab the next command, shift+tab back, round at the ends', () => {
    const all = completions('', IDS);
    expect(tabs('', [1, 1, 1, -1, -1, -1])).toEqual([all[0], all[1], all[2], all[1], all[0], all.at(-1)]);
    expect(tabs('', Array(all.length + 1).fill(1)).at(-1)).toBe(all[0]);
  });

  it('a prefix shared by several (no, tx s): the candidates in turn; the argument only is replaced', () => {
    expect(tabs('no', [1, 1, 1])).toEqual(['nonce', 'notifications', 'notify']);
    expect(tabs('tx s', [1, 1, -1])).toEqual(['tx sepolia-main', 'tx solana-devnet', 'tx sepolia-main']);
  });

  it('completes what is common first, and does nothing where nothing matches', () => {
    expect(tabStep('pl', null, 1, IDS)).toEqual({ text: 'plugin', cycle: null });
    expect(tabStep('zzz', null, 1, IDS)).toEqual({ text: 'zzz', cycle: null });
    expect(tabStep('tx nope', null, 1, IDS)).toEqual({ text: 'tx nope', cycle: null });
  });

  it('the hint while cycling: the one on the line in brackets, then what the next tabs give', () => {
    expect(cycleHint(['nonce', 'notify'], 0, 80)).toBe('   [nonce]  tab: notify');
    expect(cycleHint(['a', 'b', 'c'], 1, 80)).toBe('   [b]  tab: c  a');
  });
});

describe('help names every palette command (walk finding: :ctx, :log, :audit, :messages were missing)', () => {
  it('the : binding\'s description lists each command the palette takes', async () => {
    const { BINDINGS } = await import('../../../src/ui/keymap.js');
    const { PALETTE_COMMANDS } = await import('../../../src/ui/state/palette.js');
    const text = BINDINGS.find((b) => b.command === 'palette')!.description;
    expect(PALETTE_COMMANDS.filter((c) => c !== 'quit' && !new RegExp(`:${c}\\b`).test(text))).toEqual([]);
  });
});
