/**
 * The fleet: every relayer of several contexts, read at once and never waiting for the slowest. Each
 * context is read on its own — its relayers first (rows appear as soon as they are listed), then each
 * relayer's live status (where the server offers it) and its non-final transactions through the
 * triage reader (core/triage/scan.ts, the rules of `:stuck`) — at most `perServer` requests in flight
 * to one server and `pool` in all, within the context's deadline. A context that cannot be read (down,
 * timed out, 401, 429, a token command that failed, an answer that is not the API) is one row saying
 * so, and blocks nothing else. `refresh()` reads again, a failing context backing off (core/backoff.ts).
 * Each active EVM relayer's forecasts (core/forecast/relayerRead.ts, the one path of `check` and the TUI) are read
 * beside its jam diagnosis, through the same limits and deadline: `eth_gasPrice` (one request) and,
 * with a cap, its trend (eth_feeHistory and two blocks), and where its balance is over its minimum, a
 * page of its confirmed transactions; a refresh
 * carries the chain as the last read saw it (jam_forming's trend). Only where asked (`forecasts: true`).
 */
import { readJam } from '../jam/read.js';
import { nextReadBands, type ReadBands } from '../time.js';
import { ApiError, DEFAULT_TIMEOUT_MS, dialectUnsettled, errorWords, type Relayer, type RelayerClient } from '../../api/index.js';
import { formatSeconds } from '../../api/network.js';
import { retryDelay } from '../backoff.js';
import { DEFAULT_TRIAGE, type TriageOptions } from '../triage/rules.js';
import { readRelayer, summarize, worthAsking, type ScanLimits } from '../triage/scan.js';
import { Limiter, pool } from '../limiter.js';
import { chainWait } from '../triage/chain.js';
import { readinessWords } from '../readiness.js';
import { deadline as makeDeadline } from '../deadline.js';
import { networkKind } from '../relayer.js';
import { byTrouble, contextRow, readinessRow, relayerRow, unreadRow as notAllReadRow, type FleetRow, type MinBalances, type NotOpened, type RelayerReading } from './health.js';
import { problemWords, type Problem } from './problems.js';
import { forecastRelayer, minimumOf, startPriceRead } from '../forecast/relayerRead.js';
import { allUnknown } from '../forecast/unknown.js';
import type { ChainSeen } from '../forecast/jamForming.js';

/** One context as the fleet reads it: how to open its client (the token resolved without a terminal), or why not. */
export interface FleetSource {
  name: string;
  url?: string;
  /** Its client, or why it could not be opened (no request made: not "unreachable"). */
  open: () => Promise<{ client: RelayerClient; minBalances?: MinBalances; timeoutMs: number } | { error: string; kind: NotOpened['kind'] }>;
}

export interface ContextState {
  name: string;
  url: string | null;
  phase: 'loading' | 'ok' | 'unreachable' | 'not opened';
  /** Why it could not be read, in words (server text: sanitize to draw). */
  error: string | null;
  /** The relayers list's answer time, last read; and the band it is said in (core/time nextReadBands). */
  latencyMs: number | null;
  readBands: ReadBands | null;
  relayers: number;
  /** Requests of the last read (and of all reads). */
  requests: number;
  totalRequests: number;
  /** When the last read ended; failures in a row, and when the next read may start. */
  at: number | null;
  failures: number;
  retryAt: number | null;
  /** The deadline of one read. */
  timeoutMs: number;
  /** What of its relayers was not read (a read cut short at the fleet's page limit), in words; else null. */
  unread: string | null;
}

export interface FleetOptions {
  now: () => number;
  /** Requests in flight to one server at most. */
  perServer?: number;
  /** Requests in flight in all at most. */
  pool?: number;
  /** How much of each relayer's transactions is read. */
  limits?: ScanLimits;
  rules?: TriageOptions;
  /** The refresh interval, from which failed contexts back off. */
  intervalMs?: number;
  /** Told (at most once a turn of the event loop) whenever a row or a context changed. */
  onChange?: () => void;
  /**
   * Whether each relayer's forecasts are read (`relayer-tui fleet`: yes unless --forecast off; the TUI's
   * :fleet: yes, STATE `soon` and their marks: ui/screens/fleet/fleetView.ts). Two to five requests a
   * relayer: the price, with a cap its trend's three, a page of confirmed transactions. Default false.
   */
  forecasts?: boolean;
}

