/** The display-safety boundary (src/ui/safeText.ts): every class of hostile text, widths, caps. */
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { LongInteger } from '../../../src/api/index.js';
import { isCleartext, isLoopbackHost } from '../../../src/config/config.js';
import { flatten, jsonLines, layoutDetail, rawLines } from '../../../src/ui/detailLines.js';
import { formatWei, toBigInt } from '../../../src/core/amounts.js';
import { thousands, capDigits, displayText, groupDigits } from '../../../src/core/text/values.js';
import { cellWidth, chunkCells, fit, middleCells, truncateCells, wrapCells } from '../../../src/core/text/cells.js';
import { jsonForTerminal, neutralize, neutralizeKeepingColour, safeLines, sanitize } from '../../../src/core/text/sanitize.js';
import { ESCAPES, FORBIDDEN_RAW } from '../../hostile/server.js';

const RAW_CONTROL = /[\x00-\x1f\x7f-\x9f]/;
const ALL = Object.values(ESCAPES).join('');

describe('sanitize: every class becomes a visible, inert placeholder', () => {
  const expected: Record<string, string> = {
    osc0Title: '␛]0;PWNED-TITLE␇',
    osc2TitleSt: '␛]2;PWNED-TITLE2␛\\',
    osc52Clipboard: '␛]52;c;cHduZWQ=␇',
    osc8Link: '␛]8;;https://evil.example/␇click␛]8;;␇',
    c1Csi: '\\u009b2J',
    c1Osc: '\\u009d0;C1-TITLE\\u009c',
    dcsTmux: '␛Ptmux;␛␛]52;c;eA==␇␛\\',
    apc: '␛_apc-payload␛\\',
    bel: 'ring␇',
    backspace: 'abc␈␈␈XYZ',
    bareCr: 'abc␍XYZ',
    bidiOverride: '\\u202eevil\\u202c',
    bidiIsolate: '\\u2067iso\\u2069',
    zeroWidth: 'a\\u200bb\\u200dc\\ufeffd',
    sgrColour: '␛[31mred␛[0m',
    csiClear: '␛[2J␛[H',
    del: 'x␡y',
    lineSeparator: 'l1\\u2028l2',
  };
  for (const [name, raw] of Object.entries(ESCAPES))
    it(name, () => {
      const s = sanitize(raw);
      expect(s).toBe(expected[name]);
      expect(s).not.toMatch(RAW_CONTROL);
      expect(s).not.toMatch(FORBIDDEN_RAW);
      // Idempotent: the placeholders are plain text.
      expect(sanitize(s)).toBe(s);
    });

  it('newlines and tabs too (one line of display text); lone surrogates are named', () => {
    expect(sanitize('a\nb\tc')).toBe('a␊b␉c');
    expect(sanitize('x\ud800y')).toBe('x\\ud800y');
    expect(sanitize('😀 ok')).toBe('😀 ok');
  });

  it('every character of the Basic Multilingual Plane: drawn as itself exactly when it is no control, format character, separator or surrogate (the fast path agrees with the Unicode properties)', () => {
    const unsafe = /[\x00-\x1f\x7f-\x9f\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
    const wrong: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      const kept = !unsafe.test(ch);
      // Beside plain text, as a screen draws them: the fast path looks at whole strings.
      if ((sanitize(`a${ch}b`) === `a${ch}b`) !== kept) wrong.push(`sanitize U+${c.toString(16)}`);
      if (c !== 0x0a && (neutralize(`a${ch}b`) === `a${ch}b`) !== kept) wrong.push(`neutralize U+${c.toString(16)}`);
      if (c !== 0x0a && c !== 0x1b && (neutralizeKeepingColour(`a${ch}b`) === `a${ch}b`) !== kept) wrong.push(`neutralizeKeepingColour U+${c.toString(16)}`);
    }
    expect(wrong).toEqual([]);
    // Astral characters take the Unicode-property path: an emoji stays, a tag character does not.
    expect(sanitize('ok \u{1f600}')).toBe('ok \u{1f600}');
    expect(sanitize('x\u{e0041}')).toBe('x\\u{e0041}');
  });

  it('safeLines splits on LF and CRLF only: a bare CR stays visible', () => {
    expect(safeLines('one\r\ntwo\nthree\rfour')).toEqual(['one', 'two', 'three␍four']);
    expect(safeLines('a\nb\nc\nd', 2)).toEqual(['a', 'b']);
  });

  it('jsonForTerminal: the same JSON value, with nothing a terminal acts on (astral format characters as surrogate pairs)', () => {
    const value = { s: `${ALL}\u{e0020}`, n: 1 };
    const text = jsonForTerminal(JSON.stringify(value, null, 2));
    expect(JSON.parse(text)).toEqual(value);
    expect(text).not.toMatch(FORBIDDEN_RAW);
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
    expect(text).toContain('\\udb40\\udc20');
  });

  it("neutralize (Ink's backstop) keeps LF, replaces the rest", () => {
    expect(neutralize('a\nb\x1b]0;t\x07')).toBe('a\nb␛]0;t␇');
  });

  it('neutralizeKeepingColour (the text primitive): a painted row keeps its colour codes and nothing else', () => {
    const red = (s: string) => `\x1b[31m${s}\x1b[0m`;
    // Plain ASCII, and plain ASCII painted: drawn as they are.
    expect(neutralizeKeepingColour('Sepolia Main\n')).toBe('Sepolia Main\n');
    expect(neutralizeKeepingColour(`${red('paused')} Sepolia Main`)).toBe(`${red('paused')} Sepolia Main`);
    expect(neutralizeKeepingColour(red('café 漢字'))).toBe(red('café 漢字'));
    // Every other escape beside the colours becomes its placeholder, whatever its shape.
    for (const [name, raw] of Object.entries(ESCAPES)) {
      if (name === 'sgrColour') continue;
      const out = neutralizeKeepingColour(`${red('ok')} ${raw} ${red('ok')}`);
      expect(out.startsWith(`${red('ok')} `) && out.endsWith(` ${red('ok')}`), name).toBe(true);
      expect(out.slice(red('ok').length + 1, -red('ok').length - 1), name).toBe(neutralize(raw));
      expect(out.slice(red('ok').length + 1, -red('ok').length - 1), name).not.toMatch(RAW_CONTROL);
    }
  });
});

