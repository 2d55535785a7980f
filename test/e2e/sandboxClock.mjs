/**
 * Preloaded into the built CLI by a test (NODE_OPTIONS=--import): the CLI's clock reads the sandbox's
 * stepped clock — Date.now() shifted by SANDBOX_CLOCK_SKEW_MS (the sandbox's time less this machine's
 * when the test ran it) — so what the CLI ages (a jam's, a transaction's) is aged on the sandbox's time.
 * A CLI that lives while the test steps the sandbox (a TUI in a pty) reads the skew from
 * SANDBOX_CLOCK_FILE instead, again each time the test writes it (fs.watch: no polling), and writes
 * the skew it took to SANDBOX_CLOCK_FILE.ack (run.ts moveClock waits for it: no fixed wait).
 */
import { readFileSync, watch, writeFileSync } from 'node:fs';

const real = Date.now.bind(Date);
const file = process.env.SANDBOX_CLOCK_FILE;
let skew = Number(process.env.SANDBOX_CLOCK_SKEW_MS ?? '0');
if (file) {
  const load = () => {
    try {
      const n = Number(readFileSync(file, 'utf8'));
      if (Number.isFinite(n)) {
        skew = n;
        writeFileSync(`${file}.ack`, String(n));
      }
    } catch {
      // Being written: the next event reads it.
    }
  };
  load();
  watch(file, load).unref();
}
if (file || (Number.isFinite(skew) && skew !== 0)) Date.now = () => real() + skew;