/** A relayer's transactions as the fleet reads them: fewer pages than `:stuck` (a thousand relayers), the rules the same. */
export const FLEET_LIMITS: ScanLimits = { pagesPerRelayer: 4, perPage: 50, inFlight: 2, relayerPages: 10 };

/** How long after one request's timeout a context's whole read is given up. */
const DEADLINE_SLACK_MS = 500;

/** A server as the request limits count it: its origin (scheme, host, port; its path and the context's name do not make another). */
function originBucket(s: FleetSource): string {
  try {
    return s.url ? new URL(s.url).origin : `context:${s.name}`;
  } catch {
    return `context:${s.name}`;
  }
}

interface Opened {
  client: RelayerClient;
  minBalances?: MinBalances;
  timeoutMs: number;
}

export class Fleet {
  private readonly opts: Required<Omit<FleetOptions, 'onChange'>> & Pick<FleetOptions, 'onChange'>;
  private readonly limiter: Limiter;
  /** One request limit per server, shared by the contexts that name it. */
  private readonly servers: Map<string, Limiter>;
  private readonly opened = new Map<string, Promise<Opened | { error: string; kind: NotOpened['kind'] }>>();
  private readonly rowsByContext = new Map<string, FleetRow[]>();
  private readonly states = new Map<string, ContextState>();
  /**
   * Each relayer's chain as its last read saw it (context NUL relayer → jam_forming's ChainSeen), carried
   * to the next refresh: kept out of the rows (a row read again alike must compare equal: the TUI marks what changed).
   */
  private readonly chainSeen = new Map<string, ChainSeen>();
  private readonly closed = new AbortController();
  private sorted: FleetRow[] | null = null;
  private notifyQueued = false;
  private reading: Promise<void> | null = null;

  constructor(
    readonly sources: readonly FleetSource[],
    o: FleetOptions,
  ) {
    this.opts = { perServer: 2, pool: 16, limits: FLEET_LIMITS, rules: DEFAULT_TRIAGE, intervalMs: 5_000, forecasts: false, ...o };
    this.servers = new Map<string, Limiter>();
    this.limiter = new Limiter(this.opts.pool);
    for (const s of sources) {
      this.states.set(s.name, { name: s.name, url: s.url ?? null, phase: 'loading', error: null, latencyMs: null, readBands: null, relayers: 0, requests: 0, totalRequests: 0, at: null, failures: 0, retryAt: null, timeoutMs: DEFAULT_TIMEOUT_MS, unread: null });
      this.rowsByContext.set(s.name, [contextRow(s.name, null)]);
    }
  }

  /**
   * Each context's server (scheme, host, port): two contexts on one URL are one server — its request
   * limit is shared, and its relayers are counted once (issue 27.8).
   */
  serverOf(): Record<string, string> {
    return Object.fromEntries(this.sources.map((s) => [s.name, originBucket(s)]));
  }

  /** Every row, worst first (the same array until something changes). */
  rows(): FleetRow[] {
    this.sorted ??= [...this.rowsByContext.values()].flat().sort(byTrouble);
    return this.sorted;
  }

  contexts(): ContextState[] {
    return this.sources.map((s) => this.states.get(s.name)!);
  }

  /** Contexts still being read for the first time. */
  loading(): number {
    return this.contexts().filter((c) => c.phase === 'loading').length;
  }

  /**
   * Reads every context whose backoff allows it (all of them the first time); resolves when each has
   * answered or reached its deadline. A read already under way is joined, not doubled — but where
   * contexts are forced (the operator changed a relayer of theirs), that read may have read them before
   * the change: they are read again once it ends.
   */
  refresh(force: ReadonlySet<string> = new Set()): Promise<void> {
    if (this.reading && force.size) return this.reading.then(() => this.refresh(force));
    this.reading ??= (async () => {
      const now = this.opts.now();
      // `force`: contexts read now whatever their backoff (the operator changed a relayer of theirs); a token that could not be had stays unread.
      const due = this.sources.filter((s) => {
        const st = this.states.get(s.name)!;
        return st.retryAt === null || st.retryAt <= now || (force.has(s.name) && st.retryAt !== Infinity);
      });
      await Promise.all(due.map((s) => this.readContext(s)));
    })().finally(() => (this.reading = null));
    return this.reading;
  }

