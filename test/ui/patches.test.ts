/**
 * The dependency patches of scripts/patches.mjs that change how text is split or measured, checked
 * against the unpatched paths (vitest.config.ts runs these modules through the same patches as the
 * bundle).
 */
import * as ansiTokenize from '@alcalzone/ansi-tokenize';
import { ansiCodesToString, diffAnsiCodes, styledCharsFromTokens, styledCharsToString, tokenize, type StyledChar } from '@alcalzone/ansi-tokenize';
import { Chalk } from 'chalk';
import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';

const colour = new Chalk({ level: 3 });
const SAMPLES = [
  '',
  'plain ascii row',
  '› Sepolia Main │ evm │ active …  ✓ ok ✗ no ─ ↑↓←→ ⚠ •·‹',
  colour.bold.cyan('› selected') + ' │ ' + colour.gray('dim') + colour.inverse(' inv '),
  '\x1b]8;;https://example.com\x07link\x1b]8;;\x07 after',
  'tab\there\x07bell',
];

describe('ansi-tokenize: text of one-unit characters is split by index', () => {
  for (const s of SAMPLES) {
    it(JSON.stringify(s), () => {
      // A trailing CR forces the segmenter path; it is one grapheme of its own, so every token
      // before it must be the same as on the fast path.
      const fast = tokenize(s);
      const segmented = tokenize(`${s}\r`).slice(0, -1);
      expect(fast).toEqual(segmented);
      expect(styledCharsToString(styledCharsFromTokens(fast))).toBe(styledCharsToString(styledCharsFromTokens(segmented)));
    });
  }

  it('still segments what needs it (emoji, combining marks, CR LF, wide text)', () => {
    const values = (s: string) => tokenize(s).map((t) => (t.type === 'char' ? t.value : '<esc>'));
    expect(values('a👍🏽b')).toEqual(['a', '👍🏽', 'b']);
    expect(values('e\u0301x')).toEqual(['e\u0301', 'x']);
    expect(values('a\r\nb')).toEqual(['a', '\r\n', 'b']);
    expect(tokenize('漢字').filter((t) => t.type === 'char' && t.fullWidth)).toHaveLength(2);
  });
});

/** ansi-tokenize's own styledCharsToString, unpatched: a diff between every two characters. */
function referenceToString(chars: StyledChar[]): string {
  let ret = '';
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    ret += ansiCodesToString(i === 0 ? char.styles : diffAnsiCodes(chars[i - 1]!.styles, char.styles));
    ret += char.value;
    if (i === chars.length - 1) ret += ansiCodesToString(diffAnsiCodes(char.styles, []));
  }
  return ret;
}

describe('ansi-tokenize: characters styled alike share their styles and skip the diff', () => {
  const styled = [
    ...SAMPLES,
    colour.bold('bold') + colour.bold.dim('both') + colour.dim('dim') + ' plain ' + colour.red.bgBlue('a') + colour.red('b') + colour.reset('c'),
    `${colour.underline('u')}\x1b[0m${colour.italic('i')}${colour.strikethrough('')}x`,
  ];
  for (const s of styled) {
    it(JSON.stringify(s), () => {
      const chars = styledCharsFromTokens(tokenize(s));
      expect(styledCharsToString(chars)).toBe(referenceToString(chars));
    });
  }

  it('one styles array per run of alike characters', () => {
    const chars = styledCharsFromTokens(tokenize(colour.red('abc') + 'de'));
    expect(chars[0]!.styles).toBe(chars[2]!.styles);
    expect(chars[3]!.styles).toBe(chars[4]!.styles);
    expect(chars[2]!.styles).not.toBe(chars[3]!.styles);
  });
});

describe("ansi-tokenize: a line's styled characters in one pass (Ink's Output)", () => {
  // Added by scripts/patches.mjs (the package's types do not name it).
  const { styledCharsOfLine } = ansiTokenize as unknown as { styledCharsOfLine: (s: string) => StyledChar[] };
  const lines = [
    ...SAMPLES,
    colour.bold('bold') + colour.bold.dim('both') + colour.dim('dim') + ' plain ' + colour.red.bgBlue('a') + colour.red('b') + colour.reset('c'),
    '\x1b[1;3;31mcompound\x1b[22;23;39m after',
    '\x1b[38;5;123meight-bit\x1b[39m \x1b[48;2;1;2;3mtrue colour\x1b[49m',
    '\x1b[38;5mshort 256\x1b[0m \x1b[38;2;1mshort rgb',
    'unterminated \x1b[12 sgr',
    'lone escape at the end \x1b',
    'escape then text \x1bX',
    '\x1b]8;;unterminated link',
    '\x1b]8;id=1;https://example.com\x07linked\x1b]8;;\x07',
    '\x1b[7m› Sepolia Main │ evm\x1b[27m …',
    '漢字 wide, then \x1b[31mred\x1b[39m',
    'a👍🏽b e\u0301 a\r\nb',
    '\x9b31mC1 CSI',
  ];
  for (const line of lines) {
    it(JSON.stringify(line), () => {
      expect(styledCharsOfLine(line)).toEqual(styledCharsFromTokens(tokenize(line)));
    });
  }
});

describe('lazily built segmenters and regexes still work', () => {
  it('string-width measures emoji and clusters', () => {
    expect(stringWidth('👍🏽')).toBe(2);
    expect(stringWidth('👨‍👩‍👧')).toBe(2);
    expect(stringWidth('e\u0301')).toBe(1);
    expect(stringWidth('漢字')).toBe(4);
  });

  it('slice-ansi cuts clusters whole', () => {
    expect(sliceAnsi('a👍🏽bc', 1, 3)).toBe('👍🏽');
    expect(sliceAnsi(colour.red('abcdef'), 2, 4)).toBe(colour.red('cd'));
  });
});

describe('a second copy of a patched file (issue 20.6)', () => {
  it('fails the build instead of bundling it unpatched beside the patched one', async () => {
    // @ts-expect-error plain ESM helper shared with the bundler (no types)
    const { patchDependency, ANY_COPY } = (await import('../../scripts/patches.mjs')) as { patchDependency: (src: string, file: string) => string; ANY_COPY: RegExp };
    const nested = '/x/node_modules/some-package/node_modules/ink/build/ink.js';
    expect(ANY_COPY.test(nested)).toBe(true);
    expect(() => patchDependency('source', nested)).toThrow(/a second copy of a patched file is bundled: .*some-package\/node_modules\/ink\/build\/ink\.js/);
  });
});
