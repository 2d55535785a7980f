/**
 * Stands in for Ink's `is-in-ci` (wired by the bundler and the test config). In CI mode Ink writes
 * nothing until the app exits; this app only ever renders to an interactive terminal, where a CI
 * variable left in an operator's environment (or set by a test runner) must not blank the screen.
 */
const isInCi = false;
export default isInCi;
