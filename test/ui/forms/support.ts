/** Helpers for the form tests: reading form frames, opening forms, counting what was sent. */
import { expect } from 'vitest';
import type { RecordedRequest } from '../../../src/sandbox/index.js';
import { KEY, type Harness } from '../helpers.js';
import { RPC_READ_METHODS } from '../../../src/api/requests.js';

export const U128_MAX = '340282366920938463463374607431768211455';

/** The sepolia-main transactions list, where the first row is a pending EVM transaction. */
export const SEPOLIA = { kind: 'transactions', relayerId: 'sepolia-main' } as const;
/** The EVM replacement fields, in the contract's order. */
export const EVM_FIELDS = ['value', 'to', 'data', 'gas_limit', 'gas_price', 'max_fee_per_gas', 'max_priority_fee_per_gas', 'speed', 'valid_until'];

/** The frame's lines (a trailing newline does not count). */
export function lines(frame: string): string[] {
  return frame.replace(/\n$/, '').split('\n');
}

/** The status bar (it starts with the server label). */
export function statusBar(frame: string): string {
  return lines(frame).find((l) => l.startsWith('SANDBOX')) ?? '';
}

const LABEL = 28;

function labelOf(line: string): string | undefined {
  if (!line.startsWith('› ') && !line.startsWith('  ')) return undefined;
  if (/^ {2}[↑↓] /.test(line)) return undefined; // the rows saying which fields are out of sight
  const label = line.slice(2, LABEL).trim();
  return label && !/^\d+$/.test(label) ? label : undefined;
}

/** The value shown beside a field label ('' when empty), or undefined when the field is not shown. */
export function fieldValue(frame: string, label: string): string | undefined {
  const l = lines(frame).find((x) => labelOf(x) === label);
  return l === undefined ? undefined : l.slice(LABEL).trimEnd();
}

/** The row under a single-line field: inline error or note, then the constraint. */
export function fieldHint(frame: string, label: string): string | undefined {
  const ls = lines(frame);
  const i = ls.findIndex((x) => labelOf(x) === label);
  return i < 0 ? undefined : ls[i + 1]?.trim();
}

/** The label of the focused field (the row marked `›`). */
export function focusedField(frame: string): string | undefined {
  const l = lines(frame).find((x) => x.startsWith('› '));
  return l === undefined ? undefined : labelOf(l);
}

/** Labels of the rows shown in a form body, top to bottom (the title line excluded). */
export function fieldLabels(frame: string): string[] {
  const ls = lines(frame);
  const end = ls.findIndex((l) => l.startsWith('SANDBOX'));
  return ls
    .slice(1, end < 0 ? undefined : end)
    .map(labelOf)
    .filter((x): x is string => x !== undefined);
}

/**
 * Requests that change something (PUT, POST, PATCH, DELETE) the sandbox has received — not the JSON-RPC
 * reads of the first screen's jam diagnosis (POST …/rpc with a method of the client's read-only list).
 */
export function writes(h: Harness): RecordedRequest[] {
  return h.sandbox.requests.filter((r) => ['PUT', 'POST', 'PATCH', 'DELETE'].includes(r.method) && !(r.rpcMethod !== undefined && (RPC_READ_METHODS as readonly string[]).includes(r.rpcMethod)));
}

/** Waits a bounded time in which something must NOT happen (used only to prove an absence). */
export function settle(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** The transaction id from the replace form's title. */
export function replacedId(frame: string): string {
  const m = /replace \w+ tx (\S+) \(/.exec(frame);
  if (!m) throw new Error(`no replace title in:\n${frame}`);
  return m[1]!;
}

/** From a transactions list: moves down `down` rows, presses `e` and waits for the replace form. */
export async function openReplace(h: Harness, down = 0): Promise<string> {
  await h.waitFor((f) => /^› \S/m.test(f) && f.includes('page 1/'), 'transactions loaded');
  for (let i = 0; i < down; i++) await h.press('j');
  await h.press('e');
  const f = await h.waitFor((x) => x.includes('replace ') && /^› /m.test(x), 'replace form');
  return replacedId(f);
}

/** Clears the focused single-line field (cursor at its end) and types `text` as one chunk. */
export async function retype(h: Harness, text: string): Promise<void> {
  await h.press(KEY.ctrlU);
  if (text) await h.press(text);
}

/** Opens the palette and runs a command (e.g. `plugin echo`). */
export async function palette(h: Harness, command: string): Promise<void> {
  await h.press(':', command, KEY.enter);
}

/** Every frame written so far, as one string (for "never shown" checks). */
export function allFrames(h: Harness): string {
  return h.stdout.frames.join('\n');
}

export function expectNoWrites(h: Harness): void {
  expect(writes(h).map((r) => `${r.method} ${r.url}`)).toEqual([]);
}
