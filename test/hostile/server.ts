/**
 * A hostile (or merely broken) relayer server for the trust tests and the bench: node:http on
 * loopback, every misbehaviour a named mode. Modes combine (`escapes,wide`); with none it is a small,
 * well-behaved contract server. Run alone: `node --import tsx test/hostile/main.ts --mode escapes`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Every class of hostile text tried, by name (the closing note of issue 9 lists them). */
export const ESCAPES: Record<string, string> = {
  osc0Title: '\x1b]0;PWNED-TITLE\x07',
  osc2TitleSt: '\x1b]2;PWNED-TITLE2\x1b\\',
  osc52Clipboard: '\x1b]52;c;cHduZWQ=\x07',
  osc8Link: '\x1b]8;;https://evil.example/\x07click\x1b]8;;\x07',
  c1Csi: '\u009b2J',
  c1Osc: '\u009d0;C1-TITLE\u009c',
  dcsTmux: '\x1bPtmux;\x1b\x1b]52;c;eA==\x07\x1b\\',
  apc: '\x1b_apc-payload\x1b\\',
  bel: 'ring\x07',
  backspace: 'abc\b\b\bXYZ',
  bareCr: 'abc\rXYZ',
  bidiOverride: '\u202Eevil\u202C',
  bidiIsolate: '\u2067iso\u2069',
  zeroWidth: 'a\u200Bb\u200Dc\uFEFFd',
  sgrColour: '\x1b[31mred\x1b[0m',
  csiClear: '\x1b[2J\x1b[H',
  del: 'x\x7fy',
  lineSeparator: 'l1\u2028l2',
};

/** One string holding every class, short enough for a name column. */
export const ALL_ESCAPES = Object.values(ESCAPES).join('');

/** Characters that must never reach the terminal raw (besides sequences the app writes itself). */
export const FORBIDDEN_RAW = /[\u0080-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2028\u2029\ufeff\u0007\u0008\u007f]/;

export interface Reply {
  status: number;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Close the connection without an answer. */
  destroy?: boolean;
  /** Never answer. */
  hang?: boolean;
  /** Send the headers, then the body one byte every `drip` ms (it never ends before the client gives up). */
  drip?: number;
}

export interface HostileRequest {
  method: string;
  url: string;
  body: string;
}

export interface Hostile {
  url: string;
  token: string;
  requests: HostileRequest[];
  close(): Promise<void>;
}

const json = (status: number, value: unknown, contentType = 'application/json'): Reply => ({ status, body: typeof value === 'string' ? value : JSON.stringify(value), contentType });
const ok = (data: unknown, pagination?: unknown): Reply => json(200, { success: true, data, error: null, ...(pagination ? { pagination } : {}) });
const page = (rows: unknown[], p: number, perPage: number) => ok(rows.slice((p - 1) * perPage, p * perPage), { current_page: p, per_page: perPage, total_items: rows.length });

export const OK_RELAYER = {
  id: 'ok-relayer',
  name: 'Plain Relayer',
  network: 'sepolia',
  network_type: 'evm',
  address: '0x1111111111111111111111111111111111111111',
  paused: false,
  system_disabled: false,
  signer_id: 'signer-1',
};

export function okTransaction(i: number, relayerId = 'ok-relayer') {
  return {
    id: `tx-${i}`,
    relayer_id: relayerId,
    status: 'pending',
    created_at: '2026-11-20T10:00:00Z',
    hash: `0x${String(i).padStart(64, 'a')}`,
    from: OK_RELAYER.address,
    to: '0x2222222222222222222222222222222222222222',
    value: '1000000000000000000',
    data: '0x',
    nonce: 40 + i,
    gas_limit: 21000,
    gas_price: '20000000000',
    speed: 'fast',
  };
}

