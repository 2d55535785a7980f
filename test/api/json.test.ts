import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, U128_MAX, parseJson, stringifyJson } from '../../src/api/index.js';
import { JsonParser, parseJsonSliced } from '../../src/api/json.js';
import { dataItemTexts } from '../../src/api/jsonItems.js';

const U128_TEXT = '340282366920938463463374607431768211455';

describe('parseJson', () => {
  it('keeps integers beyond 2^53 exact as bigint and safe ones as numbers', () => {
    const v = parseJson(`{"big":${U128_TEXT},"max_safe":9007199254740991,"unsafe":9007199254740993,"neg":-18446744073709551617,"small":42}`) as Record<string, unknown>;
    expect(v.big).toBe(U128_MAX);
    expect(v.max_safe).toBe(9007199254740991);
    expect(v.unsafe).toBe(9007199254740993n);
    expect(v.neg).toBe(-18446744073709551617n);
    expect(v.small).toBe(42);
  });

  it('parses everything else exactly as JSON.parse does', () => {
    const text = '{"s":"a\\"b\\\\c\\u00e9\\n","f":1.5,"e":-2.5e3,"z":0,"t":true,"F":false,"n":null,"arr":[1,[2,{}],[]],"o":{"x":"y"},"emoji":"😀"}';
    expect(parseJson(text)).toEqual(JSON.parse(text));
    expect(parseJson('  \n\t"plain"\r\n ')).toBe('plain');
  });

  it('keeps __proto__ as an ordinary own key (no prototype pollution)', () => {
    const v = parseJson('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reports line and column of a syntax error', () => {
    const text = '{\n  "a": 1,\n  "b": }';
    let err: unknown;
    try {
      parseJson(text);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(JsonSyntaxError);
    const e = err as JsonSyntaxError;
    expect(e.line).toBe(3);
    expect(e.column).toBe(8);
    expect(e.position).toBe(text.indexOf('}'));
    expect(e.message).toMatch(/line 3, column 8/);
  });

  it.each([
    ['truncated object', '{"data":[{"id":"a"}', /end of input/i],
    ['unterminated string', '{"a":"abc', /Unterminated string/],
    ['trailing garbage', '{"a":1} x', /after the JSON value/],
    ['trailing comma', '[1,2,]', /Unexpected/],
    ['single quotes', "{'a':1}", /property name/],
    ['bare word', 'nope', /Unexpected character/],
    ['leading zero', '01', /after the JSON value/],
    ['lonely minus', '-', /Unexpected end of input/],
    ['raw control character in a string', '"a\u0001b"', /Control character/],
    ['bad escape', '"\\x41"', /escape/],
    ['empty text', '', /end of input/],
  ])('rejects %s with a JsonSyntaxError', (_name, text, re) => {
    expect(() => parseJson(text)).toThrow(JsonSyntaxError);
    expect(() => parseJson(text)).toThrow(re);
  });

  it('refuses nesting deeper than 512 levels instead of overflowing the stack', () => {
    expect(() => parseJson('['.repeat(600) + ']'.repeat(600))).toThrow(/Nesting too deep/);
    expect(parseJson('['.repeat(100) + ']'.repeat(100))).toBeInstanceOf(Array);
  });
});

describe('the native fast path (small texts whose integers fit a double)', () => {
  const exact = (text: string, options = {}) => {
    const p = new JsonParser(text, options);
    p.step(Infinity);
    return p;
  };
  const texts = [
    '{"a":"12345678901234567890","b":1,"c":[1.5,-0,1e300,"x"]}', // digits inside a string: native, still strings
    `{"v":${U128_TEXT}}`,
    `[${U128_TEXT}]`,
    `${U128_TEXT}`,
    '{"a": 9007199254740993}',
    '{"a": -9007199254740993, "b": 0.1000000000000000000001}',
    '{"__proto__":{"x":1},"k":[{"__proto__":2}]}',
    '{"success":true,"data":[{"id":"a"},{"id":"b"},{"id":"c"}],"pagination":{"total_items":3}}',
    '{"s":"\\u0000\\ud800 \\u202e"}',
  ];
  it('gives exactly what the exact parser gives: same values, same types, same page cut', async () => {
    for (const text of texts) {
      const want = exact(text, { maxDataItems: 2 });
      expect(stringifyJson(parseJson(text)), text).toBe(stringifyJson(exact(text).value));
      const got = await parseJsonSliced(text, { maxDataItems: 2 });
      expect(stringifyJson(got.value), text).toBe(stringifyJson(want.value));
      expect(got.dataItems, text).toBe(want.dataItems);
      expect(Object.getPrototypeOf(parseJson(text))).toBe(Object.getPrototypeOf(exact(text).value));
    }
    expect(typeof (parseJson(`{"v":${U128_TEXT}}`) as { v: unknown }).v).toBe('bigint');
  });
  it('invalid or too deep text still gets the exact parser\'s message', () => {
    expect(() => parseJson('{"a": 1,}')).toThrow(/at line 1, column 9/);
    expect(() => parseJson('['.repeat(600) + ']'.repeat(600))).toThrow(/Nesting too deep/);
    expect(parseJson('['.repeat(512) + ']'.repeat(512))).toBeInstanceOf(Array);
  });
});

describe('stringifyJson', () => {
  it('writes bigint as bare digits and round-trips u128 max losslessly', () => {
    const text = stringifyJson({ value: U128_MAX, gas_limit: 21000n, neg: -5n, list: [1n, 2] });
    expect(text).toBe(`{"value":${U128_TEXT},"gas_limit":21000,"neg":-5,"list":[1,2]}`);
    expect(parseJson(text)).toEqual({ value: U128_MAX, gas_limit: 21000, neg: -5, list: [1, 2] });
  });

  it('matches JSON.stringify for values without bigint, with and without indentation', () => {
    const v = { a: 'x', b: [1, 2.5, null, true], c: { d: 'é\u0000"' }, u: undefined };
    expect(stringifyJson(v)).toBe(JSON.stringify(v));
    expect(stringifyJson(v, 2)).toBe(JSON.stringify(v, null, 2));
  });

  it('indents bigint values like any other number', () => {
    expect(stringifyJson({ n: 12345678901234567890n }, 2)).toBe('{\n  "n": 12345678901234567890\n}');
  });

  it('leaves strings that merely look like digits quoted', () => {
    expect(stringifyJson({ s: U128_TEXT, n: U128_MAX })).toBe(`{"s":"${U128_TEXT}","n":${U128_TEXT}}`);
  });

  it('writes undefined at the top level as null', () => {
    expect(stringifyJson(undefined)).toBe('null');
  });
});

describe('dataItemTexts (NDJSON rows as the server wrote them)', () => {
  it("gives each row of the top-level data array as written: digits, escapes and key order untouched", () => {
    const rows = [`{"value":${U128_TEXT},"fee":1.50e3,"b":1,"a":"\\u00e9 \\"q\\" \\\\","s":"x,]}{["}`, `{"n":[1,[2,{"k":"v"}]],"e":{}}`, '7', '"str"', 'null'];
    const text = `{"success":true,"data":[${rows.join(',')}],"pagination":{"total_items":5}}`;
    expect(dataItemTexts(text, 100)).toEqual(rows);
    // Each is the JSON of the row JSON.parse reads there.
    const parsed = JSON.parse(text).data.slice(1);
    expect(dataItemTexts(text, 100)!.slice(1).map((t) => JSON.parse(t))).toEqual(parsed);
  });

  it('one line each from a pretty-printed page (tabs and line breaks between tokens dropped, spaces inside strings kept)', () => {
    const text = '{\n\t"data" : [\n\t\t{\n\t\t\t"id": "a b",\n\t\t\t"v": 12345678901234567890\n\t\t} ,\r\n\t\t{ "id" : "c" }\n\t],\n\t"success": true\n}';
    expect(dataItemTexts(text, 100)).toEqual(['{"id": "a b","v": 12345678901234567890}', '{ "id" : "c" }']);
  });

  it('reads the data key of the top-level object only (escaped or repeated: the last one, as JSON.parse)', () => {
    expect(dataItemTexts('{"meta":{"data":[1,2]},"data":[3]}', 100)).toEqual(['3']);
    expect(dataItemTexts('{"d\\u0061ta":[4],"x":"\\"data\\":[5]"}', 100)).toEqual(['4']);
    expect(dataItemTexts('{"data":[1],"data":[2,3]}', 100)).toEqual(['2', '3']);
    expect(dataItemTexts('{"data":[]}', 100)).toEqual([]);
  });

  it('at most max rows; undefined when data is no array', () => {
    expect(dataItemTexts('{"data":[1,2,3,4]}', 2)).toEqual(['1', '2']);
    expect(dataItemTexts('{"data":{"a":[1]}}', 100)).toBeUndefined();
    expect(dataItemTexts('{"items":[1]}', 100)).toBeUndefined();
  });
});
