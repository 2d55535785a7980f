/** The terminal guard: alternate screen and raw mode on start, restored once on every exit path. */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { crashReport, ENTER_ALT, guardTerminal, LEAVE_ALT } from '../../src/ui/terminal.js';

class Out extends EventEmitter {
  written = '';
  write(s: string) {
    this.written += s;
    return true;
  }
}
class In extends EventEmitter {
  isTTY = true;
  isRaw = false;
  setRawMode(on: boolean) {
    this.isRaw = on;
    return this;
  }
}

describe('guardTerminal', () => {
  it('enters the alternate screen and raw mode at once, and restores both exactly once', () => {
    const out = new Out();
    const inp = new In();
    const g = guardTerminal(out as unknown as NodeJS.WriteStream, inp as unknown as NodeJS.ReadStream);
    expect(out.written).toBe(ENTER_ALT);
    expect(inp.isRaw).toBe(true);
    g.restore();
    g.restore();
    expect(inp.isRaw).toBe(false);
    expect(out.written).toBe(ENTER_ALT + LEAVE_ALT);
    expect(LEAVE_ALT).toContain('\x1b[?1049l');
    expect(LEAVE_ALT).toContain('\x1b[?25h');
  });

  it('restores even when the streams are gone (an SSH drop)', () => {
    const out = new Out();
    const inp = new In();
    const g = guardTerminal(out as unknown as NodeJS.WriteStream, inp as unknown as NodeJS.ReadStream);
    out.write = () => {
      throw new Error('EIO');
    };
    inp.setRawMode = () => {
      throw new Error('EBADF');
    };
    expect(() => g.restore()).not.toThrow();
  });

  it('install hands SIGTERM, SIGHUP and crashes to onExit with their exit codes; dispose removes them', () => {
    const g = guardTerminal(new Out() as unknown as NodeJS.WriteStream, new In() as unknown as NodeJS.ReadStream);
    const calls: [number, string | undefined][] = [];
    const before = process.listenerCount('SIGHUP');
    g.install((code, report) => calls.push([code, report]));
    process.emit('SIGTERM', 'SIGTERM');
    process.emit('SIGHUP', 'SIGHUP');
    (process as NodeJS.EventEmitter).emit('uncaughtException', new Error('boom'));
    expect(calls.map((c) => c[0])).toEqual([143, 129, 1]);
    expect(calls[2]![1]).toContain('relayer-tui crashed: boom');
    g.dispose();
    expect(process.listenerCount('SIGHUP')).toBe(before);
  });
});

describe('crashReport', () => {
  it('is short: the message and one frame, no full stack', () => {
    const e = new Error('something broke');
    const r = crashReport(e);
    expect(r).toMatch(/^relayer-tui crashed: something broke\n {2}at /);
    expect(r.split('\n').filter((l) => /^\s+at /.test(l))).toHaveLength(1);
    expect(r).toContain('The terminal was restored');
    expect(crashReport('plain')).toContain('relayer-tui crashed: plain');
  });
});
