/**
 * The page scan (src/api/pageLines.ts: NDJSON rows read from the body's bytes) against the exact way
 * (JSON parse, the zod schema, the rows' texts by dataItemTexts) over real HTTP: for every body — a
 * hostile but valid page and hundreds of mutations of it — a list asked for lines and one asked
 * without must agree (the same rows or the same refusal, word for word), the lines must be the exact
 * way's texts byte for byte, and whatever the scan itself accepts the exact way must accept too.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createRelayerClient, parseJson, RelayerSchema, TransactionSchema, type RelayerClient } from '../../src/api/index.js';
import { dataItemTexts } from '../../src/api/jsonItems.js';
import { scanPage } from '../../src/api/pageLines.js';
import { rowShape } from '../../src/api/rowShape.js';
import { jsonForTerminal } from '../../src/core/text/sanitize.js';
import { jsonTextLines } from '../../src/headless/output.js';

const U128 = '340282366920938463463374607431768211455';
const row = (i: number, extra = '') =>
  `{"id":"tx-${i}","relayer_id":"r","status":"pending","created_at":"2026-11-20T10:00:00Z","hash":null,"value":${U128},"gas_price":"${U128}","nonce":${i},"fee":1.50e3,"speed":"fast","is_canceled":false,"signature":{"r":"ab","s":"cd","v":28,"sig":"abcd"},"instructions":[1,{"a":[null]}],"unknown_key":{"deep":[[[]]]},"note":"caf\\u00e9 \\"q\\" \\\\ \\/"${extra}}`;
const page = (rows: string[], perPage = 100) => `{"success":true,"data":[${rows.join(',')}],"error":null,"pagination":{"current_page":1,"per_page":${perPage},"total_items":${rows.length}}}`;
const BASE = page([row(0), row(1, ',"text":"\u00e9\u202e\u009b\u007f end"'), row(2, ',"nested":{"signature":5}'), row(3)]);

/** A page of plain ASCII but for a raw DEL in a string (JSON allows it; a terminal must not get it). */
const DEL_ONLY = page([row(0, ',"del":"a\u007fb"')]);

/** Bodies the scan must read itself (else the comparison would only test the exact way against itself). */
const FAST: string[] = [
  BASE,
  page([]),
  page([row(0)], 1),
  page([row(0), row(1)], 1), // a page longer than asked: cut to 1, the second row read for syntax only
  `{\n  "success": true,\n  "data": [\n${row(0).replace(/,"/g, ',\n    "')},\r\n\t${row(1)}\n  ],\n  "pagination": {"current_page": 1, "per_page": 100, "total_items": 2}\n}`,
  page([row(0, ',"\u00e9":"\u00ff"')]),
  DEL_ONLY,
];

