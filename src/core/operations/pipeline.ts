/**
 * The one mutation pipeline, for every action (replace, cancel, pause/resume, plugin call,
 * notification): a BuiltRequest (prepared and reviewed by its operation) is sent once, the ledger
 * has it before it leaves and its outcome after, and what came back is checked against what was
 * asked (the effect). Both faces call `execute` and word the outcome with `outcomeWords`; neither
 * words an outcome itself. No Ink, no terminal: the faces draw the words.
 */
import { ApiError, type RelayerClient } from '../../api/index.js';
import type { Tone } from '../tone.js';
import type { BuiltRequest, Effect, EffectKind } from './types.js';
import { OPERATIONS, type OperationKind, type OperationTarget } from './registry.js';

export type { Effect, EffectKind } from './types.js';

/** What the ledger's `done` line says of a mutation. */
/** `accepted`: a new transaction taken as asked, not yet mined (never "applied" until it is). */
export type LedgerOutcome = 'applied' | 'accepted' | 'answered, unchecked' | 'in flight' | 'no effect' | 'not as asked' | 'refused' | 'unknown' | 'not sent' | 'answered with a failure';

/** Where sends are recorded (src/ledger/audit.ts's AuditLedger): the request before it leaves, its outcome after. */
export interface Ledger {
  begin(req: { method: string; path: string; body: string; op: OperationKind; target: OperationTarget }): {
    /** `note`: how the outcome was reached when that matters (seen through after the terminal hung up). */
    end: (r: { status?: number; outcome: LedgerOutcome; answer_id?: string; effect?: string; note?: string }) => void;
    warning: string | null;
  };
}

/** How a failure stands: refused (nothing applied), not sent (never left, or refused here), or unknown (may have been applied). */
export type FailureKnown = 'refused' | 'not sent' | 'invalid' | 'unknown';

export type Outcome =
  | { kind: 'answered'; status?: number; answer: unknown; effect: Effect }
  | { kind: 'failed'; error: ApiError; known: FailureKnown };

export function failureKnown(e: ApiError): FailureKnown {
  if (e.outcomeUnknown) return 'unknown';
  if (e.refused) return 'refused';
  // Refused by the client before sending (a field the API module checks): nothing left this machine.
  if (e.field !== undefined && e.status === undefined) return 'invalid';
  if (e.notSent || e.status === undefined) return 'not sent';
  // A status without refused/unknown is a read's rule applied to a mutation: the safe reading.
  return 'unknown';
}

const EFFECT_LEDGER: Record<EffectKind, LedgerOutcome> = {
  'as asked': 'applied',
  unchecked: 'answered, unchecked',
  'in flight': 'in flight',
  'no effect': 'no effect',
  'not as asked': 'not as asked',
  'answered with a failure': 'answered with a failure',
};

export function ledgerOutcome(o: Outcome, op?: OperationKind): LedgerOutcome {
  // A new transaction is accepted when it comes back as asked, applied only once mined (which the ledger does not follow).
  if (o.kind === 'answered' && o.effect.kind === 'as asked' && op !== undefined && OPERATIONS[op].follows === 'transaction') return 'accepted';
  if (o.kind === 'answered') return EFFECT_LEDGER[o.effect.kind];
  return o.known === 'invalid' ? 'not sent' : o.known;
}

