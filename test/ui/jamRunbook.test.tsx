/**
 * Issue 53.1 in the TUI: the gap v1.8's nonce-health job should have filled and has not (the sandbox's
 * `--gap-filler off`, #843, its clock started five minutes back and stepped up to this machine's) is
 * jammed on the first screen; the relayer's detail says its evidence and the runbook, each step's
 * command after `$`; the stuck screen says the runbook in brief under the relayer at the cursor. No key
 * is offered for it: X on what waits says no action on a transaction fills the nonce.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { renderApp, type Harness } from './helpers.js';
import { cursorRow } from './support.js';

let h: Harness | undefined;
let sb: Sandbox | undefined;
afterEach(async () => {
  await h?.unmount();
  await sb?.close();
  h = sb = undefined;
});

const BACK_MS = 5 * 60_000;

describe('the jam no API call fixes, overdue', () => {
  it('i says the evidence and the runbook with its commands; t says it in brief; X fills nothing', async () => {
    sb = await startSandbox({ flavor: 'real', gapFiller: false, startMs: Date.now() - BACK_MS });
    sb.clock.stepTime(BACK_MS);
    h = await renderApp({ server: { url: sb.url, token: sb.token }, sandbox: { flavor: 'real' }, columns: 200, rows: 60 });
    await h.waitFor((x) => /^3 jammed /m.test(x) && /^[› ][ *]jammed\s+Optimism Relay\s/m.test(x) && !/being diagnosed/.test(x), 'the jams on the first screen');
    await h.press('/', ...'optimism-relay', '\r');
    await h.waitFor((x) => cursorRow(x).includes('optimism-relay'), 'the row');
    await h.press('i');
    const d = await h.waitFor((x) => /^runbook\s/m.test(x), "the detail's runbook");
    // A wrapped value's rows are indented one past its column (a line of its own, at the column): joined.
    const flat = d.replace(/\n {31}(?=\S)/g, ' ');
    expect(flat).toMatch(/^jam\s+jammed \S+ \(oldest waiting created \d\d:\d\d:\d\d\) at nonce (\d+) — no transaction of the relayer holds it .* Overdue: v1\.8's nonce-health job should have filled it by \d\d:\d\d:\d\d .* No API call fills it: the runbook is in the runbook lines below/m);
    expect(flat).toMatch(/^gap\s+the gap at nonce \d+: no transaction holds it, seen since \d\d:\d\d:\d\d \(open \d+m\); the relayer's counter \d+, the chain's nonce \d+$/m);
    expect(flat).toMatch(/^\s+stale above it \(2\): tx \S+ \(nonce \d+, submitted \d+m ago\) due \d\d:\d\d:\d\d; /m);
    expect(flat).toMatch(/^runbook\s+restart: A restart does not fill it: /m);
    expect(flat).toMatch(/^\s+\$ relayer-tui cancel optimism-relay --all-pending$/m);
    expect(flat).toMatch(/^\s+\$ redis-cli -u "\$REDIS_URL" SET 'oz-relayer:transaction_counter:optimism-relay:0x[0-9a-f]{40}' \d+$/m);
    expect(flat).toMatch(/^\s+\$ relayer-tui send optimism-relay --to 0x[0-9a-f]{40} --value 0 --speed fast$/m);
    // The stuck screen: under the relayer at the cursor, the runbook in brief and where it is whole.
    await h.press('\x1b');
    await h.press('t');
    await h.waitFor((x) => x.includes('relayer-tui › stuck') && /^› \S+\s+\S+/m.test(x), 'the stuck screen');
    await h.press('/', ...'optimism-relay', '\r');
    const s = await h.waitFor((x) => /^› optimism-relay\s/m.test(x) && /^runbook \(no API call fills nonce \d+\)/m.test(x), 'the runbook in brief');
    expect(s.replace(/\n {2}(?=\S)/g, ' ')).toMatch(/^by hand in Redis, its senders stopped: the counter oz-relayer:transaction_counter:optimism-relay:0x[0-9a-f]{40} set to \d+, 0 sent to the relayer itself, then set back to \d+ — each step, its command and its risk: the relayer's detail \(i on the first screen\), or relayer-tui check/m);
    await h.press('X');
    const x = await h.waitFor((f) => f.includes('no action on a transaction fills nonce'), 'X refused');
    // The status bar's start (whole in :messages).
    expect(x).toMatch(/optimism-relay: no action on a transaction fills nonce \d+: no transaction of the relayer holds it; the server's nonce-health job should have filled it by /);
    expect(x).not.toContain('Review: y sends');
  }, 60_000);
});
