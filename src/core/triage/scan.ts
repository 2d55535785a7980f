/**
 * Finds the non-final transactions of every relayer of a server, bounded: where the server filters
 * by status (the OpenZeppelin Relayer) it asks for each non-final status; elsewhere it reads each
 * relayer's pages newest first and stops at the first page of only final transactions older than the
 * oldest non-final one. Pages per relayer are capped, two requests run at a time, and the result says
 * what was scanned and what was not.
 */
import { ApiError, type Page, type Relayer, type RelayerClient, type Transaction } from '../../api/index.js';
import { pool } from '../limiter.js';
import { networkKind } from '../relayer.js';
import { isPending } from '../status.js';
import { chainWait, type ChainWait } from './chain.js';
import { byAge, createdMs, DEFAULT_TRIAGE, isNonFinal, NON_FINAL, nonceGaps, nonceOf, ownFlag, scanDone, stuckRows, type Gaps, type NonceKnowledge, type StuckRow, type TriageFlag, type TriageOptions } from './rules.js';
import { thousands } from '../text/values.js';

export interface ScanLimits {
  /** Pages read per relayer at most. */
  pagesPerRelayer: number;
  perPage: number;
  /** Requests in flight at most. */
  inFlight: number;
  /** Relayer pages read at most. */
  relayerPages: number;
}

export const DEFAULT_LIMITS: ScanLimits = { pagesPerRelayer: 10, perPage: 100, inFlight: 2, relayerPages: 10 };

export interface RelayerTriage {
  relayer: Relayer;
  /** Non-final transactions found. */
  count: number;
  oldestMs: number | null;
  /** Of them, pending as the server counts it (pending, sent, submitted: core/status.ts isPending). */
  pending: number;
  /** Of them, stuck: those with a flag (the one rule every screen and `fleet --json` counts by). */
  stuck: number;
  /** Creation time of the oldest stuck one, when it can be read. */
  oldestStuckMs: number | null;
  gaps: Gaps;
  /** Pages read, and how: "filtered by the server" or "scanned newest first". */
  pages: number;
  how: 'server filter' | 'newest first';
  /** The server was asked to filter by status and sent other statuses: read newest first instead. */
  filterIgnored: boolean;
  /** What was left unread, in words (the page cap), or null. */
  skipped: string | null;
  error: ApiError | null;
  /** What the chain waits on (EVM relayers with stuck transactions), when it was asked. */
  chain?: ChainWait | null;
}

export interface TriageResult {
  rows: StuckRow[];
  relayers: RelayerTriage[];
  requests: number;
  ms: number;
  /** Relayers the server has beyond the pages read. */
  relayersSkipped: number;
  at: number;
}

export interface OneRelayer {
  relayer: Relayer;
  found: Transaction[];
  known: NonceKnowledge;
  pages: number;
  skipped: string | null;
  filterIgnored: boolean;
  /** Read whole from one unfiltered page (`wholeFirst`): no status was asked. */
  whole?: boolean;
  error: ApiError | null;
}

/**
 * One relayer's non-final transactions as read, the nonces known besides, how many pages, and what
 * stopped it. `ask` makes each request (the caller counts them, or holds them to a pool); `filter`:
 * the server filters by status. The fleet (core/fleet) reads its relayers through this too.
 */
