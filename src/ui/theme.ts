/**
 * Semantic colours, decided in one place. Monochrome when NO_COLOR is set or TERM=dumb: then the
 * UI still reads through words, markers and reverse video for the cursor.
 */
import chalk from 'chalk';

import type { Tone } from '../core/tone.js';


const COLORS: Record<Tone, string | undefined> = {
  ok: 'green',
  warn: 'yellow',
  bad: 'red',
  info: 'cyan',
  muted: 'gray',
  accent: 'blue',
  plain: undefined,
};

export function colorEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return true;
}

let enabled = colorEnabled();

/** For tests and the CLI: recompute from an environment. */
export function setColorEnabled(on: boolean): void {
  enabled = on;
}

export function isColorEnabled(): boolean {
  return enabled;
}

/** Ink `color` prop for a tone, or undefined in monochrome. */
export function tone(t: Tone): string | undefined {
  return enabled ? COLORS[t] : undefined;
}

/** A context's accent colour (config `accent:`), or the usual accent; none in monochrome. */
export function accentColor(name: string | undefined): string | undefined {
  return enabled ? (name ?? COLORS.accent) : undefined;
}

/** Dim text only with colour on (dim is unreadable on some monochrome terminals). */
export function dim(): boolean {
  return enabled;
}

/**
 * Text in a colour from `tone()`, as one string with its escape codes (chalk, as Ink's own `color`
 * uses, so terminals without colour get none): a table row is then one text node instead of one per
 * cell (Ink measures and lays out every node on every frame).
 */
export function paint(text: string, color: string | undefined): string {
  if (color === undefined || text === '') return text;
  const style = (chalk as unknown as Record<string, ((s: string) => string) | undefined>)[color];
  return style ? style(text) : text;
}
