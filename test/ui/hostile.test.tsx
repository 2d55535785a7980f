/**
 * Server text is data, never terminal bytes: every view against a hostile server (test/hostile/),
 * rendered as the CLI renders into a terminal emulator, with every byte written checked.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { unsafeBytes } from '../hostile/bytes.js';
import { ESCAPES, startHostile, type Hostile } from '../hostile/server.js';
import { KEY, renderApp, type Harness } from './helpers.js';

let h: Harness | undefined;
let server: Hostile | undefined;
afterEach(async () => {
  await h?.unmount();
  await server?.close();
  h = undefined;
  server = undefined;
});

async function open(modes: string[], opts: Parameters<typeof renderApp>[0] = {}): Promise<Harness> {
  server = await startHostile(modes);
  h = await renderApp({ server, terminal: true, columns: 100, rows: 30, ...opts });
  return h;
}

const written = (x: Harness) => x.stdout.frames.join('');
const screenText = (x: Harness) => x.screen().join('\n');
async function see(x: Harness, needle: string | RegExp, what = String(needle)): Promise<string> {
  return x.waitFor(() => (typeof needle === 'string' ? screenText(x).includes(needle) : needle.test(screenText(x))), what);
}

describe('no control byte or sequence from the server reaches the terminal', () => {
  it('through the relayers list, relayer detail and raw JSON, transactions, transaction detail, review and refusal, plugin answer and notification', async () => {
    const x = await open(['escapes']);
    // The list: every class shows as a visible placeholder.
    let s = await see(x, 'Evil');
    expect(s).toContain('␛]0;PWNED-TITLE␇');
    // Relayer detail, then its raw JSON: escaped as JSON escapes them.
    await x.press('i');
    s = await see(x, 'notification_id');
    expect(s).toContain('␛]52;c;cHduZWQ=␇');
    await x.press('v');
    s = await see(x, '"notification_id"');
    expect(s).toContain('\\u001b]0;PWNED-TITLE\\u0007');
    expect(s).toContain('\\u009b2J');
    expect(s).toContain('\\u202eevil\\u202c');
    await x.press(KEY.esc);
    await see(x, /STATE\s+NAME/);
    // Transactions and a transaction's detail.
    await x.press(KEY.enter);
    s = await see(x, /STATUS\s+NONCE/);
    // The STATUS column takes what its content needs (issue 18.8): the C1 CSI shows as its whole placeholder.
    expect(s).toContain('› pending\\u009b2J');
    // Shortened in the middle, every placeholder visible.
    // (TO is made whole before HASH: the hash is cut in its middle, its ESC and BEL still shown as symbols.)
    expect(s).toMatch(/0xabc␛\S*…\S*␇def/);
    await x.press(KEY.enter);
    s = await see(x, 'status_reason');
    // The status reason holds every class; its wrapped rows joined back.
    const reason = s.replace(/\n {15}/g, '');
    expect(reason).toContain('abc␈␈␈XYZabc␍XYZ\\u202eevil\\u202c\\u2067iso\\u2069');
    expect(reason).toContain('a\\u200bb\\u200dc\\ufeffd␛[31mred␛[0m␛[2J␛[Hx␡yl1\\u2028l2');
    await x.press('v');
    await see(x, '"status_reason"');
    await x.press('v');
    // The replacement: review, then the server's refusal carrying escapes.
    await x.press('e');
    await see(x, /› value/);
    await x.press(KEY.ctrlS);
    await see(x, 'Review:');
    await x.sendReview();
    s = await see(x, 'Refused by the server');
    expect(s.replace(/\n/g, ' ')).toContain('refused ␛]0;PWNED-TITLE␇');
    // A plugin's answer: message, logs, return value.
    await x.press(KEY.esc);
    await see(x, 'status_reason');
    await x.press(':', 'plugin p', KEY.enter);
    await see(x, /› params/);
    await x.press(KEY.ctrlS);
    await see(x, 'Review:');
    await x.sendReview();
    s = await see(x, 'logs (2)');
    expect(s.replace(/\n +/g, ' ')).toContain('msg ␛]0;PWNED-TITLE␇');
    expect(s).toContain('  ␛]8;;… x');
    // A notification's answer echoes hostile id and url.
    await x.press(KEY.esc, ':', 'notify', KEY.enter);
    await see(x, /› url/);
    await x.press('https://ops.example/hook', KEY.ctrlS);
    await see(x, 'Review:');
    await x.sendReview();
    // It answers with another url than the one sent: said (not as asked), the answer drawn inert.
    s = await see(x, 'but not as asked');
    expect(s).toContain('n␛]0;PWNED-TITLE␇');

    expect(unsafeBytes(written(x))).toEqual([]);
    expect(x.titles).toEqual([]);
  });

  it('through error panels: a JSON error message and a text/plain one', async () => {
    const x = await open(['escape-errors']);
    let s = await see(x, 'HTTP 500');
    expect(s).toContain('boom ␛]0;PWNED-TITLE␇');
    await x.press(':', 'tx ok-relayer', KEY.enter);
    s = await see(x, 'HTTP 400');
    expect(s).toContain('Query deserialize error');
    expect(unsafeBytes(written(x))).toEqual([]);
    expect(x.titles).toEqual([]);
  });

  it('the sanitizer backstop in Ink: even text a view forgot to sanitize is drawn inert', async () => {
    // The status bar's relayer segment comes from the route, typed in the palette: sanitized; here a
    // raw ESC is pushed into a screen title through the route id to reach Ink itself.
    const x = await open([], { route: { kind: 'transactions', relayerId: `r${ESCAPES.osc0Title}${ESCAPES.c1Osc}` } });
    await see(x, 'relayer-tui ›');
    await x.flushed();
    expect(unsafeBytes(written(x))).toEqual([]);
    expect(x.titles).toEqual([]);
  });
});

describe('columns line up whatever the text (CJK, emoji, placeholders)', () => {
  for (const [columns, rows] of [
    [80, 24],
    [100, 30],
  ] as const) {
    it(`at ${columns}x${rows}`, async () => {
      const x = await open(['wide'], { columns, rows });
      await see(x, 'Plain ASCII name');
      await x.flushed();
      const cells = x.cells();
      const text = cells.map((r) => r.join(''));
      const header = text.findIndex((r) => /^\s+STATE\s+NAME/.test(r));
      expect(header).toBeGreaterThanOrEqual(0);
      const idAt = text[header]!.indexOf('ID ');
      expect(idAt).toBeGreaterThan(0);
      // Every row's id starts in the header's ID column: cell by cell, a wide character taking two.
      const ids = ['wide-cjk', 'wide-emoji', 'plain-ascii'];
      for (const id of ids) {
        const row = cells.find((r) => r.slice(idAt, idAt + id.length).join('') === id);
        expect(row, `${id} at column ${idAt}\n${text.join('\n')}`).toBeDefined();
      }
      expect(unsafeBytes(written(x))).toEqual([]);
    });
  }
});

describe('server-sized data is laid out within bounds and never crashes a view', () => {
  it('a relayer with 130,000 nested fields opens, scrolls to its end and says what it left out', async () => {
    const x = await open(['deep']);
    await see(x, 'Deep Fields');
    await x.press('i');
    await see(x, 'extra.f0.v');
    await x.press('G');
    await see(x, 'more fields not shown: v shows the raw JSON');
    await x.press('v');
    await see(x, '(raw JSON)');
    await x.press('G');
    await see(x, '… (more not shown)');
  });

  it('a 1,000,000-digit value and a 200,000-digit number: capped in the list and the detail, digits kept for the raw view', async () => {
    const x = await open(['digits']);
    await x.press(':', 'tx ok-relayer', KEY.enter);
    let s = await see(x, /STATUS\s+NONCE/);
    // Cut to their columns (capped first: no cell ever holds the whole digit run).
    expect(s).toContain('9999…9999 (1,');
    expect(s).toMatch(/ 8888…8888 \(200,/);
    await x.press(KEY.enter);
    s = await see(x, /^gas_price/m);
    expect(s).toContain('9999…9999 (1,000,000 digits)');
    expect(s).toContain('7777…7777 (200,000 digits)');
    expect(s).toContain('8888…8888 (200,000 digits)');
    // The raw view keeps every digit: the value's million digits take 10,000 rows, and the rest of
    // the record still follows them.
    await x.press('v');
    s = await see(x, '(raw JSON)');
    expect(s).toMatch(/"value": "9{80,}/);
    await x.press('G');
    s = await see(x, '"speed": "fast"');
    expect(s).toMatch(/^}/m);
  });

  it('a page far larger than asked is cut to the page size, with a warning in words', async () => {
    // At 120 columns: at 100 the page count gives way to the read time (never dropped) beside the warning.
    const x = await open(['oversize'], { columns: 120 });
    const s = await see(x, 'Row 000000');
    expect(s).toMatch(/⚠ the server sent 200,000 rows for a page of \d+: cut to \d+/);
    expect(s).toMatch(/page 1\/\d+/);
  });

  it('per_page 0 from the server: page 1/1, not 1/Infinity', async () => {
    const x = await open(['per-page-0']);
    const s = await see(x, 'Plain Relayer');
    expect(s).toMatch(/page 1\/1 \(1\)/);
    expect(s).not.toContain('Infinity');
  });

  it('duplicate relayer ids: the detail opens the row that was selected', async () => {
    const x = await open(['duplicates']);
    await see(x, 'Dup B');
    await x.press('j', 'i');
    const s = await see(x, 'relayer-tui › relayer Dup B');
    expect(s).toContain('net-b');
  });
});

describe('the replacement goes to the relayer on screen', () => {
  it("a transaction whose relayer_id differs is flagged in its detail and the review; the PUT path is the listed relayer's", async () => {
    const x = await open(['mismatch']);
    await see(x, 'Plain Relayer');
    await x.press(KEY.enter);
    await see(x, /STATUS\s+NONCE/);
    await x.press(KEY.enter);
    let s = await see(x, '⚠ relayer_id');
    expect(s.replace(/\s+/g, ' ')).toContain('belongs to relayer someone-else, but it was listed under ok-relayer');
    await x.press('e');
    await see(x, /› value/);
    await x.press(KEY.ctrlS);
    s = await see(x, 'Review:');
    expect(s).toContain('PUT /api/v1/relayers/ok-relayer/transactions/tx-1');
    expect(s.replace(/\s+/g, ' ')).toContain('the request goes to ok-relayer, the relayer on screen');
    await x.sendReview();
    await see(x, '✓ Done');
    const put = server!.requests.filter((r) => r.method === 'PUT');
    expect(put.map((r) => r.url)).toEqual(['/api/v1/relayers/ok-relayer/transactions/tx-1']);
  });
});

describe('cleartext and start-up warnings are shown inside the TUI', () => {
  it('http:// to another host: "http! cleartext" stays in the status bar; start-up warnings flash there', async () => {
    const x = await open([], { services: { serverLabel: 'relayer.example:8080', cleartext: true, warnings: ['--token is visible to other users in ps'] } });
    let s = await see(x, 'Plain Relayer');
    expect(s).toMatch(/relayer\.example:8080 │ http! cleartext │/);
    expect(s).toContain('⚠ --token is visible to other users in ps');
    await x.press('j');
    s = await see(x, /http! cleartext/);
    expect(s).not.toContain('--token is visible');
  });
});

describe('a view that throws does not take the app with it', () => {
  it('DrawBoundary shows what could not be drawn, in one line', async () => {
    const { render } = await import('ink-testing-library');
    const { DrawBoundary } = await import('../../src/ui/components/DrawBoundary.js');
    const Boom = (): never => {
      throw new Error('bad answer \x1b]0;x\x07');
    };
    const quiet = console.error;
    console.error = () => undefined; // React reports the caught error; the boundary is what is tested
    try {
      const r = render(
        <DrawBoundary what="The answer was received but cannot be shown">
          <Boom />
        </DrawBoundary>,
      );
      expect(r.lastFrame()).toBe('The answer was received but cannot be shown (bad answer ␛]0;x␇). esc goes back.');
      r.unmount();
    } finally {
      console.error = quiet;
    }
  });
});