/** Targeted changes: each either refused by the exact way (then the scan must not accept it) or accepted by both. */
const TARGETED: [string, string][] = [
  ['"status":"pending"', '"status":5'],
  ['"status":"pending"', '"status":null'],
  ['"status":"pending"', '"status":{}'],
  ['"status":"pending",', ''],
  ['"id":"tx-0",', ''],
  ['"id":"tx-0"', '"id":"tx-0","id":7'],
  ['"id":"tx-0"', '"id":7,"id":"tx-0"'],
  ['"id":"tx-0"', '"\\u0069d":7'],
  ['"id":"tx-0"', '"id":"tx-0","\\u0069d":7'],
  ['"nonce":0', '"nonce":1e400'],
  ['"nonce":0', '"nonce":-0'],
  ['"nonce":0', '"nonce":1.5'],
  ['"nonce":0', '"nonce":-1E-5'],
  ['"nonce":0', `"nonce":${'9'.repeat(400)}`],
  ['"nonce":0', '"nonce":"12"'],
  ['"nonce":0', '"nonce":true'],
  ['"nonce":0', '"nonce":[]'],
  ['"hash":null', '"hash":5'],
  ['"hash":null', '"hash":false'],
  ['"is_canceled":false', '"is_canceled":"no"'],
  ['"is_canceled":false', '"is_canceled":null'],
  ['"signature":{"r":"ab"', '"signature":{"r":5'],
  ['"signature":{"r":"ab"', '"signature":{"r":"ab","r":5'],
  ['"v":28', '"v":"x"'],
  ['"v":28', '"v":{}'],
  ['"signature":{"r":"ab","s":"cd","v":28,"sig":"abcd"}', '"signature":"base58sig"'],
  ['"signature":{"r":"ab","s":"cd","v":28,"sig":"abcd"}', '"signature":[]'],
  ['"signature":{"r":"ab","s":"cd","v":28,"sig":"abcd"}', '"signature":{}'],
  ['"speed":"fast"', '"speed":{}'],
  ['"speed":"fast"', '"speed":{"a":1}'],
  ['"speed":"fast"', '"speed":[]'],
  ['"instructions":[1,{"a":[null]}]', '"instructions":{}'],
  ['"instructions":[1,{"a":[null]}]', '"instructions":"x"'],
  ['"instructions":[1,{"a":[null]}]', '"instructions":null'],
  ['"unknown_key":{"deep":[[[]]]}', `"unknown_key":${'['.repeat(600)}${']'.repeat(600)}`],
  ['"unknown_key":{"deep":[[[]]]}', `"unknown_key":${'['.repeat(100)}${']'.repeat(100)}`],
  ['"unknown_key"', '"__proto__"'],
  ['"success":true', '"success":false'],
  ['"success":true', '"success":"true"'],
  ['"success":true', '"success":true,"success":true'],
  ['"pagination":{"current_page":1', '"pagination":{"current_page":"x"'],
  ['"pagination":{"current_page":1', '"pagination":{"current_page":-1'],
  [',"pagination":{"current_page":1,"per_page":100,"total_items":4}', ''],
  ['"data":[', '"data":[],"data":['],
  ['"data":[', '"d\\u0061ta":[],"data":['],
  ['{"success"', '\ufeff{"success"'],
  ['"total_items":4}}', '"total_items":4}} x'],
  ['"total_items":4}}', '"total_items":4}}\n'],
  ['{"id":"tx-0"', '5,{"id":"tx-0"'],
  ['{"id":"tx-0"', '[],{"id":"tx-0"'],
  ['"note":"caf', '"note":"\\x'],
  ['"note":"caf', '"note":"\\u00G0'],
  ['"note":"caf', '"note":"\\ud800'],
  ['"note":"caf', '"note":"\u001b[31m'],
  ['"note":"caf', '"note":"\u0000'],
  ['"note":"caf', '"note":"\t'],
  ['"note":"caf', '"note":"\u007f\u0085\u2028\u200b\u061c'],
];

/** Raw bytes and tokens the fuzz drops into the body at random places. */
const INSERTS: Buffer[] = [
  ...['"', '\\', ',', ':', '{', '}', '[', ']', ' ', '\n', '\t', '\r', 'true', 'null', 'x', '0', '-', '.', 'e', '1e400', '01', '\\u', '\\u00e9', '"id":1,'].map((s) => Buffer.from(s)),
  ...[[0x00], [0x01], [0x1b], [0x7f], [0x9b], [0xc2, 0x9b], [0xe2, 0x80, 0xae], [0xff], [0xc3], [0xed, 0xa0, 0x80], [0xef, 0xbb, 0xbf], [0x0b], [0x0c]].map((b) => Buffer.from(b)),
];

/** A small deterministic generator (the same bodies every run). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function mutations(base: Buffer, count: number): Buffer[] {
  const r = rng(29);
  const out: Buffer[] = [];
  for (let k = 0; k < count; k++) {
    const at = Math.floor(r() * base.length);
    const op = r();
    if (op < 0.6) out.push(Buffer.concat([base.subarray(0, at), INSERTS[Math.floor(r() * INSERTS.length)]!, base.subarray(at)]));
    else if (op < 0.85) out.push(Buffer.concat([base.subarray(0, at), base.subarray(at + 1 + Math.floor(r() * 3))]));
    else {
      const b = Buffer.from(base);
      b[at] = Math.floor(r() * 256);
      out.push(b);
    }
  }
  return out;
}

const bodies: Buffer[] = [
  ...FAST.map((t) => Buffer.from(t)),
  ...TARGETED.map(([from, to]) => {
    expect(BASE.includes(from), from).toBe(true);
    return Buffer.from(BASE.replace(from, to));
  }),
  ...mutations(Buffer.from(BASE), 600),
];

let server: Server;
let url: string;
let client: RelayerClient;
/** The body the server sends next. */
let next: Buffer = Buffer.alloc(0);
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(next);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  client = createRelayerClient({ baseUrl: url, token: 't', maxRetries: 0, dialect: 'contract' });
});
afterAll(async () => {
  await client.close();
  await new Promise((r) => server.close(r));
});