export async function readRelayer(
  client: RelayerClient,
  relayer: Relayer,
  o: { limits: ScanLimits; filter: boolean; signal?: AbortSignal; ask: <T>(p: () => Promise<T>) => Promise<T>; wholeFirst?: boolean },
): Promise<OneRelayer> {
  const { limits, filter, signal, ask } = o;
  const found: Transaction[] = [];
  const held: number[] = [];
  let coveredFrom: number | null = null;
  let pages = 0;
  let skipped: string | null = null;
  let filterIgnored = false;
  let whole = false;
  // The unfiltered check after the status-filtered reads has a budget of its own (issue 27.6): the
  // filtered reads (one a status) must not use it up and leave a gap unchecked.
  let phaseStart = 0;
  const capped = () => {
    if (pages - phaseStart < limits.pagesPerRelayer) return false;
    skipped = `stopped after ${pages} page${pages === 1 ? '' : 's'}${filter && !filterIgnored ? '' : ` (${thousands(pages * limits.perPage)} newest)`}`;
    return true;
  };
  /**
   * Newest-first pages, unfiltered: every nonce they hold is known (final transactions included) down
   * to the lowest read. `collect`: the non-final ones are what is looked for (stops by `scanDone`);
   * else it stops once `lowest` is reached (the neighbours of the candidate gaps are read).
   */
  const newestFirst = async (collect: boolean, lowest = -Infinity, onPage?: (items: readonly Transaction[]) => void, first?: Page<Transaction>) => {
    let oldest: number | null = null;
    let min = Infinity;
    for (let page = 1; ; page++) {
      // Its first page may have been read already (`wholeFirst`): counted then, not asked again.
      let p: Page<Transaction>;
      if (page === 1 && first) p = first;
      else {
        if (capped()) return;
        p = await ask(() => client.listTransactions(relayer.id, { page, perPage: limits.perPage }, { signal }));
        pages++;
      }
      onPage?.(p.items);
      for (const t of p.items) {
        const n = nonceOf(t);
        if (n !== null) {
          held.push(n);
          min = Math.min(min, n);
        }
        if (collect && isNonFinal(t)) {
          found.push(t);
          const c = createdMs(t);
          if (c !== null && (oldest === null || c < oldest)) oldest = c;
        }
      }
      const end = p.items.length === 0 || page * p.perPage >= p.totalItems;
      coveredFrom = end ? -Infinity : min;
      if (end || (collect ? scanDone(p.items, oldest) : min <= lowest)) return;
    }
  };
  try {
    // The newest page unfiltered first (`wholeFirst`, the fleet): where it holds every transaction the
    // relayer has, it is the whole answer — every non-final one (a canceling one too, which ?status=
    // hides), every nonce, final ones included — and no status needs asking. Else it is kept for the
    // checks after the filtered reads (the canceling ones, the neighbours of a candidate gap).
    let head: Page<Transaction> | undefined;
    if (filter && o.wholeFirst) {
      head = await ask(() => client.listTransactions(relayer.id, { page: 1, perPage: limits.perPage }, { signal }));
      pages++;
      // It counts in the unfiltered check's budget, not the filtered reads'.
      phaseStart = pages;
      if (isWhole(head)) {
        whole = true;
        found.push(...head.items.filter(isNonFinal));
        for (const t of head.items) {
          const n = nonceOf(t);
          if (n !== null) held.push(n);
        }
        coveredFrom = -Infinity;
        return { relayer, found, known: { held, coveredFrom }, pages, skipped, filterIgnored, whole, error: null };
      }
    }
    if (filter) {
      statuses: for (const status of NON_FINAL) {
        for (let page = 1; ; page++) {
          if (capped()) break statuses;
          const p = await ask(() => client.listTransactions(relayer.id, { page, perPage: limits.perPage, status }, { signal }));
          pages++;
          // A server that ignored the filter is noticed (the API module drops the other rows): read it as the contract's.
          if (p.filterIgnored) {
            filterIgnored = true;
            break statuses;
          }
          found.push(...p.items.filter(isNonFinal));
          if (p.items.length === 0 || page * p.perPage >= p.totalItems) break;
        }
      }
      phaseStart = pages - (head ? 1 : 0);
      // What no filter names, from the unfiltered pages read anyway: the real server's ?status= hides a
      // transaction being canceled (is_canceled), and a status the client does not know has no filter.
      const seen = new Set(found.map((t) => t.id));
      const unnamed = (items: readonly Transaction[]) => {
        for (const t of items)
          if (isNonFinal(t) && !seen.has(t.id)) {
            seen.add(t.id);
            found.push(t);
          }
      };
      if (filterIgnored) {
        found.length = 0;
        await newestFirst(true);
      } else if (nonceGaps(found).count > 0) {
        // Candidate gaps: a nonce no non-final transaction holds may be held by a final one. Read the
        // neighbours (unfiltered, newest first, down to the lowest non-final nonce) before calling it a gap.
        const lowest = found.reduce((m, t) => Math.min(m, nonceOf(t) ?? Infinity), Infinity);
        await newestFirst(false, lowest, unnamed, head);
      } else {
        coveredFrom = -Infinity;
        // No gap to check: the newest page alone, for what the filter cannot show.
        if (head || !capped()) {
          const p = head ?? (await ask(() => client.listTransactions(relayer.id, { page: 1, perPage: limits.perPage }, { signal })));
          if (!head) pages++;
          unnamed(p.items);
          // Its nonces are known too (a final one holds its nonce: no gap).
          for (const t of p.items) {
            const n = nonceOf(t);
            if (n !== null) held.push(n);
          }
        }
      }
    } else await newestFirst(true);
  } catch (e) {
    if (signal?.aborted) throw e;
    return { relayer, found, known: { held, coveredFrom }, pages, skipped, filterIgnored, whole, error: e instanceof ApiError ? e : new ApiError('network', String(e)) };
  }
  return { relayer, found, known: { held, coveredFrom }, pages, skipped, filterIgnored, whole, error: null };
}

/**
 * A first page that is the whole list: as many rows as the server's total, none cut (a total smaller
 * than the rows sent, or a page cut to its size, is not trusted: the filtered reads follow).
 */
function isWhole(p: Page<Transaction>): boolean {
  return p.page <= 1 && p.sentItems === undefined && p.items.length === p.totalItems && !p.filterIgnored;
}

