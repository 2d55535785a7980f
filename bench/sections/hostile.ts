/** A hostile server (the trust tests' fixture in its own process): the longest main-thread block with 1 MB on screen, and ctrl+c with a million digits. */
import { close, palette, spacedKey, spawnTui } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { hostileServer } from '../servers.ts';
import { fmtMs, median, runs, sleep } from '../stats.ts';

async function run(r: Report): Promise<void> {
  {
    const hs = await hostileServer('one-mb');
    try {
      const s = spawnTui({ cols: 100, rows: 30, env: { RELAYER_URL: hs.url, RELAYER_API_KEY: hs.token } });
      await s.waitForText('One MB', 20_000);
      await s.quiet(300);
      const steps: [string, number][] = [];
      // While the 1 MB page is fetched and parsed again (r), a key is answered: `?` opens the help.
      s.press('r');
      await sleep(15);
      steps.push(['? during a refresh of the 1 MB page', await s.pressAndTimeFrame('?', 10_000)]);
      steps.push(['? closes the help', await spacedKey(s, '?')]);
      steps.push(['i: the 1 MB detail (20,000 hostile fields)', await spacedKey(s, 'i')]);
      steps.push(['G: its end', await spacedKey(s, 'G')]);
      steps.push(['v: its raw JSON', await spacedKey(s, 'v')]);
      steps.push(["G: the raw view's end", await spacedKey(s, 'G')]);
      // (k would move the cursor inside the window: a change in reverse video the screen text does not show.)
      steps.push(["g: the raw view's top", await spacedKey(s, 'g')]);
      steps.push(['esc: back to the list', await spacedKey(s, '\x1b')]);
      const worst = steps.reduce((a, b) => (b[1] > a[1] ? b : a));
      r.record(
        'max main-thread block with a 1 MB hostile page on screen (keypress → frame, throttle idle)',
        fmtMs(worst[1]),
        '≤ 100 ms',
        worst[1] <= 100,
        `worst: ${worst[0]}; ${steps.map(([w, ms]) => `${w.split(':')[0]} ${ms.toFixed(0)}`).join(', ')} ms`,
      );
      await close(s);
    } finally {
      await hs.stop();
    }
  }
  {
    const hs = await hostileServer('digits');
    try {
      const exits: number[] = [];
      for (let i = 0; i < 5; i++) {
        const s = spawnTui({ cols: 100, rows: 30, env: { RELAYER_URL: hs.url, RELAYER_API_KEY: hs.token } });
        await s.waitForText('Plain Relayer', 20_000);
        await s.quiet(300);
        await palette(s, 'tx ok-relayer');
        // The list shows the value's ends and the start of its length (the column cuts the rest).
        await s.waitForText('9999…9999 (1,', 10_000);
        await s.quiet(150);
        s.press('\r');
        await s.waitForText('9999…9999 (1,000,000 digits)', 10_000);
        s.press('v');
        await s.waitForText('(raw JSON)', 10_000);
        await s.quiet(150);
        const t0 = performance.now();
        s.press('\x03');
        const e = await s.exited;
        exits.push(e.at - t0);
        await close(s);
      }
      r.record('ctrl+c → exit with 1,000,000 digits on screen (raw view, median of 5)', fmtMs(median(exits)), '≤ 100 ms', median(exits) <= 100, `runs: ${runs(exits)} ms, to the process's exit`);
    } finally {
      await hs.stop();
    }
  }
}

export const hostile: Section = {
  name: 'hostile',
  title: 'hostile server…',
  run,
  method: `
- **Hostile server**: \`test/hostile/main.ts\` (the fixture of the trust tests) in its own process.
  *Max main-thread block*: mode \`one-mb\` (one relayer of about 1 MB: 20,000 fields, each an OSC title
  sequence and 20 digits); \`?\` pressed 15 ms after \`r\` (while the page is fetched and parsed again),
  then \`?\`, \`i\`, \`G\`, \`v\`, \`G\`, \`g\`, esc, each once the output has been quiet for more than a frame;
  each figure is keypress → frame, and a key cannot be answered sooner than the main thread is free,
  so the worst one bounds the longest block. *ctrl+c*: mode \`digits\` (a 1,000,000-digit value, a
  200,000-digit number literal), \`:tx ok-relayer\`, enter, \`v\` (the raw view holds every digit), then
  ctrl+c timed to the process's exit, 5 runs.
`,
};