  async close(): Promise<void> {
    this.closed.abort();
    const all = await Promise.all([...this.opened.values()]);
    await Promise.all(all.map((o) => ('client' in o ? o.client.close() : undefined)));
  }

  private changed(): void {
    this.sorted = null;
    if (this.notifyQueued || !this.opts.onChange) return;
    this.notifyQueued = true;
    queueMicrotask(() => {
      this.notifyQueued = false;
      this.opts.onChange?.();
    });
  }

  private setRows(name: string, rows: FleetRow[]): void {
    this.rowsByContext.set(name, rows);
    this.changed();
  }

  private setState(name: string, patch: Partial<ContextState>): void {
    this.states.set(name, { ...this.states.get(name)!, ...patch });
    this.changed();
  }

  private async readContext(source: FleetSource): Promise<void> {
    const held: { clear?: () => void } = {};
    try {
      await this.readContextWithin(source, held);
    } finally {
      held.clear?.();
    }
  }

  private async readContextWithin(source: FleetSource, held: { clear?: () => void }): Promise<void> {
    const { name } = source;
    const state = () => this.states.get(name)!;
    if (!this.opened.has(name)) this.opened.set(name, source.open().catch((e: unknown) => ({ error: errorWords(e), kind: 'broken' as const })));
    const opened = await this.opened.get(name)!;
    if ('error' in opened) {
      // A token that could not be had is not retried by itself: the row says why until the operator fixes it.
      const row = contextRow(name, { kind: opened.kind, why: opened.error });
      this.setState(name, { phase: 'not opened', error: problemWords(row.problems[0]!), unread: null, at: this.opts.now(), failures: state().failures + 1, retryAt: Infinity });
      this.setRows(name, [row]);
      return;
    }
    const { client, minBalances, timeoutMs } = opened;
    // The read's deadline, a little after one request's own timeout: a server that never answers is said
    // by that request ("No answer … within 15 s"), the same words every time; a read that is merely long
    // ends at the deadline.
    // (A timer of our own, cleared when the read ends: core/deadline.ts says why not AbortSignal.any.)
    // Its clock runs only while it has a request in flight (issue 27.2): contexts behind a dead link that
    // hold every shared slot make a healthy one wait for its turn, never report it slow.
    const timed = makeDeadline(this.closed.signal, timeoutMs + DEADLINE_SLACK_MS, { armed: false });
    let active = 0;
    held.clear = timed.clear;
    const deadline = timed.signal;
    // One limit per server (scheme, host, port), whichever contexts name it.
    const key = originBucket(source);
    const perServer = this.servers.get(key) ?? new Limiter(this.opts.perServer);
    this.servers.set(key, perServer);
    let requests = 0;
    const ask = <T>(p: () => Promise<T>): Promise<T> =>
      perServer.run(
        () =>
          this.limiter.run(async () => {
            active++;
            timed.start();
            requests++;
            try {
              return await p();
            } finally {
              if (--active === 0) timed.pause();
            }
          }, deadline),
        deadline,
      );
    const timedOut = () => !this.closed.signal.aborted && deadline.aborted;
    const why = (e: unknown) => (timedOut() ? `timed out after ${formatSeconds(timeoutMs + DEADLINE_SLACK_MS)}` : errorWords(e));
    const limits = this.opts.limits;
    const started = this.opts.now();
    this.setState(name, { timeoutMs });

    let relayers: Relayer[];
    let latencyMs: number;
    // What of the relayers was not read (issue 27.3): said as a row of the context, never fine.
    let unread: Extract<Problem, { kind: 'not-all-read' }> | null = null;
    try {
      // The dialect once (the health check is a request, counted); after that the client knows it.
      const dialect = dialectUnsettled(client.dialect()) ? ask(() => client.detectDialect(deadline)) : undefined;
      const [first] = await Promise.all([ask(() => client.listRelayers({ page: 1, perPage: 100 }, { signal: deadline })), dialect]);
      latencyMs = this.opts.now() - started;
      relayers = [...first.items];
      const said = Math.ceil(first.totalItems / first.perPage);
      const pages = Math.min(said, limits.relayerPages);
      const more = await pool(this.opts.perServer, Array.from({ length: Math.max(0, pages - 1) }, (_, i) => () => ask(() => client.listRelayers({ page: i + 2, perPage: first.perPage }, { signal: deadline }))));
      for (const p of more) relayers.push(...p.items);
      // A server whose total says less than it serves (a full last page): read on while pages come full, within the bound.
      let last = more.at(-1) ?? first;
      let page = pages;
      while (last.items.length >= last.perPage && page < limits.relayerPages && page >= said) {
        page++;
        last = await ask(() => client.listRelayers({ page, perPage: first.perPage }, { signal: deadline }));
        relayers.push(...last.items);
      }
      const cut = { kind: 'not-all-read' as const, read: relayers.length, total: first.totalItems, pages: limits.relayerPages, perPage: first.perPage };
      if (first.totalItems > relayers.length && said > pages) unread = { ...cut, keptPaging: false };
      else if (last.items.length >= last.perPage && page >= limits.relayerPages) unread = { ...cut, keptPaging: true };
    } catch (e) {
      if (this.closed.signal.aborted) return;
      const failures = state().failures + 1;
      const error = e instanceof ApiError ? e : null;
      this.setState(name, { phase: 'unreachable', error: why(e), unread: null, requests, totalRequests: state().totalRequests + requests, at: this.opts.now(), failures, retryAt: this.opts.now() + retryDelay(this.opts.intervalMs, failures, error) });
      this.setRows(name, [contextRow(name, why(e))]);
      return;
    }
    // A relayer listed twice (a page shifted while read) is one row.
    relayers = [...new Map(relayers.map((r) => [r.id, r])).values()];
    const unreadRow: FleetRow | null = unread ? notAllReadRow(name, unread) : null;
    const now = this.opts.now();
    const previous = new Map((this.rowsByContext.get(name) ?? []).filter((r) => r.relayerId !== null).map((r) => [r.relayerId!, r]));
    // Rows at once: a relayer read before keeps its figures until its new ones come (a refresh does not blank the table).
    const rows: FleetRow[] = relayers.map((relayer) => {
      const before = previous.get(relayer.id);
      const fresh = relayerRow({ context: name, relayer, now, minBalances }, true);
      return before && !before.loading ? { ...before, relayer, name: fresh.name, network: fresh.network, networkType: fresh.networkType } : fresh;
    });
    // Readiness (the real server's public /ready), beside the relayers: not ready and degraded are rows of the context.
    // (Kept from the last read until /ready answers again: a row must not come and go by itself.)
    let readyRow: FleetRow | null = (this.rowsByContext.get(name) ?? []).find((r) => r.key === `${name}/ready`) ?? null;
    const publish = () => this.setRows(name, [...(readyRow ? [readyRow] : []), ...(unreadRow ? [unreadRow] : []), ...rows]);
    publish();
    this.setState(name, { latencyMs, readBands: nextReadBands(this.states.get(name)?.readBands ?? null, latencyMs), relayers: relayers.length });

    const filter = client.offers('statusFilter');
    const statusOffered = client.offers('relayerStatus');
    const readiness = client.offers('readiness')
      ? ask(() => client.readiness({ signal: deadline })).then(
          (a) => {
            const was = readyRow;
            readyRow = readinessRow(name, readinessWords(a));
            if (readyRow || was) publish();
          },
          () => undefined, // no /ready here, or it failed: the relayers' own reads say what is wrong
        )
      : undefined;
    await pool(
      this.opts.perServer,
      relayers.map((relayer, i) => async () => {
        const reading: RelayerReading = { context: name, relayer, minBalances, now: this.opts.now() };
        if (statusOffered) {
          try {
            reading.status = await ask(() => client.relayerStatus(relayer.id, { signal: deadline }));
          } catch (e) {
            if (this.closed.signal.aborted) return;
            if (!(e instanceof ApiError && e.kind === 'unsupported')) reading.statusError = why(e);
          }
        }
        if (deadline.aborted) reading.triageError = why(null);
        else {
          try {
            // A network the client does not know is read newest first: its statuses may be ones no filter names.
            const one = await readRelayer(client, relayer, { limits, filter: filter && networkKind(relayer.network_type) !== 'unknown', signal: deadline, ask, wholeFirst: true });
            if (one.error && timedOut()) one.error = new ApiError('timeout', `timed out after ${formatSeconds(timeoutMs + DEADLINE_SLACK_MS)}`);
            reading.now = this.opts.now();
            reading.triage = summarize(one, reading.now, this.opts.rules, filter);
            // Stuck: what the chain waits on (a JSON-RPC read, and by-nonce when the blocker was not read).
            if (!one.error && reading.triage.rows.some((x) => worthAsking(x.flags)))
              reading.triage.summary.chain = await chainWait(client, relayer, one.found, reading.now, { rules: this.opts.rules, signal: deadline, ask, relayerNonce: (reading.status as { nonce?: unknown } | null | undefined)?.nonce });
          } catch (e) {
            // readRelayer keeps a server's refusal in its result; what it throws is the deadline or the close.
            if (this.closed.signal.aborted) return;
            reading.triageError = why(e);
          }
        }
        // The jam diagnosis (core/jam), as `check` and the first screen make it: the status just read is
        // not read again. A relayer it cannot diagnose says why (kept with the row, never "no jam").
        if (!deadline.aborted && !reading.triageError) {
          // The network's price (and, with a cap, its trend) for the forecasts, read beside the diagnosis and given to it, as check reads them (core/forecast/relayerRead.ts).
          const price = this.opts.forecasts ? startPriceRead(client, relayer, { ask, now: this.opts.now, signal: deadline }) : undefined;
          const status = reading.status ?? undefined;
          try {
            reading.jam = await readJam(client, relayer, { now: this.opts.now(), signal: deadline, ask, ...(status ? { status } : {}), ...(price ? { price: price.raw } : {}) });
          } catch (e) {
            if (this.closed.signal.aborted) return;
            reading.jam = { kind: 'not_diagnosed', why: why(e), unreadable: true };
          }
          if (price) {
            const seenKey = `${name}\u0000${relayer.id}`;
            try {
              const f = await forecastRelayer(client, relayer, { forecast: true, read: reading.jam, price: price.read, trend: price.trend, seen: this.chainSeen.get(seenKey) ?? null, status, minimum: minimumOf(relayer, { ...(minBalances ? { minBalances } : {}), name }), ask, now: this.opts.now, signal: deadline });
              if (this.closed.signal.aborted) return;
              reading.jam = f.read;
              reading.forecasts = f.forecasts;
              reading.forecastsNotKnown = f.unknown;
              if (f.seen) this.chainSeen.set(seenKey, f.seen);
              else this.chainSeen.delete(seenKey);
            } catch (e) {
              // Its forecasts' reads cut by the context's deadline (or failed): the row keeps its diagnosis, its forecasts not known and why (never none).
              if (this.closed.signal.aborted) return;
              reading.forecasts = [];
              reading.forecastsNotKnown = allUnknown(deadline.aborted ? "the context's deadline passed first" : why(e), this.opts.now());
            }
          }
        }
        rows[i] = relayerRow(reading, false);
        publish();
      }),
    );
    await readiness;
    if (this.closed.signal.aborted) return;
    const failed = rows.some((r) => r.trouble === 'unchecked');
    const failures = failed ? state().failures + 1 : 0;
    this.setState(name, {
      phase: 'ok',
      error: null,
      unread: unread ? problemWords(unread) : null,
      requests,
      totalRequests: state().totalRequests + requests,
      at: this.opts.now(),
      failures,
      retryAt: failed ? this.opts.now() + retryDelay(this.opts.intervalMs, failures, null) : null,
    });
  }
}
