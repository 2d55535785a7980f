/** Issue 18.6: a message longer than the status bar shows its first line and `… (:messages)`; `:messages` keeps every one whole. */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { frameLines, statusLine } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const LONG = 'contexts.staging.token_command: the command `pass show relayer/staging` failed with exit status 1 after 20 s: gpg: decryption failed: No secret key';

describe(':messages', () => {
  it('a start-up warning too long for the bar: first line + … (:messages), still said after a key; :messages shows it whole, wrapped', async () => {
    h = await renderApp({ columns: 80, rows: 24, services: { warnings: [`${LONG}\nsecond line of it`, 'another warning'] } });
    let f = await h.waitFor((x) => x.includes('Sepolia Main'), 'relayers');
    expect(statusLine(f)).toMatch(/⚠ contexts\.staging\.token_command: .*… \(:messages\) *$/);
    await h.press('j');
    f = await h.waitFor((x) => statusLine(x).includes('2 start-up warnings: :messages'), 'the warnings still said after a key');
    await h.press(':', 'm', 'e', 's', 's', 'a', 'g', 'e', 's', KEY.enter);
    f = await h.waitFor((x) => frameLines(x)[0]!.includes('messages (2, newest first'), 'the messages screen');
    const body = frameLines(f).join('\n');
    // Every word of the long one, across wrapped rows, and its second line.
    for (const word of ['pass show relayer/staging', 'decryption failed', 'No secret key', 'second line of it', 'another warning'])
      expect(body.replace(/\n\s+/g, ' ')).toContain(word);
    // Read: the status bar no longer nags.
    expect(statusLine(f)).not.toContain('start-up warning');
  });

  it('a palette answer too long for the bar is cut with … (:messages) and kept whole there', async () => {
    h = await renderApp({ columns: 80, rows: 24 });
    await h.waitFor((x) => x.includes('Sepolia Main'), 'relayers');
    await h.press(':', ...'frobnicate-the-relayers'.split(''), KEY.enter);
    const f = await h.waitFor((x) => statusLine(x).includes('… (:messages)'), 'the cut message');
    expect(statusLine(f).length).toBeLessThanOrEqual(80);
    await h.press(':', 'm', 'e', 's', 's', 'a', 'g', 'e', 's', KEY.enter);
    const m = await h.waitFor((x) => frameLines(x)[0]!.includes('messages ('), 'messages');
    expect(frameLines(m).join(' ').replace(/\s+/g, ' ')).toMatch(/Unknown command :frobnicate-the-relayers\. Try :relayers, .*:messages, :q/);
  });
});
