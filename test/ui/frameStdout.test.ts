/** The stdout Ink writes frames to (src/ui/frameStdout.ts): next-line runs collapsed, the rest untouched. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { collapseNextLines, frameStdout } from '../../src/ui/frameStdout.js';

describe('frameStdout', () => {
  it('collapses a run of next-line escapes into one counted escape, and nothing else', () => {
    expect(collapseNextLines('\x1b[E\x1b[E\x1b[Ex\x1b[E\x1b[E')).toBe('\x1b[3Ex\x1b[2E');
    expect(collapseNextLines('a\x1b[Eb')).toBe('a\x1b[Eb');
    expect(collapseNextLines('\x1b[2K\x1b[1A')).toBe('\x1b[2K\x1b[1A');
  });

  it("writes through to the terminal's stream and reads its size and events from it", () => {
    const out = Object.assign(new PassThrough(), { columns: 80, rows: 24, isTTY: true }) as unknown as NodeJS.WriteStream;
    const chunks: string[] = [];
    (out as unknown as PassThrough).on('data', (d: Buffer) => chunks.push(d.toString()));
    const proxy = frameStdout(out);
    expect([proxy.columns, proxy.rows, proxy.isTTY]).toEqual([80, 24, true]);
    let resized = 0;
    const onResize = () => resized++;
    proxy.on('resize', onResize);
    out.emit('resize');
    proxy.off('resize', onResize);
    out.emit('resize');
    expect(resized).toBe(1);
    proxy.write('\x1b[E\x1b[E\x1b[E\x1b[Erow');
    proxy.write(Buffer.from('bytes'));
    expect(chunks.join('')).toBe('\x1b[4Erowbytes');
  });
});