/** 100 KB of HTML a linear excerpt must get through quickly: unclosed tags, comments, scripts. */
export function hostileHtml(size = 100_000): string {
  const head = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title><script>';
  const open = '<'.repeat(Math.floor(size / 4));
  const comment = '<!--'.repeat(Math.floor(size / 16));
  return `${head}${'</scrip'.repeat(Math.floor(size / 28))}</script></head><body><h1>502 Bad Gateway \x1b]0;HTML-TITLE\x07</h1>${open}${comment}</body></html>`;
}

/** A record with `fields` nested fields (the detail crashed near 130,000). */
export function deepRecord(fields: number): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (let i = 0; i < fields; i++) extra[`f${i}`] = { v: i };
  return { ...OK_RELAYER, id: 'deep', name: 'Deep Fields', extra };
}

type Route = 'relayers' | 'transactions' | 'replace' | 'plugin' | 'notify' | 'other';

interface Mode {
  /** Answers the public GET /api/v1/health with `OK`, as the OpenZeppelin Relayer does (its dialect is detected). */
  health?: boolean;
  /** Not a relayer at all: every request (health, /ready, with or without a key) goes to `answer`. */
  webServer?: boolean;
  relayers?: () => unknown[];
  transactions?: (relayerId: string) => unknown[];
  /** Overrides any answer: the route, the parsed query. */
  answer?: (route: Route, q: URLSearchParams, req: HostileRequest) => Reply | undefined;
}

/**
 * 57 transactions of one relayer, nonces 100-157 newest first with 150 held by none: even nonces
 * pending, odd ones confirmed (final). The only true gap is 150; every odd nonce is held.
 */
export function interleavedTransactions(rid: string): unknown[] {
  const out: unknown[] = [];
  for (let n = 157; n >= 100; n--) {
    if (n === 150) continue;
    out.push({ ...okTransaction(n - 40, rid), id: `tx-n${n}`, nonce: n, status: n % 2 === 0 ? 'pending' : 'confirmed', created_at: new Date(Date.UTC(2026, 10, 20, 10, 0, n)).toISOString() });
  }
  return out;
}

const byStatus = (rows: unknown[], q: URLSearchParams) => {
  const s = q.get('status');
  return s ? rows.filter((r) => (r as { status: string }).status === s.toLowerCase()) : rows;
};

/** The relayers of `odd-balances` and the balance each one's status says. */
export const ODD_BALANCES: [string, unknown][] = [
  ['prod-main', '2000000000000000000'],
  ['pr\u043ed-main', '2000000000000000000'],
  ['lots-balance', 'lots'],
  ['negative-balance', '-5'],
  ['huge-balance', '9'.repeat(80)],
];

