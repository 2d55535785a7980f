/**
 * Drafts kept on disk (src/ui/forms/draftStore.ts) as the form sees them, with a real store on a
 * temporary directory: the offer's keys (y, n, esc) and what this session typed (never offered back
 * to itself), at 60x20. The dropped line itself is test/e2e/drafts.test.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DraftStore } from '../../../src/ui/forms/draftStore.js';
import { NOTIFY_FIELDS, NOTIFY_INITIAL } from '../../../src/core/operations/notify.js';
import { KEY, renderApp, type Harness } from '../helpers.js';
import { focusedField, palette } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const where = { context: 'SANDBOX', server: 'SANDBOX' };
const storeIn = () => new DraftStore(join(mkdtempSync(join(tmpdir(), 'relayer-tui-drafts-ui-')), 'drafts'), where);

/** A draft an earlier session left: a url typed, a signing key typed (not kept). */
function earlier(store: DraftStore): void {
  store.save({ form: 'notify' }, NOTIFY_FIELDS, { ...NOTIFY_INITIAL, url: 'https://earlier.example/hook', signing_key: 'x'.repeat(40) }, NOTIFY_INITIAL);
  store.flush();
}

describe('a draft kept from an earlier session', () => {
  it('is offered within a 60x20 frame; esc leaves it for later (offered again), y restores it and says the key was not kept', async () => {
    const store = storeIn();
    earlier(store);
    h = await renderApp({ columns: 60, rows: 20, services: { draftStore: store } });
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await palette(h, 'notify');
    let f = await h.waitFor((x) => /restore the draft from \d\d:\d\d\? y\/n/.test(x), 'the offer');
    expect(f.split('\n').length).toBeLessThanOrEqual(19);
    expect(f).toMatch(/url\s+https:\/\/earlier\.example\/hook/);
    expect(f).toMatch(/signing_key is not in the draft/);
    // Typing is not editing yet: keys other than y/n/esc do nothing.
    await h.press('z');
    expect(h.frame()).toMatch(/restore the draft from/);
    await h.press(KEY.esc);
    await h.waitFor((x) => x.includes('Sepolia Main') && !x.includes('restore the draft'), 'back to the list');
    expect(store.load({ form: 'notify' })?.values.url).toBe('https://earlier.example/hook');
    await palette(h, 'notify');
    await h.waitFor((x) => /restore the draft from/.test(x), 'the offer again');
    await h.press('y');
    await h.waitFor((x) => focusedField(x) === 'url' && x.includes('https://earlier.example/hook'), 'restored');
    await h.waitFor((x) => /signing_key not kept: type it/.test(x), 'the signing key said to be typed again');
  });

  it('what this session typed reopens at once (no offer to itself); d on the leave prompt removes it from disk', async () => {
    const store = storeIn();
    h = await renderApp({ services: { draftStore: store } });
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await palette(h, 'notify');
    await h.waitFor((x) => focusedField(x) === 'url', 'the form');
    await h.press('https://now.example');
    await h.waitFor((x) => x.includes('https://now.example'));
    store.flush();
    expect(store.load({ form: 'notify' })?.values.url).toBe('https://now.example');
    await h.press(KEY.esc);
    await h.waitFor((x) => x.includes('Leave this form?'));
    await h.press('k');
    await h.waitFor((x) => x.includes('Sepolia Main') && !x.includes('create notification'));
    await palette(h, 'notify');
    const f = await h.waitFor((x) => x.includes('create notification') && focusedField(x) === 'url');
    expect(f).not.toMatch(/restore the draft/);
    expect(f).toContain('https://now.example');
    await h.press(KEY.esc);
    await h.waitFor((x) => x.includes('Leave this form?'));
    await h.press('d');
    await h.waitFor((x) => !x.includes('create notification'));
    store.flush();
    expect(store.load({ form: 'notify' })).toBeUndefined();
  });
});
