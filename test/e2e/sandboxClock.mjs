/**
 * Preloaded into the built CLI by a test (NODE_OPTIONS=--import): the CLI's clock reads the sandbox's
 * stepped clock — Date.now() shifted by SANDBOX_CLOCK_SKEW_MS (the sandbox's time less this machine's
 * when the test ran it) — so what the CLI ages (a jam's, a transaction's) is aged on the sandbox's time.
 */
const skew = Number(process.env.SANDBOX_CLOCK_SKEW_MS ?? '0');
if (Number.isFinite(skew) && skew !== 0) {
  const real = Date.now.bind(Date);
  Date.now = () => real() + skew;
}