/** Each mode, by name. */
export const MODES: Record<string, Mode> = {
  /** The OpenZeppelin Relayer's dialect, filtering by status, over interleaved final and pending transactions. */
  'oz-interleaved': {
    health: true,
    answer: (route, q) => {
      if (route !== 'transactions') return undefined;
      const rows = byStatus(interleavedTransactions('ok-relayer'), q);
      const [p, perPage] = [Math.max(1, Number(q.get('page') ?? 1)), Math.max(1, Number(q.get('per_page') ?? 10))];
      return page(rows, p, perPage);
    },
  },
  /** The same, but ?status= is ignored: every status comes back. */
  'oz-ignores-status': {
    health: true,
    answer: (route, q) => {
      if (route !== 'transactions') return undefined;
      const [p, perPage] = [Math.max(1, Number(q.get('page') ?? 1)), Math.max(1, Number(q.get('per_page') ?? 10))];
      return page(interleavedTransactions('ok-relayer'), p, perPage);
    },
  },
  escapes: {
    relayers: () => [
      { ...OK_RELAYER, id: `esc-${'x'}`, name: `Evil ${ALL_ESCAPES}`, network: `net${ESCAPES.osc0Title}`, address: `0x${ESCAPES.bidiOverride}`, notification_id: ESCAPES.osc52Clipboard },
    ],
    transactions: (rid) => [
      { ...okTransaction(1, rid), hash: `0xabc${ESCAPES.osc0Title}def`, status: `pending${ESCAPES.c1Csi}`, status_reason: ALL_ESCAPES },
      { ...okTransaction(2, rid), to: `0x${ESCAPES.backspace}`, speed: ESCAPES.bareCr },
    ],
    answer: (route) => {
      if (route === 'plugin')
        return ok({ success: true, message: `msg ${ALL_ESCAPES}`, error: null, return_value: JSON.stringify({ v: ALL_ESCAPES }), logs: [{ level: 'info', message: `log ${ALL_ESCAPES}` }, { level: ESCAPES.osc8Link, message: 'x' }], traces: [] });
      if (route === 'notify') return json(201, { success: true, data: { id: `n${ESCAPES.osc0Title}`, type: 'webhook', url: `https://x.example/${ALL_ESCAPES}`, has_signing_key: false }, error: null });
      if (route === 'replace') return json(400, { success: false, data: null, message: `refused ${ALL_ESCAPES}` });
      return undefined;
    },
  },
  /** Error texts (JSON and text/plain) carrying escapes, for GETs. */
  'escape-errors': {
    answer: (route, q) => {
      if (route === 'relayers') return json(500, { success: false, data: null, message: `boom ${ALL_ESCAPES}` });
      if (route === 'transactions') return { status: 400, body: `Query deserialize error: ${ALL_ESCAPES}`, contentType: 'text/plain' };
      return undefined;
    },
  },
  wide: {
    relayers: () => [
      { ...OK_RELAYER, id: 'wide-cjk', name: '漢字の中継器テスト', network: '網絡', address: '0x3333333333333333333333333333333333333333' },
      { ...OK_RELAYER, id: 'wide-emoji', name: '🚀 Rocket 🚀 relayer', network: '🌐net' },
      { ...OK_RELAYER, id: 'plain-ascii', name: 'Plain ASCII name', network: 'sepolia' },
    ],
  },
  deep: { relayers: () => [deepRecord(130_000)], transactions: (rid) => [{ ...okTransaction(1, rid), extra: deepRecord(130_000).extra }] },
  /** About 1 MB of relayer detail: 20,000 fields carrying escapes (the bench's hostile page). */
  'one-mb': {
    relayers: () => {
      const extra: Record<string, unknown> = {};
      for (let i = 0; i < 20_000; i++) extra[`f${i}`] = `${ESCAPES.osc0Title}${'9'.repeat(20)}`;
      return [{ ...OK_RELAYER, id: 'one-mb', name: `One MB ${ESCAPES.osc52Clipboard}`, extra }];
    },
  },
  /** A 1,000,000-digit `value`, a 200,000-digit `gas_price` and a 200,000-digit JSON number literal in `nonce`. */
  digits: {
    answer: (route, q) => {
      if (route !== 'transactions') return undefined;
      const huge = { ...okTransaction(1), value: '9'.repeat(1_000_000), gas_price: '7'.repeat(200_000), nonce: 0 };
      const body = JSON.stringify({ success: true, data: [huge, okTransaction(2)], error: null, pagination: { current_page: 1, per_page: Number(q.get('per_page') ?? 10), total_items: 2 } });
      return { status: 200, body: body.replace('"nonce":0', `"nonce":${'8'.repeat(200_000)}`), contentType: 'application/json' };
    },
  },
  'html-errors': { answer: (route) => (route === 'relayers' || route === 'transactions' ? { status: 502, body: hostileHtml(), contentType: 'text/html' } : undefined) },
  mismatch: { transactions: () => [okTransaction(1, 'someone-else'), okTransaction(2, 'someone-else')] },
  'per-page-0': { answer: (route) => (route === 'relayers' ? ok([OK_RELAYER], { current_page: 1, per_page: 0, total_items: 1 }) : undefined) },
  oversize: {
    answer: (route) => {
      if (route !== 'relayers') return undefined;
      // Small rows (about 6 MB): under the body limit, far over any page size.
      const rows = Array.from({ length: 200_000 }, (_, i) => ({ id: `r${i}`, name: `Row ${String(i).padStart(6, '0')}` }));
      return ok(rows, { current_page: 1, per_page: 200_000, total_items: 200_000 });
    },
  },
  /** Every answer (a page, a replaced transaction) with 17 KiB of headers: over the client's header limit. */
  'huge-headers': {
    answer: (route) => ({ ...(route === 'relayers' ? ok([OK_RELAYER], { current_page: 1, per_page: 10, total_items: 1 }) : ok({ id: 'tx-1', status: 'submitted' })), headers: { 'content-type': 'application/json', 'x-padding': 'x'.repeat(17 * 1024) } }),
  },
  /** 17 MB of answer: over the client's body limit. */
  'huge-body': { answer: (route) => (route === 'relayers' ? ok([{ ...OK_RELAYER, name: 'x'.repeat(17 * 1024 * 1024) }], { current_page: 1, per_page: 10, total_items: 1 }) : undefined) },
  duplicates: {
    relayers: () => [
      { ...OK_RELAYER, id: 'dup', name: 'Dup A', network: 'net-a' },
      { ...OK_RELAYER, id: 'dup', name: 'Dup B', network: 'net-b' },
    ],
  },
  redirect: { answer: (route) => (route === 'relayers' ? { status: 301, headers: { location: 'https://elsewhere.example/api/v1/relayers' }, body: '' } : undefined) },
  hang: { answer: () => ({ status: 0, hang: true }) },
  /** Not a relayer server at all: what `python3 -m http.server` answers (404 text/html to a GET, 501 to a POST or PUT). */
  'not-api': {
    webServer: true,
    answer: (r) => {
      const [code, words] = isMutation(r) ? [501, 'Unsupported method'] : [404, 'File not found'];
      return { status: code, body: `<!DOCTYPE HTML>\n<html><head><title>Error response</title></head><body><h1>Error response</h1><p>Error code: ${code}</p><p>Message: ${words}.</p></body></html>\n`, contentType: 'text/html;charset=utf-8' };
    },
  },
  /** Every request refused as too many, for 30 s, in words a terminal would act on. */
  'rate-limited': { answer: () => ({ ...json(429, { success: false, data: null, message: `Too Many Requests${ESCAPES.osc0Title}` }), headers: { 'retry-after': '30' } }) },
  // Outcome classes of a PUT/POST (replace, plugin call, notification), one mode each.
  'mutation-refused': { answer: (r) => (isMutation(r) ? json(400, { success: false, data: null, message: 'Bad Request: value is required' }) : undefined) },
  'mutation-paused': { answer: (r) => (isMutation(r) ? json(403, { success: false, data: null, error: 'Relayer paused' }) : undefined) },
  'mutation-text-400': { answer: (r) => (isMutation(r) ? { status: 400, body: 'Json deserialize error: missing field `value`', contentType: 'text/plain' } : undefined) },
  'mutation-4xx-html': { answer: (r) => (isMutation(r) ? { status: 404, body: '<html><body><h1>404 Not Found</h1>nginx</body></html>', contentType: 'text/html' } : undefined) },
  'mutation-502-html': { answer: (r) => (isMutation(r) ? { status: 502, body: hostileHtml(2_000), contentType: 'text/html' } : undefined) },
  'mutation-503': { answer: (r) => (isMutation(r) ? json(503, { success: false, data: null, message: 'Service Unavailable' }) : undefined) },
  'mutation-500-envelope': { answer: (r) => (isMutation(r) ? json(500, { success: false, data: null, error: 'An unknown error occurred' }) : undefined) },
  'mutation-200-html': { answer: (r) => (isMutation(r) ? { status: 200, body: '<html><body>OK</body></html>', contentType: 'text/html' } : undefined) },
  'mutation-200-null': { answer: (r) => (isMutation(r) ? ok(null) : undefined) },
  'mutation-200-garbage': { answer: (r) => (isMutation(r) ? { status: 200, body: '{"success":true,"data":{"id":', contentType: 'application/json' } : undefined) },
  'mutation-reset': { answer: (r) => (isMutation(r) ? { status: 0, destroy: true } : undefined) },
  'mutation-hang': { answer: (r) => (isMutation(r) ? { status: 0, hang: true } : undefined) },
  'mutation-redirect': { answer: (r) => (isMutation(r) ? { status: 303, headers: { location: 'https://elsewhere.example/done' }, body: '' } : undefined) },
  /**
   * A newer server: the OpenZeppelin Relayer's dialect with a network type the client does not know
   * (`aptos`) and a transaction status it does not know (`queued`, 30 minutes old); mutations answer 200.
   */
  'newer-server': {
    health: true,
    relayers: () => [{ ...OK_RELAYER, id: 'apt-1', name: 'Aptos One', network: 'aptos-mainnet', network_type: 'aptos', address: '0xabc' }],
    transactions: (rid) => [{ id: 'q-1', relayer_id: rid, status: 'queued', created_at: new Date(Date.now() - 30 * 60_000).toISOString(), hash: null }],
    answer: (r) => (r === 'other' || isMutation(r) ? ok({ id: 'q-1', status: 'queued' }) : undefined),
  },
  /**
   * A link alive and never done: six relayers listed at once, then every other answer dripped a byte
   * every 250 ms (only a deadline over the whole read ends it: each request alone is still receiving).
   */
  drip: {
    relayers: () => Array.from({ length: 6 }, (_, i) => ({ ...OK_RELAYER, id: `drip-${i}`, name: `Drip ${i}` })),
    answer: (route) => (route === 'relayers' ? undefined : { ...ok([okTransaction(1)], { current_page: 1, per_page: 10, total_items: 1 }), drip: 250 }),
  },
  /** 10,000 relayers: ten times what the fleet reads of one context. */
  'ten-thousand-relayers': { relayers: () => Array.from({ length: 10_000 }, (_, i) => ({ ...OK_RELAYER, id: `r-${i}`, name: `R ${i}` })) },
  /**
   * The OpenZeppelin dialect with balances no client can read and a look-alike id: `prod-main` and
   * `pr\u043ed-main` (Cyrillic о), balances by relayer (GET /relayers/{id}/status): `lots`, `-5`,
   * 80 digits (the largest the client reads: shown ≈ …e61 ETH), and a plain 2 ETH.
   */
  'odd-balances': {
    health: true,
    relayers: () => ODD_BALANCES.map(([id]) => ({ ...OK_RELAYER, id, name: `Odd ${id}` })),
    transactions: () => [],
    answer: (route, _q, req) => {
      const m = /^\/api\/v1\/relayers\/([^/]+)\/status$/.exec(req.url);
      if (route !== 'other' || !m) return undefined;
      const balance = ODD_BALANCES.find(([id]) => id === decodeURIComponent(m[1]!))?.[1];
      return ok({ network_type: 'evm', balance, pending_transactions_count: 0, last_confirmed_transaction_timestamp: null, system_disabled: false, paused: false, nonce: '0' });
    },
  },
  /** 1,500 relayers (more than the fleet reads: 10 pages of 100). */
  'many-relayers': { relayers: () => Array.from({ length: 1_500 }, (_, i) => ({ ...OK_RELAYER, id: `r-${i}`, name: `R ${i}` })) },
  /** total_items says 5, while every page is full: it never stops paging. */
  'lying-total': {
    answer: (route, q) => {
      if (route !== 'relayers') return undefined;
      const [p, perPage] = [Math.max(1, Number(q.get('page') ?? 1)), Math.max(1, Number(q.get('per_page') ?? 10))];
      return ok(Array.from({ length: perPage }, (_, i) => ({ ...OK_RELAYER, id: `p${p}-${i}` })), { current_page: p, per_page: perPage, total_items: 5 });
    },
  },
  'plugin-error': {
    answer: (r) => (r === 'plugin' ? json(500, { success: false, data: { code: 'E_PLUGIN', details: { why: `no ${ESCAPES.osc0Title}` } }, error: 'Plugin failed' }) : undefined),
  },
};

