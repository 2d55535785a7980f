/**
 * What a row schema (zod, schemas.ts) accepts, reduced to what can be told from a JSON token's kind
 * alone: for each key of the row object, the kinds of value that always pass (any string, an integer
 * literal, true/false, null), whether it may be absent, and the key's own schema for a value that
 * needs more (an object or array is parsed and checked with it). Read from the schema's own
 * definition, so there is one description of a row; anything not understood here accepts nothing
 * fast, and the page is then read the exact way (JSON parse and the schema), which says why.
 */
import type { z } from 'zod/mini';
import { intLike } from './schemas.js';

/** Token kinds, as bits. */
export const KIND = { str: 1, int: 2, longInt: 4, num: 8, bool: 16, nul: 32, obj: 64, arr: 128 } as const;
const ALL = 255;

export interface ShapeKey {
  name: string;
  /** The key as bytes (ASCII). */
  bytes: Uint8Array;
  /** Kinds that always pass. */
  accept: number;
  /** May be absent. */
  optional: boolean;
  /** An object value: the shape of the key's object schema (a loose object: one of a union's suffices), checked in the scan. */
  obj: RowShape | undefined;
  /** An array value of any elements passes (an array of unknown). */
  anyArray: boolean;
  /** Any other object or array value: the key's schema, run on the parsed value. */
  deep: z.ZodMiniType | undefined;
}

export interface RowShape {
  keys: ShapeKey[];
  /** Key bytes' hash → index in `keys`. */
  byHash: Map<number, number>;
  /** Keys whose value the page's rows keep (the required ones: each row's identity). */
  required: number[];
  /** The scan's marks of the keys seen in the current object (`seen[k] === gen`): no allocation per row. */
  seen: Int32Array;
  gen: number;
  /** An object of this shape is being scanned (one inside another of the same shape is left to the exact way). */
  open: boolean;
  /**
   * The key that came after each key last time (`next[k + 1]`; `next[0]`: the first key), -1 while
   * unknown: rows of one page list their keys in one order, so the scan compares the key it expects
   * first and looks a key up only when that was not it.
   */
  next: Int32Array;
}

/** The hash of a key's bytes, as the scanner computes it (pageLines.ts). */
export function keyHash(b: Uint8Array, from: number, to: number): number {
  let h = 0;
  for (let i = from; i < to; i++) h = (Math.imul(h, 31) + b[i]!) | 0;
  return h;
}

