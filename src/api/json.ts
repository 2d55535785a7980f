/**
 * Lossless JSON: integers that do not fit a double are kept as bigint, and bigint is written back
 * as bare JSON digits. JSON.parse/JSON.stringify cannot do either (u128 values would be rounded).
 */

export class JsonSyntaxError extends Error {
  readonly position: number;
  readonly line: number;
  readonly column: number;
  constructor(reason: string, text: string, position: number) {
    const { line, column } = lineColumn(text, position);
    super(`${reason} at line ${line}, column ${column}`);
    this.name = 'JsonSyntaxError';
    this.position = position;
    this.line = line;
    this.column = column;
  }
}

function lineColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < position && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: position - lineStart + 1 };
}

const INT_RE = /^-?(0|[1-9]\d*)$/;

/** Parse JSON text. Integers beyond Number.MAX_SAFE_INTEGER become bigint; everything else as JSON.parse. */
export function parseJson(text: string): unknown {
  let i = 0;
  const n = text.length;

  const fail = (reason: string, at = i): never => {
    throw new JsonSyntaxError(reason, text, at);
  };
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const describe = (at: number) => (at >= n ? 'Unexpected end of input' : `Unexpected character ${JSON.stringify(text[at])}`);

  const parseString = (): string => {
    // text[i] === '"'
    const start = i;
    i++;
    let simple = true;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        const raw = text.slice(start, i);
        if (simple) return raw.slice(1, -1);
        try {
          return JSON.parse(raw) as string;
        } catch {
          return fail('Invalid string escape', start);
        }
      }
      if (c === 92) {
        simple = false;
        i += 2;
        continue;
      }
      if (c < 32) fail('Control character in string');
      i++;
    }
    return fail('Unterminated string', start);
  };

  const parseNumber = (): number | bigint => {
    const start = i;
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (text[i]! >= '1' && text[i]! <= '9') while (i < n && text[i]! >= '0' && text[i]! <= '9') i++;
    else fail(describe(i));
    let isInt = true;
    if (text[i] === '.') {
      isInt = false;
      i++;
      if (!(text[i]! >= '0' && text[i]! <= '9')) fail(describe(i));
      while (i < n && text[i]! >= '0' && text[i]! <= '9') i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      isInt = false;
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!(text[i]! >= '0' && text[i]! <= '9')) fail(describe(i));
      while (i < n && text[i]! >= '0' && text[i]! <= '9') i++;
    }
    const raw = text.slice(start, i);
    if (isInt) {
      const num = Number(raw);
      if (Number.isSafeInteger(num)) return num;
      return BigInt(raw);
    }
    return Number(raw);
  };

  const parseValue = (depth: number): unknown => {
    if (depth > 512) fail('Nesting too deep');
    ws();
    if (i >= n) fail('Unexpected end of input');
    const ch = text[i];
    if (ch === '{') {
      i++;
      const obj: Record<string, unknown> = {};
      ws();
      if (text[i] === '}') {
        i++;
        return obj;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail(i >= n ? 'Unexpected end of input' : 'Expected a property name in double quotes');
        const key = parseString();
        ws();
        if (text[i] !== ':') fail(i >= n ? 'Unexpected end of input' : "Expected ':' after property name");
        i++;
        const v = parseValue(depth + 1);
        Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return obj;
        }
        fail(i >= n ? 'Unexpected end of input' : "Expected ',' or '}' after property value");
      }
    }
    if (ch === '[') {
      i++;
      const arr: unknown[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(parseValue(depth + 1));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return arr;
        }
        fail(i >= n ? 'Unexpected end of input' : "Expected ',' or ']' after array element");
      }
    }
    if (ch === '"') return parseString();
    if (ch === '-' || (ch! >= '0' && ch! <= '9')) return parseNumber();
    if (text.startsWith('true', i)) {
      i += 4;
      return true;
    }
    if (text.startsWith('false', i)) {
      i += 5;
      return false;
    }
    if (text.startsWith('null', i)) {
      i += 4;
      return null;
    }
    return fail(describe(i));
  };

  const value = parseValue(0);
  ws();
  if (i < n) fail(`Unexpected ${JSON.stringify(text[i])} after the JSON value`);
  return value;
}

/** Stringify with bigint written as bare digits. Other values as JSON.stringify. */
export function stringifyJson(value: unknown, indent?: number): string {
  const marks: string[] = [];
  const tag = Math.random().toString(36).slice(2, 10);
  const out = JSON.stringify(
    value,
    (_k, v: unknown) => {
      if (typeof v === 'bigint') {
        marks.push(v.toString());
        return `\u0000${tag}:${marks.length - 1}\u0000`;
      }
      return v;
    },
    indent,
  );
  if (out === undefined) return 'null';
  if (marks.length === 0) return out;
  return out.replace(new RegExp(`"\\\\u0000${tag}:(\\d+)\\\\u0000"`, 'g'), (_m, idx: string) => marks[Number(idx)]!);
}

export function isIntegerText(s: string): boolean {
  return INT_RE.test(s);
}