type Outcome = { ok: true; ids: unknown[]; lines: string | undefined; total: number; sent?: number } | { ok: false; kind: string; message: string };

async function read(body: Buffer, lines: boolean, perPage: number, what: 'txs' | 'relayers' = 'txs'): Promise<Outcome> {
  next = body;
  try {
    const p = await (what === 'txs' ? client.listTransactions('r', { perPage }, { lines }) : client.listRelayers({ perPage }, { lines }));
    return { ok: true, ids: p.items.map((t) => t.id), lines: p.lines ? jsonTextLines(p.lines).toString('latin1') : undefined, total: p.totalItems, ...(p.sentItems ? { sent: p.sentItems } : {}) };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { ok: false, kind: e.kind, message: e.message };
  }
}

/** What the exact way writes for a page's rows: each row's text, joined, drawn safe (the NDJSON before the scan). */
function exactLines(body: Buffer, perPage: number): string | undefined {
  const texts = dataItemTexts(new TextDecoder().decode(body), perPage);
  return texts && Buffer.from(texts.length ? jsonForTerminal(`${texts.join('\n')}\n`) : '').toString('latin1');
}

/** Whether the exact way accepts the page: JSON, the envelope, every kept row through the schema. */
function exactAccepts(body: Buffer, perPage: number): boolean {
  let v: unknown;
  try {
    v = parseJson(new TextDecoder().decode(body));
  } catch {
    return false;
  }
  const env = v as { success?: unknown; data?: unknown; pagination?: unknown };
  if (typeof v !== 'object' || v === null || env.success !== true || !Array.isArray(env.data)) return false;
  return env.data.slice(0, perPage).every((r) => TransactionSchema.safeParse(r).success);
}

describe('the page scan against the exact way, over HTTP', () => {
  const shape = rowShape(TransactionSchema)!;

  it('reads the hostile but valid pages itself (else the rest would compare the exact way with itself)', () => {
    expect(shape).toBeDefined();
    for (const t of FAST) expect(scanPage(Buffer.from(t), t.includes('"per_page":1,') ? 1 : 100, shape), t.slice(0, 80)).toBeDefined();
  });

  it('never accepts what the exact way refuses; what it accepts, its lines are the exact way’s bytes', () => {
    let scanned = 0;
    for (const body of bodies) {
      const perPage = body.includes('"per_page":1,') ? 1 : 100;
      const s = scanPage(Buffer.from(body), perPage, shape);
      if (!s) continue;
      scanned++;
      expect(exactAccepts(body, perPage), body.toString('latin1').slice(0, 300)).toBe(true);
      expect(jsonTextLines(s.lines).toString('latin1'), body.toString('latin1').slice(0, 300)).toBe(exactLines(body, perPage));
    }
    // The fuzz reaches the scan's own acceptance often enough to mean something.
    expect(scanned).toBeGreaterThan(100);
  });

  it('a list asked for lines answers as one asked without: the same rows or the same refusal, word for word; the lines as the exact way writes them', async () => {
    for (const body of bodies) {
      const perPage = body.includes('"per_page":1,') ? 1 : 100;
      const [withLines, without] = [await read(body, true, perPage), await read(body, false, perPage)];
      const what = body.toString('latin1').slice(0, 300);
      if (!without.ok) {
        expect(withLines, what).toEqual(without);
        continue;
      }
      expect(withLines.ok, what).toBe(true);
      if (!withLines.ok) continue;
      expect(withLines.ids, what).toEqual(without.ids);
      expect([withLines.total, withLines.sent], what).toEqual([without.total, without.sent]);
      expect(withLines.lines, what).toBe(exactLines(body, perPage));
    }
  }, 60_000);

  it('no raw control, DEL, C1, bidi or separator character reaches the lines: each is a JSON escape', async () => {
    const p = await read(Buffer.from(BASE), true, 100);
    expect(p.ok).toBe(true);
    const out = Buffer.from((p as { lines: string }).lines, 'latin1');
    for (const b of out) expect(b === 10 || (b >= 0x20 && b < 0x7f) || b >= 0x80).toBe(true);
    const text = out.toString('utf8');
    const del = await read(Buffer.from(DEL_ONLY), true, 100);
    expect(del.ok && del.lines).toContain('"del":"a\\u007fb"');
    expect(text).not.toMatch(/[\u0080-\u009f\u202e\u2028\u200b\u061c]/);
    expect(text).toContain('\u00e9\\u202e\\u009b\\u007f end');
    // The server's digits, as sent.
    expect(text).toContain(`"value":${U128},"gas_price":"${U128}"`);
    expect(text).toContain('"fee":1.50e3');
  });
});

