/**
 * A replacement's before → after, computed from the exact body that will be sent (the normalized
 * body the API module stringifies), field by field: sent and changed, sent and unchanged, or not
 * sent (the server will choose). And the price rule: a replacement never pays less than what it
 * replaces. Pure: no Ink, no I/O (the TUI's review and the headless review both read it).
 */
import { dialectUnsettled, SPEEDS, stringifyJson, type DialectState, type ReplacementGroup, type Speed, type Transaction } from '../../api/index.js';
import { toBigInt } from '../amounts.js';
import { displayText } from '../text/values.js';

export interface ReviewLine {
  label: string;
  value: string;
  tone?: 'warn' | 'bad';
}

const FIELDS: Record<ReplacementGroup, readonly string[]> = {
  evm: ['value', 'to', 'data', 'gas_limit', 'gas_price', 'max_fee_per_gas', 'max_priority_fee_per_gas', 'speed', 'valid_until'],
  solana: ['transaction'],
  stellar: ['network', 'source_account', 'operations', 'transaction_xdr', 'memo', 'fee_bump', 'max_fee', 'valid_until'],
};

/** Integer fields compared as integers whatever their spelling (0x-hex or decimal, string or number). */
const INTEGER_FIELDS = new Set(['value', 'gas_limit', 'gas_price', 'max_fee_per_gas', 'max_priority_fee_per_gas', 'max_fee']);
export const PRICE_FIELDS = ['gas_price', 'max_fee_per_gas', 'max_priority_fee_per_gas'] as const;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The text a value is shown as: integers as their decimal digits (whatever the server's spelling),
 * the rest as display text — sanitized and capped (a server's value decides nothing of the work).
 */
function shown(field: string, v: unknown): string {
  if (isEmpty(v)) return '—';
  if (INTEGER_FIELDS.has(field)) {
    const n = toBigInt(v);
    if (n !== undefined) return n.toString();
  }
  return displayText(v);
}

/**
 * Whether the body sends what the transaction has, exactly: integers by value, strings and other
 * scalars as they are, structured values (a memo, operations) as JSON — never by a capped text.
 */
function same(field: string, was: unknown, now: unknown): boolean {
  if (INTEGER_FIELDS.has(field)) {
    const [a, b] = [toBigInt(was), toBigInt(now)];
    if (a !== undefined && b !== undefined) return a === b;
  }
  const structured = (v: unknown) => typeof v === 'object' && v !== null;
  if (!structured(was) || !structured(now)) return was === now;
  return stringifyJson(was) === stringifyJson(now);
}

/**
 * One line per field of the group: sent and changed, sent unchanged, not sent (the server will choose). `body`: the normalized
 * body (exactly what is stringified onto the wire). `unit`: how an EVM value reads in the coin.
 */
export function replacementChanges(group: ReplacementGroup, tx: Transaction, body: Record<string, unknown>, unit?: (wei: string) => string): ReviewLine[] {
  const before = tx as unknown as Record<string, unknown>;
  const out: ReviewLine[] = [];
  const speed = typeof body.speed === 'string' ? body.speed : undefined;
  for (const f of FIELDS[group]) {
    const sent = Object.prototype.hasOwnProperty.call(body, f) && body[f] !== undefined;
    const was = before[f];
    const a = shown(f, was);
    if (!sent && isEmpty(was)) {
      out.push({ label: f, value: '— (not sent)' });
      continue;
    }
    if (!sent) {
      const why = PRICE_FIELDS.includes(f as (typeof PRICE_FIELDS)[number]) && speed ? `the server prices it from speed ${speed}` : 'the server will choose';
      out.push({ label: f, value: `${a} → not sent (${why})` });
      continue;
    }
    const b = shown(f, body[f]);
    const unchanged = same(f, was, body[f]);
    const label = f === 'value' && unit ? 'value (wei)' : f;
    out.push({ label, value: unchanged ? `${a} (sent unchanged)` : `${a} → ${b}` });
    if (f === 'value' && unit) {
      const [ua, ub] = [isEmpty(was) ? '—' : unit(a), unit(b)];
      out.push({ label: 'value', value: unchanged ? `${ub} (unchanged)` : `${ua} → ${ub}` });
    }
  }
  return out;
}

/** The speeds slowest first: the replace form's speed choice steps through them in this order (→ faster). */
export const SPEEDS_SLOWEST_FIRST: readonly Speed[] = [...SPEEDS].reverse();

/** A speed sent below the transaction's own (`average` → `safeLow`): the server prices the replacement lower. */
function slowerSpeed(was: unknown, now: unknown): ReviewLine | null {
  const rank = (s: unknown) => (typeof s === 'string' ? SPEEDS_SLOWEST_FIRST.indexOf(s as Speed) : -1);
  if (rank(was) < 0 || rank(now) < 0 || rank(now) >= rank(was)) return null;
  return {
    label: '⚠ speed',
    value: `${String(was)} → ${String(now)} is slower: the replacement may be priced below the one it replaces, and a server refuses an underpriced replacement`,
    tone: 'warn',
  };
}

/** The least a replacement's price may be over the one it replaces, in percent (most nodes and the OpenZeppelin Relayer). */
export const MIN_BUMP_PERCENT = 10n;

/**
 * How the OpenZeppelin Relayer v1.8 prices a replacement, said once for every place that says it (the
 * review, the form's refusal, the subcommand's; docs/jam-hour.md says the same): replacement.rs
 * determine_replacement_pricing, models/transaction/repository.rs:350 for_replacement.
 */
export const V18_REPLACEMENT_PRICING = "v1.8 discards a replacement's asked prices, takes the speed from the request, else the old transaction's, else fast, quotes it capped only where a cap is set, then raises it to at least the old price × 1.1 (and 1 wei more than it), which may pass the cap";

/** Why asked prices are refused before sending on the OpenZeppelin Relayer (the form's field, the subcommand's flags). */
export const ASKED_PRICES_REFUSED = `leave them out and give a speed: ${V18_REPLACEMENT_PRICING}`;

/**
 * The price rule, from the exact body: a price sent below the transaction's own is refused (field →
 * message); one above it but by less than 10 % is a warning, and so is a speed slower than its own;
 * prices left to the server are said.
 */
export function priceCheck(tx: Transaction, body: Record<string, unknown>, server?: DialectState): { errors: Record<string, string>; warnings: ReviewLine[] } {
  const before = tx as unknown as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const warnings: ReviewLine[] = [];
  for (const f of PRICE_FIELDS) {
    const now = toBigInt(body[f]);
    const was = toBigInt(before[f]);
    if (now === undefined || was === undefined) continue;
    if (now < was) errors[f] = `below the transaction's own ${was} wei: a replacement must pay more than what it replaces (at least +${MIN_BUMP_PERCENT} %)`;
    else if (now * 100n < was * (100n + MIN_BUMP_PERCENT))
      warnings.push({ label: `⚠ ${f}`, value: `${now} is less than +${MIN_BUMP_PERCENT} % over ${was}: most nodes (and the OpenZeppelin Relayer) refuse such a replacement as underpriced`, tone: 'warn' });
  }
  const slower = slowerSpeed(before.speed, body.speed);
  if (slower) warnings.push(slower);
  const priced = PRICE_FIELDS.filter((f) => !isEmpty(before[f]));
  const dropped = priced.filter((f) => isEmpty(body[f]));
  if (dropped.length && dropped.length === priced.length && PRICE_FIELDS.every((f) => isEmpty(body[f])))
    warnings.push({
      label: '⚠ price',
      value: `${dropped.join(' and ')} not sent: the server prices the replacement${typeof body.speed === 'string' ? ` from speed ${body.speed}` : ''}. ${repricingWords(server)}`,
      tone: 'warn',
    });
  return { errors, warnings };
}

/** How the server prices a replacement sent without prices: this server's way where its type is known, both where it is not. */
function repricingWords(server: DialectState | undefined): string {
  const known = server !== undefined && !dialectUnsettled(server);
  if (known && server.dialect === 'openzeppelin') return `This server is the OpenZeppelin Relayer: ${V18_REPLACEMENT_PRICING}`;
  if (known) return 'This server is not the OpenZeppelin Relayer and may not raise it above the old price — give it prices to be sure';
  return `On the OpenZeppelin Relayer, ${V18_REPLACEMENT_PRICING}; a server that is not the OpenZeppelin Relayer may not raise it — give it prices to be sure`;
}

/**
 * The review built again from figures read again (useForm's reread), its lines that moved marked `*`:
 * a line whose value differs or that is new, and the body when it differs; the first line says when
 * and what the marks mean.
 */
export function markMoved<R extends { review?: readonly ReviewLine[]; prepared: { body?: string | undefined } }>(before: R, after: R, when: string): R {
  // (A label may repeat — the transactions a cancel of every pending one lists — so a line is matched with its value.)
  // (A review read again twice: compared without the first one's marks.)
  // (A line whose only change is when its figure was read — a clock time — has not moved: its figure has not.)
  const key = (label: string, value: string) => `${label}\u0000${value.replace(/\b\d\d:\d\d:\d\d\b/g, 'HH:MM:SS')}`;
  const was = new Set((before.review ?? []).filter((l) => l.label !== 'read again').map((l) => key(l.label.replace(/^\* /, ''), l.value)));
  const lines: ReviewLine[] = (after.review ?? []).map((l) => (was.has(key(l.label, l.value)) ? l : { ...l, label: `* ${l.label}`, tone: l.tone ?? 'warn' }));
  const moved = lines.filter((l, i) => l !== (after.review ?? [])[i]).length;
  const body = before.prepared.body !== after.prepared.body;
  const head: ReviewLine = {
    label: 'read again',
    value: `at ${when}: ${moved || body ? `${moved ? `the lines marked * changed since the last review` : ''}${moved && body ? '; ' : ''}${body ? 'the body changed (below)' : ''}` : 'what it was built on changed (the transaction or relayer as read); its lines read alike'}`,
    tone: 'warn',
  };
  return { ...after, review: [head, ...lines] };
}
