import { Chalk } from 'chalk';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import fastStringWidth from '../../../src/core/text/fastStringWidth.js';

const colour = new Chalk({ level: 3 });

describe('fastStringWidth agrees with string-width', () => {
  const samples = [
    '',
    'plain ascii',
    '› Sepolia Main │ evm │ active …',
    colour.bold.cyan('› selected row') + ' │ ' + colour.gray('dim'),
    colour.inverse('  inverse  ') + colour.red('✗ failed') + colour.green('✓ ok'),
    '漢字 wide',
    colour.yellow('漢字') + ' coloured wide',
    'emoji 👍🏽 and 👨‍👩‍👧',
    colour.blue('emoji 👍 coloured'),
    'e\u0301 combining',
    'tab\tand control \u0007',
    '\x1b]8;;https://example.com\x07link\x1b]8;;\x07',
    '\x1b[2K\x1b[1A cursor codes',
  ];
  for (const s of samples) {
    it(JSON.stringify(s), () => {
      expect(fastStringWidth(s)).toBe(stringWidth(s));
      expect(fastStringWidth(s)).toBe(stringWidth(s)); // again, from the cache where it was cached
    });
  }

  it('the coloured samples are coloured', () => {
    expect(samples.filter((s) => s.includes('\x1b[')).length).toBeGreaterThanOrEqual(5);
  });

  it('passes options through', () => {
    const s = colour.red('abc');
    expect(fastStringWidth(s, { countAnsiEscapeCodes: true })).toBe(stringWidth(s, { countAnsiEscapeCodes: true }));
  });
});