describe('the page scan of relayers (nested objects, lists of objects, a recursive union) against the exact way', () => {
  const relayer = (i: number, extra = '') =>
    `{"id":"r-${i}","name":"R ${i}","network":"sepolia","network_type":"evm","paused":false,"system_disabled":null,"address":"0xab","signer_id":"s","custom_rpc_urls":[{"url":"https://a","weight":${U128}}],"policies":{"eip1559_pricing":true,"min_balance":${U128},"whitelist_receivers":["0x1"],"extra":{"x":[1]}},"disabled_reason":{"type":"Multiple","details":[{"type":"BalanceCheckFailed","details":"low"},"text"]}${extra}}`;
  const RBASE = page([relayer(0), relayer(1, ',"note":"\u009b\u007f"'), relayer(2)]);
  const RTARGETED: [string, string][] = [
    ['"paused":false', '"paused":"no"'],
    ['"policies":{"eip1559_pricing":true', '"policies":{"eip1559_pricing":1'],
    ['"policies":{"eip1559_pricing":true', '"policies":{"eip1559_pricing":true,"eip1559_pricing":1'],
    ['"policies":{', '"policies":[{'],
    ['"whitelist_receivers":["0x1"]', '"whitelist_receivers":[1]'],
    ['"custom_rpc_urls":[{"url":"https://a"', '"custom_rpc_urls":[{"url":5'],
    ['"custom_rpc_urls":[{"url":"https://a","weight":', '"custom_rpc_urls":[{"weight":'],
    ['"disabled_reason":{"type":"Multiple"', '"disabled_reason":{"type":5'],
    ['"disabled_reason":{"type":"Multiple",', '"disabled_reason":{'],
    ['"details":"low"', '"details":5'],
    ['"details":"low"', '"details":[{"type":"Deep","details":[{"type":7}]}]'],
    ['"disabled_reason":{', '"disabled_reason":"plain","x":{'],
    ['"id":"r-0",', ''],
    ['"id":"r-0"', '"id":0'],
  ];
  const rbodies = [
    Buffer.from(RBASE),
    ...RTARGETED.map(([from, to]) => {
      expect(RBASE.includes(from), from).toBe(true);
      return Buffer.from(RBASE.replace(from, to));
    }),
    ...mutations(Buffer.from(RBASE), 200),
  ];

  it('the valid page is read by the scan itself', () => {
    expect(scanPage(Buffer.from(RBASE), 100, rowShape(RelayerSchema)!)).toBeDefined();
  });

  it('the same rows or the same refusal as the exact way, the lines its bytes', async () => {
    const shape = rowShape(RelayerSchema)!;
    for (const body of rbodies) {
      const what = body.toString('latin1').slice(0, 300);
      const s = scanPage(Buffer.from(body), 100, shape);
      if (s) {
        const v = (() => {
          try {
            return parseJson(new TextDecoder().decode(body)) as { data: unknown[] };
          } catch {
            return undefined;
          }
        })();
        expect(v !== undefined && v.data.every((r) => RelayerSchema.safeParse(r).success), what).toBe(true);
      }
      const [withLines, without] = [await read(body, true, 100, 'relayers'), await read(body, false, 100, 'relayers')];
      if (!without.ok) {
        expect(withLines, what).toEqual(without);
        continue;
      }
      expect(withLines.ok && withLines.ids, what).toEqual(without.ids);
      expect(withLines.ok && withLines.lines, what).toBe(exactLines(body, 100));
    }
  }, 60_000);
});
