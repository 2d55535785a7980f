/**
 * What crosses the wire: the app rendered as the CLI renders it (incremental, 15 fps) into a
 * terminal emulator. Checks the screen stays correct after partial redraws and counts bytes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from './clock.js';
import { renderApp, type Harness } from './helpers.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const cursorRow = (screen: string[]) => screen.findIndex((l) => l.startsWith('› '));

describe('rendering budget (100x30, incremental)', () => {
  it('keeps the frame below the terminal height and the screen correct after cursor moves', async () => {
    const clock = manualClock(Date.now());
    h = await renderApp({ terminal: true, columns: 100, rows: 30, services: { now: clock.now, after: clock.after } });
    // Loaded, and the server's dialect known (till then the rows read `reading…`, and the line says so).
    await h.waitFor((f) => f.includes('Sepolia Main') && f.includes('ms') && !f.includes('reading…'), 'relayers loaded');
    const before = h.screen();
    expect(before[0]).toContain('relayer-tui › relayers');
    // The line above the table (a contract server: it says the jams cannot be diagnosed), then the header.
    expect(before[1]).toMatch(/^jams not diagnosed: /);
    expect(before[2]).toMatch(/^\s+STATE\s+NAME/);
    const row = cursorRow(before);
    await h.press('j');
    await h.waitFor(() => cursorRow(h!.screen()) === row + 1, 'cursor moved');
    const after = h.screen();
    // Only the two rows changed; the title and header stayed where they were (no off-by-one redraw).
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(after[2]).toBe(before[2]);
    expect(after.filter((l, i) => l !== before[i]).length).toBeLessThanOrEqual(3);
    // Status bar on the second-to-last row, footer on the row above the last (frame = rows - 1).
    expect(after[27]).toContain('SANDBOX');
    expect(after[28]).toContain('quit');
    expect(after[29]).toBe('');
  });

  it('writes at most 600 bytes per cursor move and nothing while idle', async () => {
    const clock = manualClock(Date.now());
    h = await renderApp({ terminal: true, columns: 100, rows: 30, services: { now: clock.now, after: clock.after } });
    // Loaded, and the server's dialect known (till then the rows read `reading…`, and the line says so).
    await h.waitFor((f) => f.includes('Sepolia Main') && f.includes('ms') && !f.includes('reading…'), 'relayers loaded');
    await h.press('j');
    await h.waitFor(() => cursorRow(h!.screen()) === 4);
    const samples: number[] = [];
    for (let i = 0; i < 6; i++) {
      const start = h.stdout.bytes;
      const row = cursorRow(h.screen());
      await h.press(i % 2 ? 'k' : 'j');
      await h.waitFor(() => cursorRow(h!.screen()) !== row, 'moved');
      samples.push(h.stdout.bytes - start);
    }
    console.log(`bytes per cursor move at 100 columns: ${samples.join(', ')}`);
    for (const b of samples) expect(b).toBeLessThanOrEqual(600);
    // Idle: 1.2 s of the app's time passes (every timer it set due by then runs), then Ink's frame timer (15 fps) has its turn.
    const idleStart = h.stdout.bytes;
    await clock.advance(1200);
    await new Promise((r) => setTimeout(r, 150));
    expect(h.stdout.bytes - idleStart).toBe(0);
  });
});
