/** Small helpers shared by the browse UI tests (frame reading, exit detection, raw server answers). */
import { vi } from 'vitest';
import { parseJson, stringifyJson } from '../../src/api/index.js';
import type { Harness } from './helpers.js';

/** The frame's lines (a trailing newline does not count as a line). */
export function frameLines(frame: string): string[] {
  return frame.replace(/\n$/, '').split('\n');
}

/** The status bar line (it always starts with the server label). */
export function statusLine(frame: string): string {
  return frameLines(frame).find((l) => l.startsWith('SANDBOX')) ?? '';
}

/** The footer: the line below the status bar. */
export function footerLine(frame: string): string {
  const lines = frameLines(frame);
  const i = lines.findIndex((l) => l.startsWith('SANDBOX'));
  return i >= 0 ? (lines[i + 1] ?? '') : '';
}

/** The selected table row (marked `› `, or `›*` when a refresh changed it), without the marker. */
export function cursorRow(frame: string): string {
  const l = frameLines(frame).find((x) => /^›[ *]/.test(x));
  return l === undefined ? '' : l.slice(2);
}

/** Data rows of a table: lines that start with the cursor marker (or the changed mark `*`) or two spaces and a word. */
export function tableRows(frame: string): string[] {
  const lines = frameLines(frame);
  const header = lines.findIndex((l) => /^ {2}[A-Z]{3,}\s/.test(l));
  if (header < 0) return [];
  const out: string[] = [];
  for (const l of lines.slice(header + 1)) {
    if (!/^[› ][ *]\S/.test(l)) break;
    out.push(l.slice(2));
  }
  return out;
}

/** The app has exited: Ink stopped listening to stdin, and further keys draw nothing. */
/** A relayer's row in the relayers table, found by its id ('' when it is not on screen). */
export function relayerRow(frame: string, id: string): string {
  return tableRows(frame).find((r) => r.includes(` ${id} `)) ?? '';
}

/** A relayer's STATE as its row says it: `reading…`, `not diagnosed`, or its state's word. */
export function relayerState(frame: string, id: string): string | undefined {
  return /^(reading…|not diagnosed|\S+)/.exec(relayerRow(frame, id))?.[1];
}

/** The line above the relayers table (the frame's second row: jams, readiness, lows). */
export function headLine(frame: string): string {
  return frame.split('\n')[1] ?? '';
}

export async function waitForExit(h: Harness): Promise<void> {
  await vi.waitFor(
    () => {
      if (h.stdin.listenerCount('readable') !== 0) throw new Error('app still reading stdin');
    },
    { timeout: 5000, interval: 10 },
  );
  const frames = h.stdout.frames.length;
  await h.press('j', '?', KEY_ENTER);
  if (h.stdout.frames.length !== frames) throw new Error('the app drew after it exited');
}

/** Still running: Ink listens to stdin. */
export function running(h: Harness): boolean {
  return h.stdin.listenerCount('readable') > 0;
}

const KEY_ENTER = '\r';

/** A raw API answer from the sandbox (what the app receives), parsed losslessly. */
export async function rawGet(h: Harness, path: string): Promise<{ text: string; json: Record<string, unknown> }> {
  const res = await fetch(`${h.sandbox.url}/api/v1${path}`, { headers: { authorization: `Bearer ${h.sandbox.token}` } });
  const text = await res.text();
  return { text, json: parseJson(text) as Record<string, unknown> };
}

/** Serialises a changed answer for `sandbox.inject` (big integers keep their digits). */
export function body(value: unknown): string {
  return stringifyJson(value);
}

/** The SGR colour codes (foreground/background) in a frame; inverse/bold are not colours. */
export function colourCodes(frame: string): string[] {
  return [...frame.matchAll(/\x1b\[((?:3|4|9|10)[0-9](?:;[0-9;]*)?)m/g)].map((m) => m[1]!).filter((c) => c !== '39' && c !== '49');
}

/** The NAME cell of a relayers-table row (after the state word). */
/**
 * One column's cells by the header's positions (a column as wide as its content leaves one space
 * before the next: splitting on two spaces then runs two cells together).
 */
export function columnCells(frame: string, title: string): string[] {
  const lines = frameLines(frame);
  const header = lines.find((l) => /^ {2}[A-Z]{3,}\s/.test(l)) ?? '';
  const start = header.search(new RegExp(`\\b${title}\\b`));
  if (start < 0) return [];
  const next = header.slice(start + title.length).search(/\S/);
  const end = next < 0 ? undefined : start + title.length + next;
  return tableRows(frame).map((r) => `  ${r}`.slice(start, end).trim());
}

export function relayerName(row: string): string {
  return row.replace(/^(active|jammed|low|paused|disabled|reading…|not diagnosed)\s+/, '').split(/\s{2,}/)[0] ?? '';
}

/** Rows a refresh marked as changed (`*` beside the cursor mark), without the marks. */
export function markedRows(frame: string): string[] {
  return frameLines(frame).filter((l) => /^[› ]\*\S/.test(l)).map((l) => l.slice(2));
}
