/**
 * A body read straight into a flat struct, as actix's `web::Json<T>` does with `serde_json::from_slice`
 * (PATCH /plugins/{id}: src/api/routes/plugin.rs:235-243; PATCH /networks/{id}:
 * src/api/routes/network.rs:30-38): 400 text/plain `Json deserialize error: <serde> at line L column C`.
 * serde_json reads the text in order (not sorted as a Value is), and places an error where its reader
 * stands (serde_json src/de.rs: fix_position, peek_invalid_type, end_map, end_seq):
 * - a value of the wrong type (`invalid type`, `invalid value`): after it, or at its `[` / `{`;
 * - an unknown or repeated field: after its key and the blanks that follow;
 * - an error of a field's own deserializer (deserialize_with): after its value, its blanks and a `}`;
 * - a missing field: after the closing `}`; a short array: after its `]`; a long one: `trailing characters`
 *   at its first extra element.
 * A column counts bytes. The text must already be valid JSON (readJsonBody judged it).
 */
import { parseJson } from '../api/json.js';
import { SerdeError, expectedNames, hasNumberOutOfRange, unexpected } from './serde.js';

export interface BodyField {
  name: string;
  /** The field's reading of its value (undefined: None); throws SerdeError. */
  read: (v: unknown) => unknown;
  /** Its errors come from its own deserializer (placed after the value), not from serde_json's. */
  custom?: boolean;
  /** `#[serde(default)]`: absent from an array, it takes its default instead of failing. */
  dflt?: boolean;
  /** Required (not an Option, no default). */
  required?: boolean;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

function ws(b: Buffer, i: number): number {
  while (i < b.length && WS.has(b[i]!)) i++;
  return i;
}

/** The index just after the JSON value starting at `i`. */
function valueEnd(b: Buffer, i: number): number {
  const c = b[i];
  if (c === 0x22) {
    i++;
    while (i < b.length && b[i] !== 0x22) i += b[i] === 0x5c ? 2 : 1;
    return i + 1;
  }
  if (c === 0x7b || c === 0x5b) {
    let depth = 0;
    for (; i < b.length; i++) {
      const x = b[i];
      if (x === 0x22) i = valueEnd(b, i) - 1;
      else if (x === 0x7b || x === 0x5b) depth++;
      else if ((x === 0x7d || x === 0x5d) && --depth === 0) return i + 1;
    }
    return i;
  }
  while (i < b.length && !WS.has(b[i]!) && b[i] !== 0x2c && b[i] !== 0x7d && b[i] !== 0x5d) i++;
  return i;
}

function at(b: Buffer, pos: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < pos && i < b.length; i++) {
    if (b[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return ` at line ${line} column ${pos - lineStart}`;
}

class Placed extends Error {}
const placed = (b: Buffer, msg: string, pos: number) => new Placed(`${msg}${at(b, pos)}`);

/** The struct `name` read from `raw` with serde_json's message and place, or its fields. */
export function readBody(raw: string, name: string, fields: readonly BodyField[], deny = true): { value: Record<string, unknown> } | { error: string } {
  const b = Buffer.from(raw, 'utf8');
  const text = (s: number, e: number) => b.subarray(s, e).toString('utf8');
  const out: Record<string, unknown> = {};
  const readAt = (f: BodyField, s: number, e: number, afterStruct: () => number) => {
    const v = parseJson(text(s, e), { exactNumbers: true });
    if (hasNumberOutOfRange(v)) throw placed(b, 'number out of range', e);
    try {
      const x = f.read(v);
      if (x !== undefined) out[f.name] = x;
    } catch (err) {
      if (!(err instanceof SerdeError)) throw err;
      const open = b[s] === 0x5b || b[s] === 0x7b;
      throw placed(b, err.message, f.custom ? afterStruct() : open ? s : e);
    }
  };
  try {
    const start = ws(b, 0);
    if (b[start] === 0x7b) {
      const seen = new Set<string>();
      let i = ws(b, start + 1);
      const endMap = (p: number) => {
        const j = ws(b, p);
        return b[j] === 0x7d ? j + 1 : j;
      };
      while (b[i] !== 0x7d) {
        const ks = i;
        const ke = valueEnd(b, ks);
        const key = JSON.parse(text(ks, ke)) as string;
        const f = fields.find((x) => x.name === key);
        if (!f && deny) throw placed(b, `unknown field \`${key}\`, ${expectedNames(fields.map((x) => x.name), 'there are no fields')}`, endMap(ke));
        if (f && seen.has(key)) throw placed(b, `duplicate field \`${key}\``, endMap(ke));
        const vs = ws(b, ws(b, ke) + 1);
        const ve = valueEnd(b, vs);
        if (f) {
          seen.add(key);
          readAt(f, vs, ve, () => endMap(ve));
        }
        i = ws(b, ve);
        if (b[i] === 0x2c) i = ws(b, i + 1);
      }
      const missing = fields.find((f) => f.required && !seen.has(f.name));
      if (missing) throw placed(b, `missing field \`${missing.name}\``, i + 1);
      return { value: out };
    }
    if (b[start] === 0x5b) {
      const elements: [number, number][] = [];
      let i = ws(b, start + 1);
      while (b[i] !== 0x5d) {
        const e = valueEnd(b, i);
        elements.push([i, e]);
        i = ws(b, e);
        if (b[i] === 0x2c) i = ws(b, i + 1);
      }
      const close = i + 1;
      fields.forEach((f, k) => {
        const el = elements[k];
        if (el) readAt(f, el[0], el[1], () => close);
        else if (!f.dflt) throw placed(b, `invalid length ${k}, expected struct ${name} with ${fields.length} element${fields.length === 1 ? '' : 's'}`, close);
      });
      const extra = elements[fields.length];
      if (extra) throw placed(b, 'trailing characters', extra[0] + 1);
      return { value: out };
    }
    const end = valueEnd(b, start);
    throw placed(b, `invalid type: ${unexpected(parseJson(text(start, end), { exactNumbers: true }))}, expected struct ${name}`, end);
  } catch (err) {
    if (err instanceof Placed) return { error: err.message };
    throw err;
  }
}
