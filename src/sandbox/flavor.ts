/**
 * Rendering that differs between the two sandbox flavors:
 * - `contract`: what the interface document describes (failure key `message`, decimal `value`, ISO `Z` timestamps).
 * - `real`: what OpenZeppelin Relayer v1.8 actually sends (failure key `error`, text/plain deserialize errors,
 *   0x-hex `value`, RFC 3339 `+00:00` timestamps with 9 fractional digits).
 */
import { JsonSyntaxError, parseJson, stringifyJson } from '../api/json.js';

export type Flavor = 'contract' | 'real';

export const FLAVORS: readonly Flavor[] = ['contract', 'real'];

/** A response ready to be written: status, headers (content-type included) and body text. */
export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const JSON_TYPE = 'application/json';
export const TEXT_TYPE = 'text/plain; charset=utf-8';

export interface Pagination {
  current_page: number;
  per_page: number;
  total_items: number;
}

export function jsonResponse(status: number, value: unknown, extraHeaders?: Record<string, string>): SandboxResponse {
  return { status, headers: { 'content-type': JSON_TYPE, ...extraHeaders }, body: stringifyJson(value) };
}

export function textResponse(status: number, text: string, extraHeaders?: Record<string, string>): SandboxResponse {
  return { status, headers: { 'content-type': TEXT_TYPE, ...extraHeaders }, body: text };
}

/** Success envelope `{success:true, data, error:null}` (+ pagination on lists). Same in both flavors. */
export function ok(data: unknown, status = 200, pagination?: Pagination): SandboxResponse {
  const env: Record<string, unknown> = { success: true, data, error: null };
  if (pagination) env.pagination = pagination;
  return jsonResponse(status, env);
}

/** Failure envelope: contract `{data:null, message, success:false}`; real `{success:false, data:null, error}`. */
export function fail(flavor: Flavor, status: number, text: string, extraHeaders?: Record<string, string>): SandboxResponse {
  if (flavor === 'real') return jsonResponse(status, { success: false, data: null, error: text }, extraHeaders);
  return jsonResponse(status, { data: null, message: text, success: false }, extraHeaders);
}

/**
 * A request the server could not deserialize (body shape/type/range/unknown field, bad query).
 * Contract flavor: envelope `Bad Request`. Real flavor: 400 text/plain `<prefix>: <detail>` as actix sends it.
 */
export function badInput(flavor: Flavor, kind: 'json' | 'query', detail: string): SandboxResponse {
  if (flavor === 'real') return textResponse(400, `${kind === 'json' ? 'Json' : 'Query'} deserialize error: ${detail}`);
  return fail(flavor, 400, 'Bad Request');
}

/** A semantic validation failure (body well-formed but not acceptable). Contract: `Bad Request`; real: the text. */
export function invalid(flavor: Flavor, detail: string): SandboxResponse {
  return fail(flavor, 400, flavor === 'real' ? detail : 'Bad Request');
}

export function unauthorized(flavor: Flavor, headerPresent: boolean): SandboxResponse {
  if (flavor === 'real') {
    const body = stringifyJson({ success: false, code: 401, error: 'Unauthorized', message: 'Unauthorized' });
    // The real server sends the wrong-key answer without a JSON content type; a missing header gets JSON.
    return { status: 401, headers: { 'content-type': headerPresent ? TEXT_TYPE : JSON_TYPE }, body };
  }
  return fail(flavor, 401, 'Unauthorized');
}

export function tooManyRequests(flavor: Flavor, afterSeconds: number): SandboxResponse {
  if (flavor === 'real') {
    return jsonResponse(
      429,
      { success: false, code: 429, error: 'TooManyRequests', message: 'Too Many Requests', after: afterSeconds },
      { 'x-ratelimit-after': String(afterSeconds) },
    );
  }
  return fail(flavor, 429, 'Too Many Requests', { 'retry-after': String(afterSeconds) });
}

/** Timestamp rendering: contract `2026-08-20T12:34:56.123Z`; real `2026-08-20T12:34:56.123456789+00:00`. */
export function formatTime(flavor: Flavor, ms: number): string {
  const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
  if (flavor === 'contract') return iso;
  // Six extra sub-millisecond digits, deterministic in ms, so the value looks like a real nanosecond clock.
  const extra = String(((ms % 1_000_003) * 7919 + 123_457) % 1_000_000).padStart(6, '0');
  return `${iso.slice(0, 23)}${extra}+00:00`;
}

export function formatOptionalTime(flavor: Flavor, ms: number | null): string | null {
  return ms === null ? null : formatTime(flavor, ms);
}

/** EVM `value` rendering: contract decimal string (wei); real 0x-hex (U256). */
export function formatWei(flavor: Flavor, v: bigint): string {
  return flavor === 'real' ? `0x${v.toString(16)}` : v.toString(10);
}

/** `Confirmed` from `confirmed` (Rust Debug rendering of the status enum). */
export function capitalize(s: string): string {
  return s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1);
}

/** A request body read as JSON (losslessly), or the server's answer to one that is not JSON. */
export function readJsonBody(flavor: Flavor, raw: string): { body: unknown } | { response: SandboxResponse } {
  try {
    return { body: parseJson(raw) };
  } catch (err) {
    if (err instanceof JsonSyntaxError) return { response: badInput(flavor, 'json', err.message) };
    throw err;
  }
}

/** The real server's 404 for a relayer it does not have (its text, once). */
export function relayerNotFound(flavor: Flavor, relayerId: string): SandboxResponse {
  return fail(flavor, 404, `Relayer with ID ${relayerId} not found`);
}
