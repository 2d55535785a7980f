/**
 * The sandbox's one clock. Every `now` of a sandbox comes from here, and in the real flavour every
 * change the server makes by itself (the chain, v1.8's jobs, traffic) happens on one of its blocks.
 *
 * - running: wall time, a block every `blockTimeMs` (`--block-time`, default 2 s from the CLI and `npm start`);
 * - still (the programmatic `startSandbox` unless asked): time stands at its start and moves only when
 *   a test steps it (`step(n)`: n blocks, each `blockTimeMs` later), so a test of the chain is exact
 *   and never sleeps.
 *
 * `timeScale` divides the server's own timeouts (re-send, re-price, prepare, gap filling: `scaled()`),
 * keeping their ratios; the clock itself always runs at one second a second.
 */
export type BlockListener = (now: number, block: number) => void;

export interface ClockOptions {
  /** A block every so many ms (default 2000). */
  blockTimeMs?: number;
  /** Blocks come by themselves (wall time) or only when stepped (time stands still). Default still. */
  running?: boolean;
  /** The server's timeouts divided by this (default 1). */
  timeScale?: number;
  /** Where time starts (default now). */
  startMs?: number;
}

export const DEFAULT_BLOCK_TIME_MS = 2_000;

export class SandboxClock {
  readonly blockTimeMs: number;
  readonly timeScale: number;
  readonly startMs: number;
  /** Blocks made since the start. */
  blocks = 0;
  private skewMs = 0;
  private running: boolean;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners: BlockListener[] = [];

  constructor(o: ClockOptions = {}) {
    this.blockTimeMs = o.blockTimeMs && o.blockTimeMs > 0 ? o.blockTimeMs : DEFAULT_BLOCK_TIME_MS;
    this.timeScale = o.timeScale && o.timeScale > 0 ? o.timeScale : 1;
    this.startMs = o.startMs ?? Date.now();
    this.running = o.running ?? false;
  }

  get isRunning(): boolean {
    return this.running;
  }

  now(): number {
    return this.running ? Date.now() + this.skewMs : this.startMs + this.skewMs;
  }

  /** One of the server's own timeouts, compressed by the time scale (never below 1 ms). */
  scaled(ms: number): number {
    return Math.max(1, Math.round(ms / this.timeScale));
  }

  onBlock(fn: BlockListener): void {
    this.listeners.push(fn);
  }

  /** Blocks come by themselves from now on (the timer never keeps the process alive). */
  start(): void {
    if (this.timer) return;
    if (!this.running) {
      // Wall time from here on, without a jump: what the still clock said is where it continues.
      this.skewMs = this.now() - Date.now();
      this.running = true;
    }
    this.timer = setInterval(() => this.mine(), this.blockTimeMs);
    this.timer.unref();
  }

  /** No more blocks by themselves; time stands where it is. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.running) {
      const at = this.now();
      this.running = false;
      this.skewMs = at - this.startMs;
    }
  }

  /** `n` blocks now, each `blockTimeMs` later than the one before (time moves with them). */
  step(n = 1): void {
    for (let i = 0; i < n; i++) {
      this.skewMs += this.blockTimeMs;
      this.mine();
    }
  }

  /** Blocks until `ms` have passed (rounded up to whole blocks). */
  stepTime(ms: number): void {
    this.step(Math.ceil(ms / this.blockTimeMs));
  }

  private mine(): void {
    this.blocks++;
    const now = this.now();
    for (const l of this.listeners) l(now, this.blocks);
  }
}