interface Def {
  type: string;
  checks?: unknown[];
  innerType?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  getter?: () => z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
}
const def = (s: z.ZodMiniType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The kinds `s` always accepts, and whether it accepts undefined (an absent key). */
function kinds(s: z.ZodMiniType, depth = 0): { accept: number; optional: boolean } {
  if (depth > 8) return { accept: 0, optional: false };
  // Any integer or string of digits (number, bigint, a string, a LongInteger: the lossless parser's).
  if (s === intLike) return { accept: KIND.str | KIND.int | KIND.longInt | KIND.num, optional: false };
  const d = def(s);
  const plain = !d.checks || d.checks.length === 0;
  switch (d.type) {
    case 'string':
      return { accept: plain ? KIND.str : 0, optional: false };
    case 'number':
      // A short integer literal is always a safe number; a fraction or exponent only when finite (checked where read).
      return { accept: plain ? KIND.int | KIND.num : 0, optional: false };
    case 'boolean':
      return { accept: KIND.bool, optional: false };
    case 'null':
      return { accept: KIND.nul, optional: false };
    case 'unknown':
    case 'any':
      return { accept: ALL, optional: true };
    case 'optional': {
      const k = kinds(d.innerType!, depth + 1);
      return { accept: k.accept, optional: true };
    }
    case 'nullable': {
      const k = kinds(d.innerType!, depth + 1);
      return { accept: k.accept | KIND.nul, optional: k.optional };
    }
    case 'lazy':
      return kinds(d.getter!(), depth + 1);
    case 'union': {
      let accept = 0;
      let optional = false;
      for (const o of d.options!) {
        const k = kinds(o, depth + 1);
        accept |= k.accept;
        optional ||= k.optional;
      }
      return { accept, optional };
    }
    default:
      // Objects, arrays, customs: decided by the schema itself, on the parsed value.
      return { accept: 0, optional: false };
  }
}

/** What a wrapper stands for (optional and nullable: what they wrap; lazy: its schema; union: its options); null for anything else. */
function unwrapped(d: Def): z.ZodMiniType[] | null {
  switch (d.type) {
    case 'optional':
    case 'nullable':
      return [d.innerType!];
    case 'lazy':
      return [d.getter!()];
    case 'union':
      return d.options!;
    default:
      return null;
  }
}

/** The loose-object schemas an object value may pass `s` as (through optional, nullable, lazy and union). */
function objectBranches(s: z.ZodMiniType, depth = 0): z.ZodMiniType[] {
  if (depth > 8 || s === intLike) return [];
  const d = def(s);
  if (d.type === 'object') return [s];
  return unwrapped(d)?.flatMap((o) => objectBranches(o, depth + 1)) ?? [];
}

/** Whether any array passes `s`: an array of elements that pass whatever they are. */
function anyArray(s: z.ZodMiniType, depth = 0): boolean {
  if (depth > 8 || s === intLike) return false;
  const d = def(s) as Def & { element?: z.ZodMiniType };
  if (d.type === 'array') return !(d.checks && d.checks.length) && d.element !== undefined && kinds(d.element).accept === ALL;
  return unwrapped(d)?.some((o) => anyArray(o, depth + 1)) ?? false;
}

/** Whether an object or array value can pass `s` at all (else only the exact way says why not). */
function mayHoldContainers(s: z.ZodMiniType, depth = 0): boolean {
  if (depth > 8 || s === intLike) return false;
  const d = def(s);
  if (d.type === 'object' || d.type === 'array' || d.type === 'record' || d.type === 'tuple') return true;
  return unwrapped(d)?.some((o) => mayHoldContainers(o, depth + 1)) ?? false;
}

const shapes = new WeakMap<z.ZodMiniType, RowShape | null>();

/**
 * The row shape of an object schema (through `lazy`) whose unknown keys pass (a loose object), or
 * undefined where the schema is not one the scanner can follow.
 */
export function rowShape(schema: z.ZodMiniType, depth = 0): RowShape | undefined {
  if (depth > 4) return undefined;
  const known = shapes.get(schema);
  if (known !== undefined) return known ?? undefined;
  let s = schema;
  for (let i = 0; i < 8 && def(s).type === 'lazy'; i++) s = def(s).getter!();
  const d = def(s);
  const catchall = d.catchall ? def(d.catchall).type : undefined;
  let shape: RowShape | null = null;
  if (d.type === 'object' && d.shape && (catchall === 'unknown' || catchall === 'any') && !(d.checks && d.checks.length)) {
    const keys: ShapeKey[] = [];
    const byHash = new Map<number, number>();
    let ok = true;
    for (const [name, ks] of Object.entries(d.shape)) {
      if (!/^[\x20-\x7e]*$/.test(name) || name.includes('"') || name.includes('\\')) ok = false;
      const bytes = Buffer.from(name, 'latin1');
      const h = keyHash(bytes, 0, bytes.length);
      if (byHash.has(h)) ok = false; // two keys of one hash: not worth a second table
      const { accept, optional } = kinds(ks);
      byHash.set(h, keys.length);
      // An object value: the first branch the scan can follow (passing one branch passes the union).
      let obj: RowShape | undefined;
      for (const o of objectBranches(ks)) if ((obj = rowShape(o, depth + 1))) break;
      keys.push({ name, bytes, accept, optional, obj, anyArray: anyArray(ks), deep: mayHoldContainers(ks) ? ks : undefined });
    }
    const required = keys.flatMap((k, i) => (k.optional ? [] : [i]));
    if (ok) shape = { keys, byHash, required, seen: new Int32Array(keys.length), gen: 0, open: false, next: new Int32Array(keys.length + 1).fill(-1) };
  }
  shapes.set(schema, shape);
  return shape ?? undefined;
}
