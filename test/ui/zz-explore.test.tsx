import { afterEach, it, vi } from 'vitest';
vi.hoisted(() => { process.env.FORCE_COLOR = '1'; });
import { KEY, renderApp, type Harness } from './helpers.js';
let h: Harness | undefined;
afterEach(async () => { await h?.unmount(); h = undefined; });
const sleep = (ms:number) => new Promise(r=>setTimeout(r,ms));
it('color', async () => {
  h = await renderApp({ columns: 80, rows: 10 });
  let f = await h.waitFor((f) => f.includes('Avalanche'));
  console.log(JSON.stringify(f));
});
it('resize', async () => {
  h = await renderApp({ terminal: true, columns: 100, rows: 30 });
  await h.waitFor((f) => f.includes('Sepolia Main') && f.includes('ms'));
  console.log(h.screen().join('\n'));
  h.stdout.resize(80, 24);
  await sleep(300);
  console.log(h.screen().map((l,i)=>i+':'+l).join('\n'));
  h.stdout.resize(60, 20);
  await sleep(300);
  console.log(h.screen().map((l,i)=>i+':'+l).join('\n'));
});