/** The id the answer names (a transaction's, a notification's, a relayer's), for the ledger. */
function answerId(answer: unknown): { answer_id?: string } {
  const id = typeof answer === 'object' && answer !== null ? (answer as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? { answer_id: id.slice(0, 200) } : {};
}

export interface ExecuteDeps {
  client: RelayerClient;
  ledger?: Ledger;
  signal?: AbortSignal;
  /** The ledger could not be written (the send goes ahead; the face says so). */
  onLedgerWarning?: (warning: string) => void;
}

/** What came back against what was asked; a check that cannot read the answer says so (the answer still came). */
function checkEffect(request: BuiltRequest, answer: unknown): Effect {
  if (!request.effect) return { kind: 'unchecked', words: 'what it changed is not checked' };
  try {
    return request.effect(answer);
  } catch (e) {
    return { kind: 'unchecked', words: `the answer could not be checked (${e instanceof Error ? e.message : String(e)})` };
  }
}

/**
 * Sends in flight, for the hang-up rule: a send that has left is seen to its answer even when the
 * face that asked for it goes away (an SSH drop), and its outcome is written to the ledger.
 */
interface InFlight {
  /** Settles once the outcome is in the ledger. */
  recorded: Promise<void>;
  /** The wait is over (the bound ended): the outcome is written as unknown, the request abandoned. */
  abandon: (why: string) => void;
}
const inFlight = new Set<InFlight>();
/** Set on hang-up: a face's abort (its screen unmounting) no longer stops a send in flight. */
let held: { note: string } | undefined;

/** How many sends are in flight now (a face asks on hang-up whether anything must be waited for). */
export function sendsInFlight(): number {
  return inFlight.size;
}

/**
 * The terminal hung up (SIGHUP) with sends in flight: each is kept going whatever its face does from
 * now on (a face's abort is ignored) until its answer comes or the request's own timeout ends, and its
 * outcome is written to the ledger with a note saying so. Resolves once every one is recorded, or at
 * `boundMs` (a safety net beyond the request's own timeout): those still waiting are then written as
 * "unknown" and abandoned. Never rejects.
 */
export async function seeInFlightThrough(boundMs: number): Promise<void> {
  const waiting = [...inFlight];
  if (!waiting.length) return;
  held ??= { note: 'the terminal hung up while it was in flight; the answer was awaited without a terminal' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<'bound'>((r) => (timer = setTimeout(() => r('bound'), boundMs)));
  const all = Promise.all(waiting.map((w) => w.recorded)).then(() => 'all' as const);
  const first = await Promise.race([all, bound]);
  clearTimeout(timer);
  if (first === 'bound') for (const w of waiting) w.abandon(`the terminal hung up while it was in flight and no answer came within ${Math.round(boundMs / 1000)} s`);
  // Every send held is recorded: a send started later is a face's again.
  held = undefined;
}

/** Sends the reviewed request once, records it, and reads what came back. Never rejects. */
export async function execute(request: BuiltRequest, deps: ExecuteDeps): Promise<Outcome> {
  const { prepared } = request;
  // The ledger has the request before it leaves (a crash then leaves "sent, outcome unknown").
  const entry = deps.ledger?.begin({ method: prepared.method, path: prepared.path, body: prepared.displayBody ?? prepared.body ?? '', op: request.op, target: request.target });
  if (entry?.warning) deps.onLedgerWarning?.(entry.warning);
  // The outcome is written once: by the answer, or by a hang-up's wait that ran out.
  let ended = false;
  const end: NonNullable<typeof entry>['end'] = (r) => {
    if (ended) return;
    ended = true;
    entry?.end(held ? { ...r, note: held.note } : r);
  };
  // The face's abort (esc: stop waiting) stops the send, unless the terminal hung up meanwhile.
  const ctrl = new AbortController();
  const onFaceAbort = () => {
    if (!held) ctrl.abort();
  };
  if (deps.signal?.aborted) ctrl.abort();
  else deps.signal?.addEventListener('abort', onFaceAbort, { once: true });
  let recorded!: () => void;
  const me: InFlight = {
    recorded: new Promise<void>((r) => (recorded = r)),
    abandon: (why) => {
      end({ outcome: 'unknown', effect: why });
      ctrl.abort();
      recorded();
    },
  };
  inFlight.add(me);
  let status: number | undefined;
  let outcome: Outcome;
  try {
    try {
      const answer = await request.send(deps.client, { signal: ctrl.signal, onStatus: (s) => (status = s) });
      outcome = { kind: 'answered', ...(status === undefined ? {} : { status }), answer, effect: checkEffect(request, answer) };
    } catch (e) {
      // Anything but the API module's own error came after the request left (a reader, an effect check): it may have been applied.
      const error = e instanceof ApiError ? e : new ApiError('invalid_response', e instanceof Error ? e.message : String(e), { outcomeUnknown: true });
      outcome = { kind: 'failed', error, known: failureKnown(error) };
    }
    const effect = outcome.kind === 'answered' && outcome.effect.kind !== 'as asked' ? { effect: outcome.effect.words.slice(0, 500) } : {};
    end({
      status: outcome.kind === 'answered' ? status : outcome.error.status,
      outcome: ledgerOutcome(outcome, request.op),
      ...(outcome.kind === 'answered' ? answerId(outcome.answer) : {}),
      // A failure keeps its words (the server's own reason for a refusal).
      ...(outcome.kind === 'failed' ? { effect: outcome.error.message.slice(0, 500) } : effect),
    });
  } finally {
    deps.signal?.removeEventListener('abort', onFaceAbort);
    inFlight.delete(me);
    recorded();
  }
  return outcome;
}

/** How a face reports an outcome: its class (headless maps it to an exit code), the words, a tone. */
export type OutcomeClass = 'ok' | 'in flight' | 'no effect' | 'plugin failed' | FailureKnown;

export interface OutcomeWords {
  class: OutcomeClass;
  tone: Tone;
  glyph: '✓' | '⚠' | '✗';
  /** What happened, then what is known of it (raw server text inside: sanitize to draw). */
  lead: string;
  rest: string;
  /** The TUI's heading: glyph, lead, the HTTP status, rest. */
  head: string;
  /** The headless line: lead and rest (the status is said beside it). */
  line: string;
}

function words(c: OutcomeClass, tone: Tone, glyph: OutcomeWords['glyph'], lead: string, rest: string, status: number | undefined): OutcomeWords {
  const http = status ? ` (HTTP ${status})` : '';
  return { class: c, tone, glyph, lead, rest, head: `${glyph} ${lead[0]!.toUpperCase()}${lead.slice(1)}${http}${rest ? `: ${rest}` : ''}`, line: `${lead}${rest ? `: ${rest}` : ''}` };
}

/**
 * The outcome in words, the same in both faces. "Refused" only when the answer proves nothing was
 * applied; everything the client cannot read is "outcome unknown"; a success whose answer shows no
 * change is never called success.
 */
export function outcomeWords(o: Outcome): OutcomeWords {
  if (o.kind === 'answered') {
    const w = o.effect.words;
    switch (o.effect.kind) {
      case 'as asked':
        return words('ok', 'ok', '✓', 'done', w, o.status);
      case 'unchecked':
        // Answered with success; what it changed is not known: said, never called done.
        return words('ok', 'info', '✓', 'answered success', w, o.status);
      case 'in flight':
        return words('in flight', 'info', '✓', 'accepted, not finished yet', w, o.status);
      case 'no effect':
        return words('no effect', 'warn', '⚠', 'the server answered success but nothing changed', w, o.status);
      case 'not as asked':
        return words('no effect', 'warn', '⚠', 'the server answered success but not as asked', w, o.status);
      case 'answered with a failure':
        return words('plugin failed', 'bad', '✗', 'the plugin reported a failure', w, o.status);
    }
  }
  const e = o.error;
  switch (o.known) {
    case 'unknown':
      return words('unknown', 'warn', '⚠', 'outcome unknown', 'the request was sent and may have been applied', e.status);
    case 'refused':
      return words('refused', 'bad', '✗', 'refused by the server', 'nothing was applied', e.status);
    case 'invalid':
      return words('invalid', 'bad', '✗', 'not sent', 'the request is not valid', undefined);
    case 'not sent':
      return words('not sent', 'bad', '✗', 'not sent', e.kind === 'unsupported' ? 'the server does not offer it' : e.aborted ? 'cancelled before it left' : 'the server could not be reached', undefined);
  }
}
