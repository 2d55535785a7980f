import { afterEach, it } from 'vitest';
import { KEY, renderApp, type Harness } from '../helpers.js';
let h: Harness | undefined;
afterEach(async () => { await h?.unmount(); h = undefined; });
const show = (t: string) => console.log('=== ' + t + '\n' + h!.frame());
it('explore replace', async () => {
  h = await renderApp({ columns: 80, rows: 24, route: { kind: 'transactions', relayerId: 'sepolia-main' } });
  await h.waitFor((f) => f.includes('pending'));
  await h.press('j','j','j','j','j','j','j','j', 'e');
  await h.waitFor((f) => f.includes('value'));
  show('form confirmed');
  await h.press(KEY.ctrlU, '340282366920938463463374607431768211455');
  await h.press(KEY.ctrlS);
  show('review');
  await h.press('j','j','j','j','j','j','j','j','j','j','j','j');
  show('review scrolled');
  await h.press('y');
  await h.waitFor((f) => f.includes('refused'));
  show('failed');
});
it('explore done', async () => {
  h = await renderApp({ columns: 80, rows: 24, route: { kind: 'transactions', relayerId: 'sepolia-main' } });
  await h.waitFor((f) => f.includes('pending'));
  await h.press('e');
  await h.waitFor((f) => f.includes('value'));
  await h.press(KEY.ctrlS, 'y');
  await h.waitFor((f) => f.includes('Done'));
  show('done');
});