/** Whether a row's flags are worth asking the chain about: a real signature or a gap, not merely old. */
export function worthAsking(flags: readonly TriageFlag[]): boolean {
  return flags.some((f) => !ownFlag(f));
}

/** One relayer as read → its flagged rows (the triage rules) and its summary. */
export function summarize({ relayer, found, known, pages, skipped, filterIgnored, whole, error }: OneRelayer, now: number, rules: TriageOptions, filter: boolean): { rows: StuckRow[]; summary: RelayerTriage } {
  // A transaction seen twice (a page shifted while it was read) counts once.
  const unique = [...new Map(found.map((x) => [x.id, x])).values()];
  const { rows, gaps } = stuckRows(relayer, unique, now, rules, known);
  const flagged = rows.filter((r) => r.flags.length > 0);
  return {
    rows,
    summary: { relayer, count: rows.length, oldestMs: oldest(rows), pending: rows.filter((r) => isPending(r.tx)).length, stuck: flagged.length, oldestStuckMs: oldest(flagged), gaps, pages, how: filter && !filterIgnored && !whole ? 'server filter' : 'newest first', filterIgnored, skipped, error },
  };
}

/** The creation time of the oldest row whose time can be read. */
function oldest(rows: readonly StuckRow[]): number | null {
  return rows.reduce<number | null>((m, r) => (r.createdMs !== null && (m === null || r.createdMs < m) ? r.createdMs : m), null);
}

export async function triage(client: RelayerClient, o: { now: () => number; signal?: AbortSignal; options?: TriageOptions; limits?: ScanLimits }): Promise<TriageResult> {
  const started = o.now();
  const limits = o.limits ?? DEFAULT_LIMITS;
  const rules = o.options ?? DEFAULT_TRIAGE;
  const signal = o.signal;
  let requests = 0;
  const ask = <T>(p: () => Promise<T>) => {
    requests++;
    return p();
  };

  // Every relayer (bounded), and the dialect (client.offers reads it): the server filters by status, or the pages are scanned.
  const [first] = await Promise.all([ask(() => client.listRelayers({ page: 1, perPage: limits.perPage }, { signal })), client.detectDialect(signal)]);
  const relayers = [...first.items];
  const relayerPagesTotal = Math.ceil(first.totalItems / first.perPage);
  const more = await pool(
    limits.inFlight,
    Array.from({ length: Math.max(0, Math.min(relayerPagesTotal, limits.relayerPages) - 1) }, (_, i) => () => ask(() => client.listRelayers({ page: i + 2, perPage: limits.perPage }, { signal }))),
  );
  for (const p of more) relayers.push(...p.items);
  const filter = client.offers('statusFilter');

  // A relayer of a network the client does not know is read newest first: its statuses may be ones no filter names.
  const results = await pool(limits.inFlight, relayers.map((r) => () => readRelayer(client, r, { limits, filter: filter && networkKind(r.network_type) !== 'unknown', signal, ask })));
  const now = o.now();
  const rows: StuckRow[] = [];
  const summaries: RelayerTriage[] = [];
  for (const one of results) {
    const r = summarize(one, now, rules, filter);
    rows.push(...r.rows);
    summaries.push(r.summary);
  }
  // What the chain waits on, for the relayers with stuck transactions (a JSON-RPC read each, and by-nonce when needed).
  const jammed = new Set(rows.filter((x) => worthAsking(x.flags)).map((x) => x.relayer));
  await pool(
    limits.inFlight,
    summaries.map((s, i) => async () => {
      if (jammed.has(s.relayer) && !s.error) s.chain = await chainWait(client, s.relayer, results[i]!.found, now, { rules, signal, ask });
      // The transaction everything waits on says so on its own row too.
      const blocker = s.chain?.blocker;
      const row = blocker ? rows.find((x) => x.relayer === s.relayer && x.tx.id === blocker.id) : undefined;
      if (row) row.flags.unshift({ kind: 'blocker' });
      // What waits behind it has no cause of its own: it simply waits its turn (its age stays said).
      const at = s.chain?.waitsOn;
      if (at !== null && at !== undefined && s.chain?.behind)
        for (const x of rows) {
          if (x.relayer !== s.relayer || x === row) continue;
          const n = nonceOf(x.tx);
          if (n !== null && n <= at) continue;
          x.flags = [{ kind: 'behind', nonce: at }, ...x.flags.filter(ownFlag)];
        }
    }),
  );
  rows.sort(byAge);
  summaries.sort((a, b) => (a.oldestMs ?? Infinity) - (b.oldestMs ?? Infinity));
  return { rows, relayers: summaries, requests, ms: o.now() - started, relayersSkipped: Math.max(0, first.totalItems - relayers.length), at: now };
}