function isMutation(r: Route): boolean {
  return r === 'replace' || r === 'plugin' || r === 'notify';
}

function routeOf(method: string, path: string): Route {
  if (method === 'GET' && path === '/api/v1/relayers') return 'relayers';
  if (method === 'GET' && /^\/api\/v1\/relayers\/[^/]+\/transactions\/?$/.test(path)) return 'transactions';
  if (method === 'PUT' && /^\/api\/v1\/relayers\/[^/]+\/transactions\/[^/]+$/.test(path)) return 'replace';
  if (method === 'POST' && /^\/api\/v1\/plugins\/[^/]+\/call$/.test(path)) return 'plugin';
  if (method === 'POST' && path === '/api/v1/notifications') return 'notify';
  return 'other';
}

export async function startHostile(modeNames: string[] = [], opts: { token?: string; port?: number } = {}): Promise<Hostile> {
  const token = opts.token ?? 'hostile-token';
  const modes = modeNames.map((m) => {
    const mode = MODES[m];
    if (!mode) throw new Error(`unknown hostile mode ${m} (modes: ${Object.keys(MODES).join(', ')})`);
    return mode;
  });
  const requests: HostileRequest[] = [];
  const sockets = new Set<Socket>();
  const relayers = () => modes.find((m) => m.relayers)?.relayers?.() ?? [OK_RELAYER];
  const transactions = (rid: string) => modes.find((m) => m.transactions)?.transactions?.(rid) ?? Array.from({ length: 12 }, (_, i) => okTransaction(i + 1, rid));

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const method = req.method ?? 'GET';
    const r: HostileRequest = { method, url: req.url ?? '', body };
    requests.push(r);
    const route = routeOf(method, u.pathname);
    const web = modes.find((m) => m.webServer);
    if (web) return send(res, web.answer!(route, u.searchParams, r)!);
    if (u.pathname === '/api/v1/health')
      return send(res, modes.some((m) => m.health) ? { status: 200, body: 'OK', contentType: 'text/plain' } : { status: 404, body: 'not here', contentType: 'text/plain' });
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, json(401, { success: false, data: null, message: 'Unauthorized' }));
    for (const m of modes) {
      const reply = m.answer?.(route, u.searchParams, r);
      if (reply) return send(res, reply);
    }
    const p = Math.max(1, Number(u.searchParams.get('page') ?? 1));
    const perPage = Math.max(1, Number(u.searchParams.get('per_page') ?? 10));
    switch (route) {
      case 'relayers':
        return send(res, page(relayers(), p, perPage));
      case 'transactions':
        return send(res, page(transactions(decodeURIComponent(u.pathname.split('/')[4]!)), p, perPage));
      case 'replace': {
        const [, , , , rid, , tid] = u.pathname.split('/');
        return send(res, ok({ ...okTransaction(1, decodeURIComponent(rid!)), id: decodeURIComponent(tid!), status: 'submitted' }));
      }
      case 'plugin':
        return send(res, ok({ success: true, message: 'ok', error: null, return_value: '{"done":true}', logs: [], traces: [] }));
      case 'notify':
        return send(res, json(201, { success: true, data: { id: 'n1', type: 'webhook', url: 'https://ops.example/hook', has_signing_key: false }, error: null }));
      default:
        return send(res, json(404, { success: false, data: null, message: 'Not found' }));
    }
  };

  const send = (res: ServerResponse, reply: Reply) => {
    if (reply.hang) return;
    if (reply.drip) {
      const body = reply.body ?? '';
      res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json', 'content-length': Buffer.byteLength(body) });
      let i = 0;
      const t = setInterval(() => (i < body.length && !res.destroyed ? res.write(body[i++]) : clearInterval(t)), reply.drip);
      res.on('close', () => clearInterval(t));
      return;
    }
    if (reply.destroy) {
      res.socket?.destroy();
      return;
    }
    res.writeHead(reply.status, { ...(reply.contentType ? { 'content-type': reply.contentType } : {}), ...reply.headers });
    res.end(reply.body ?? '');
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
