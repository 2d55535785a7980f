/** `:plugin <id>`: JSON params, review, call, the plugin's answer (logs, traces, errors), params kept. */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from '../helpers.js';
import { U128_MAX, fieldValue, focusedField, lines, palette, settle, statusBar, writes } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

/** Replaces the params editor's text (cursor at its end on open) with `text`. */
async function setParams(h: Harness, text: string): Promise<void> {
  await h.press(KEY.ctrlU);
  await h.waitFor((f) => f.includes('✗ not valid JSON: empty'), 'params cleared');
  await h.press(text);
}

async function callPlugin(h: Harness): Promise<string> {
  await h.press(KEY.ctrlS);
  await h.waitFor((f) => f.includes('Review:'), 'review');
  await h.press('y');
  return h.waitFor((f) => f.includes('✓ Done') || f.includes('✗ ') || f.includes('⚠ Outcome unknown'), 'answer');
}

describe('plugin call', () => {
  it(':plugin echo opens with the id prefilled and focus in the params editor', async () => {
    h = await renderApp();
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await palette(h, 'plugin echo');
    const f = await h.waitFor((x) => x.includes('plugin echo') && focusedField(x) !== undefined, 'plugin form');
    expect(lines(f)[0]).toBe('relayer-tui › plugin echo');
    expect(fieldValue(f, 'plugin id')).toBe('echo');
    expect(focusedField(f)).toBe('params');
    expect(f).toMatch(/^ +1 {2}\{\}/m);
    expect(f).toContain('any JSON value; numbers are sent exactly as typed');
  });

  it('the `{}` is a placeholder: the first key replaces it; numbers go out exactly as typed', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'plugin-call', target: { pluginId: 'echo' } } });
    await h.waitFor((f) => focusedField(f) === 'params');
    await h.press('{"a": 1e400, "b": 0.12345678901234567890123, "c": -0, "d": 1.50}');
    let f = await h.waitFor((x) => /^ +1 {2}\{"a": 1e400/m.test(x), 'typed over the placeholder');
    expect(f).not.toMatch(/\{\}\{/);
    await h.press(KEY.ctrlS);
    f = await h.waitFor((x) => x.includes('Review:'));
    expect(f).toContain('"a": 1e400');
    expect(f).toContain('"b": 0.12345678901234567890123');
    await h.press('y');
    await h.waitFor((x) => x.includes('✓ Done'));
    expect(writes(h)[0]!.body).toBe('{"params":{"a":1e400,"b":0.12345678901234567890123,"c":-0,"d":1.50}}');
  });

  it('sends a u128 in params byte-exact and shows it back in the return value', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'plugin-call', target: { pluginId: 'echo' } } });
    await h.waitFor((f) => focusedField(f) === 'params');
    await setParams(h, `{"n": ${U128_MAX}}`);
    await h.press(KEY.ctrlS);
    const review = await h.waitFor((f) => f.includes('Review:'));
    expect(review).toContain('POST /api/v1/plugins/echo/call');
    expect(review).toContain(`"n": ${U128_MAX}`);
    expect(writes(h)).toEqual([]);
    await h.press('y');
    const f = await h.waitFor((x) => x.includes('✓ Done'));
    expect(writes(h).map((r) => r.body)).toEqual([`{"params":{"n":${U128_MAX}}}`]);
    expect(f).toContain('success   yes');
    expect(f).toContain(`"n": ${U128_MAX}`);
    expect(h.sandbox.pluginCalls).toBe(1);
  });

  it('real flavor: the return value is the data itself, big integer intact', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'plugin-call', target: { pluginId: 'echo' } }, sandbox: { flavor: 'real' } });
    await h.waitFor((f) => focusedField(f) === 'params');
    await setParams(h, `[${U128_MAX}, "x"]`);
    const f = await callPlugin(h);
    expect(writes(h)[0]!.body).toBe(`{"params":[${U128_MAX},"x"]}`);
    expect(f).toContain('success   yes');
    expect(f).toMatch(new RegExp(`^ +${U128_MAX},$`, 'm'));
  });

  it('points at invalid JSON with line and column before sending (visible at 80 columns)', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'plugin-call', target: { pluginId: 'echo' } }, columns: 80, rows: 24 });
    await h.waitFor((f) => focusedField(f) === 'params');
    await setParams(h, '{');
    await h.press(KEY.enter, '"n": 1,', KEY.enter, '}');
    let f = await h.waitFor((x) => x.includes('3 lines'));
    expect(f).toMatch(/✗ not valid JSON at line 3, column 1/);
    await h.press(KEY.ctrlS);
    f = await h.waitFor((x) => statusBar(x).includes('needs attention before review'));
    expect(f).not.toContain('Review:');
    expect(writes(h)).toEqual([]);
    // Fixing it clears the error.
    await h.press(KEY.up, '\x05', KEY.backspace); // up, ctrl+e (end of line), backspace
    await h.waitFor((x) => !x.includes('✗ not valid JSON'), 'fixed');
  });

  it(':plugin logs shows the logs with levels in words and the traces count; t expands the traces', async () => {
    h = await renderApp({ columns: 120, rows: 60 });
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await palette(h, 'plugin logs');
    await h.waitFor((f) => f.includes('plugin logs') && focusedField(f) === 'params');
    let f = await callPlugin(h);
    expect(f).toContain('✓ Done (HTTP 200): the plugin answered');
    expect(f).toContain('POST /api/v1/plugins/logs/call → HTTP 200');
    expect(f).toContain('logs (8):');
    for (const [level, text] of [
      ['LOG', 'plugin "logs" started'],
      ['INFO', 'processing 3 items for relayer sepolia-main'],
      ['DEBUG', 'item 1: to=0x1111111111111111111111111111111111111111'],
      ['WARN', 'gas price 48 gwei is above the configured soft limit'],
      ['ERROR', 'item 2: RPC timeout after 5000 ms'],
      ['RESULT', '{"ok":true,"processed":3}'],
    ] as const)
      expect(f).toMatch(new RegExp(`^ {2}${level} +${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
    expect(f).toContain('traces (3) — t shows them');
    expect(f).not.toContain('#1 ');
    await h.press('t');
    f = await h.waitFor((x) => x.includes('traces (3) — t hides'), 'traces shown');
    expect(f).toMatch(/#1 \{/);
    expect(f).toContain('"method": "sendTransaction"');
    await h.press('t');
    await h.waitFor((x) => x.includes('traces (3) — t shows them') && !x.includes('#1 '), 'traces hidden');
  });

  it('fail (contract flavor): the answer says success no and the plugin error', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'plugin-call', target: { pluginId: 'fail' } } });
    await h.waitFor((f) => focusedField(f) === 'params');
    const f = await callPlugin(h);
    // Not "Done": the plugin ran and said no. The request was sent, and its status is shown.
    expect(f).toContain('✗ The plugin reported a failure (HTTP 200)');
    expect(f).toContain('POST /api/v1/plugins/fail/call → HTTP 200');
    expect(f).not.toContain('✓ Done');
    expect(f).toContain('success   no');
    expect(f).toContain('error     Plugin execution failed: insufficient balance for relayer sepolia-main');
  });

  it('fail (real flavor): the server error text and status, params kept', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'plugin-call', target: { pluginId: 'fail' } }, sandbox: { flavor: 'real' } });
    await h.waitFor((f) => focusedField(f) === 'params');
    await setParams(h, '{"amount": 15}');
    const f = await callPlugin(h);
    // The plugin's own error (its status, code and details) is the plugin's answer, not a refused request.
    expect(f).toContain('✗ The plugin reported a failure (HTTP 422)');
    expect(f).toContain('POST /api/v1/plugins/fail/call → HTTP 422');
    expect(f).toContain('success   no (HTTP 422)');
    expect(f).toContain('error     Plugin execution failed: insufficient balance for relayer sepolia-main');
    expect(f).toContain('code      "INSUFFICIENT_BALANCE"');
    expect(f).toContain('"required": "1500000000000000000"');
    // The params are kept for the next call of the plugin.
    await h.press(KEY.esc, ':', 'plugin fail', KEY.enter);
    const form = await h.waitFor((x) => /^ +1 {2}\{"amount": 15\}/m.test(x), 'the form with its params');
    expect(form).toMatch(/^ +1 {2}\{"amount": 15\}/m);
    expect(focusedField(form)).toBe('params');
  });

  it('keeps the last params per plugin for the session (send, esc, reopen)', async () => {
    h = await renderApp();
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await palette(h, 'plugin echo');
    await h.waitFor((f) => focusedField(f) === 'params');
    await setParams(h, '{"keep": 42}');
    await callPlugin(h);
    await h.press(KEY.esc);
    await h.waitFor((f) => f.includes('relayer-tui › relayers'), 'left');
    await palette(h, 'plugin logs');
    let f = await h.waitFor((x) => x.includes('plugin logs') && focusedField(x) === 'params');
    expect(f).toMatch(/^ +1 {2}\{\}/m);
    await h.press(KEY.esc);
    await palette(h, 'plugin echo');
    f = await h.waitFor((x) => x.includes('plugin echo') && focusedField(x) === 'params');
    expect(f).toMatch(/^ +1 {2}\{"keep": 42\}/m);
    await callPlugin(h);
    expect(writes(h).map((r) => r.body)).toEqual(['{"params":{"keep":42}}', '{"params":{"keep":42}}']);
  });

  it('one call in flight: y and ctrl+s while the slow plugin runs do nothing', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'plugin-call', target: { pluginId: 'slow' } } });
    await h.waitFor((f) => focusedField(f) === 'params');
    await setParams(h, '{"ms": 600}');
    await h.press(KEY.ctrlS, 'y');
    await h.waitFor((f) => f.includes('Sending POST /api/v1/plugins/slow/call'), 'sending');
    await h.press('y', KEY.ctrlS, 'y', KEY.enter);
    const f = await h.waitFor((x) => x.includes('✓ Done'), 'done');
    expect(f).toMatch(/INFO +slept 600 ms/);
    expect(writes(h)).toHaveLength(1);
    expect(h.sandbox.pluginCalls).toBe(1);
  });

  it('a timed-out call says the outcome is unknown and is not resent', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'plugin-call', target: { pluginId: 'slow' } }, client: { timeoutMs: 300 } });
    await h.waitFor((f) => focusedField(f) === 'params');
    await setParams(h, '{"ms": 900}');
    const f = await callPlugin(h);
    expect(f).toContain('Outcome unknown');
    expect(f).toContain('the outcome is unknown');
    expect(f).toContain('Nothing was resent. The plugin may have run');
    // There is no list of plugin calls to refresh.
    expect(f).not.toContain('Refresh the list');
    expect(f).toMatch(/^ +1 {2}\{"ms": 900\}/m);
    // The plugin finishes after 900 ms: once the sandbox has answered every request, no second call was made.
    await h.sandbox.idle();
    await settle(100);
    expect(writes(h)).toHaveLength(1);
    expect(h.sandbox.pluginCalls).toBe(1);
  });
});
