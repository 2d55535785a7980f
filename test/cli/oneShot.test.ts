/**
 * Which bundle the launcher starts (src/start/launcher.ts): `isOneShot` reads the command line without the
 * grammar; it must agree with the grammar (src/cli/grammar.ts) on what is the TUI and what is not, or
 * a one-shot would load the TUI's bundle (Ink, React, the layout engine) and the TUI the one-shot's first.
 */
import { describe, expect, it } from 'vitest';
import { isLongRead, isOneShot } from '../../src/cli/commands.js';
import { parseArgv } from '../../src/cli/grammar.js';

const LINES: string[][] = [
  [],
  ['--read-only'],
  ['--context', 'prod'],
  ['--url', 'http://127.0.0.1:8080', '--per-page', '25'],
  ['--sandbox', '--sandbox-flavor', 'real'],
  ['--watch', '2'],
  ['relayers', '--json'],
  ['txs', 'sepolia-main', '--all', '--output', 'ndjson'],
  ['--context', 'prod', 'relayers'],
  ['replace', 'r', 't', '--speed', 'fast', '--dry-run'],
  ['plugins'],
  ['plugin', 'echo', '--params', '{}'],
  ['cancel', 'r', 't'],
  ['pause', 'r'],
  ['resume', 'r'],
  ['notify', '--url', 'https://x', '--dry-run'],
  ['ready'],
  ['fleet', '--check'],
  ['info'],
  ['contexts'],
  ['completion', 'bash'],
  ['__complete', 'tx'],
  ['sandbox', '--port', '0'],
  ['--help'],
  ['-h'],
  ['--version'],
  ['-v'],
  ['relayers', '--help'],
  ['--bogus'],
];

describe('the launcher\'s choice of bundle', () => {
  it.each(LINES.map((l) => [l.join(' ') || '(nothing)', l]))('%s: the one-shot bundle exactly when the grammar says it is not the TUI', async (_, argv) => {
    const p = await parseArgv(argv as string[]);
    const tui = p.kind === 'parsed' && !p.sub && !p.headless;
    // A usage error is printed by either bundle; the TUI's is loaded for one only when no subcommand was named.
    if (p.kind === 'error') return expect(isOneShot(argv as string[])).toBe(false);
    expect(isOneShot(argv as string[])).toBe(!tui);
  });
});

describe('a long read (the optimizing compiler kept for the HTTP parser)', () => {
  it('is --all or the fleet, and nothing else', () => {
    expect([['txs', 'r', '--all'], ['relayers', '--all', '--json'], ['fleet'], ['fleet', 'prod', '--check']].map(isLongRead)).toEqual([true, true, true, true]);
    expect([['relayers', '--json'], ['txs', 'r'], ['cancel', 'r', '--all-pending'], ['info'], []].map(isLongRead)).toEqual([false, false, false, false, false]);
  });
});