describe('widths are measured on what is drawn', () => {
  it('CJK and emoji take two cells; fit pads and cuts by cells', () => {
    expect(cellWidth('漢字')).toBe(4);
    expect(cellWidth('🚀x')).toBe(3);
    expect(fit('漢字漢字', 5)).toBe('漢字…');
    expect(cellWidth(fit('漢字漢字', 5))).toBe(5);
    expect(fit('漢', 4, 'right')).toBe('  漢');
    expect(cellWidth(fit('🚀 Rocket 🚀 relayer that is long', 12))).toBe(12);
    expect(fit(`a${ESCAPES.osc0Title}`, 8)).toBe('a␛]0;PW…');
  });

  it('middleCells keeps both ends within the cells', () => {
    expect(middleCells('0x1234567890abcdef', 9)).toBe('0x12…cdef');
    expect(cellWidth(middleCells('漢字漢字漢字漢字漢字', 9))).toBeLessThanOrEqual(9);
  });

  it('agrees with string-width on sanitized text', () => {
    for (const s of ['漢字 wide', '🚀 x', 'e\u0301', ESCAPES.zeroWidth!, ESCAPES.osc8Link!]) expect(cellWidth(sanitize(s))).toBe(stringWidth(sanitize(s)));
  });

  it('wrapCells and chunkCells: rows within the width, bounded in number', () => {
    const rows = wrapCells('漢字 '.repeat(50), 20);
    expect(rows.every((r) => cellWidth(r) <= 20)).toBe(true);
    const capped = wrapCells('word '.repeat(100_000), 20, 0, 5);
    expect(capped).toHaveLength(5);
    expect(capped[4]!.endsWith('…')).toBe(true);
    expect(chunkCells('9'.repeat(1_000), 100, 3)).toHaveLength(3);
    expect(chunkCells('漢'.repeat(20), 7).every((r) => cellWidth(r) <= 7)).toBe(true);
  });

  it('detail values wrap at spaces (a number stays whole) and join back exactly', () => {
    const text = 'gas 50000 then 500000000000000000 wei and 1500000000000000000';
    const rows = chunkCells(text, 20, Infinity, true);
    expect(rows.join('')).toBe(text);
    expect(rows).toEqual(['gas 50000 then', ' 500000000000000000', ' wei and', ' 1500000000000000000']);
    // A token longer than a row is still cut.
    expect(chunkCells('1'.repeat(30), 20, Infinity, true)).toEqual(['1'.repeat(20), '1'.repeat(10)]);
  });

  it('truncateCells looks at no more of a huge string than it keeps', () => {
    expect(truncateCells('x'.repeat(5_000_000), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('numbers and long values: linear, capped, exact where it matters', () => {
  it('groupDigits groups by thousands, in linear time', () => {
    expect(groupDigits('1234567')).toBe('1,234,567');
    expect(groupDigits('-1234')).toBe('-1,234');
    expect(groupDigits('123')).toBe('123');
    expect(thousands(1234567n)).toBe('1,234,567');
    expect(groupDigits('9'.repeat(1_000_000))).toHaveLength(1_000_000 + 333_333);
  });

  it('a huge digit run shows its ends and its length', () => {
    expect(capDigits('9'.repeat(1_000_000))).toBe('9999…9999 (1,000,000 digits)');
    const u256 = (2n ** 256n - 1n).toString();
    expect(capDigits(u256)).toBe(u256);
    expect(displayText('9'.repeat(200_000))).toBe('9999…9999 (200,000 digits)');
    expect(displayText(new LongInteger('8'.repeat(300_000)))).toBe('8888…8888 (300,000 digits)');
  });

  it('amounts beyond any API amount are not converted (no server-sized BigInt work)', () => {
    expect(toBigInt('9'.repeat(200_000))).toBeUndefined();
    expect(toBigInt(`0x${'f'.repeat(64)}`)).toBe(2n ** 256n - 1n);
    expect(formatWei('9'.repeat(200_000), 'sepolia')).toBe('9999…9999 (200,000 digits)');
  });

  it('a long string is cut with its length; objects as compact JSON, capped', () => {
    const t = displayText('a'.repeat(100_000));
    expect(t.length).toBeLessThan(17_000);
    expect(t).toMatch(/… \(100,000 characters; v shows them all\)$/);
    expect(displayText({ a: [1, 2n ** 70n], b: ESCAPES.bel })).toBe('{"a":[1,1180591620717411303424],"b":"ring\\u0007"}');
  });
});

describe('detail layout over server-sized records: no recursion, no spread, capped', () => {
  it('130,000 nested fields: at most MAX_DETAIL_FIELDS lines and a note', () => {
    const extra: Record<string, unknown> = {};
    for (let i = 0; i < 130_000; i++) extra[`f${i}`] = { v: i };
    const lines = flatten({ id: 'x', extra }, Date.now());
    expect(lines.length).toBe(5_001);
    expect(lines[lines.length - 1]!.value).toMatch(/more fields not shown/);
    const rows = layoutDetail(lines, 80);
    expect(rows.length).toBeGreaterThan(5_000);
  });

  it('500 levels deep: flattened and pretty-printed without recursion', () => {
    let v: unknown = 'leaf';
    for (let i = 0; i < 500; i++) v = { n: v };
    expect(flatten(v, 0)[0]!.label).toMatch(/^n\.n\.n/);
    const raw = rawLines(v, 80);
    expect(raw.some((r) => r.value.includes('"n": "leaf"'))).toBe(true);
  });

  it('the raw view escapes controls as JSON does, keeps exact digits', () => {
    const lines = jsonLines({ s: `${ESCAPES.osc0Title}${ESCAPES.c1Csi}`, big: 2n ** 100n, long: new LongInteger('7'.repeat(400)) });
    const text = lines.join('\n');
    expect(text).toContain('"s": "\\u001b]0;PWNED-TITLE\\u0007\\u009b2J"');
    expect(text).toContain(`"big": ${2n ** 100n}`);
    expect(text).toContain(`"long": ${'7'.repeat(400)}`);
  });
});

describe('cleartext: http:// to a host that is not this machine', () => {
  it.each([
    ['http://relayer.example.com', true],
    ['http://10.0.0.5:8080', true],
    ['https://relayer.example.com', false],
    ['http://127.0.0.1:8080', false],
    ['http://localhost:8080', false],
    ['http://[::1]:8080', false],
  ])('%s → %s', (url, cleartext) => {
    expect(isCleartext(url)).toBe(cleartext);
  });
  it('loopback names', () => {
    expect(isLoopbackHost('127.1.2.3')).toBe(true);
    expect(isLoopbackHost('app.localhost')).toBe(true);
    expect(isLoopbackHost('example.com')).toBe(false);
  });
});
