#!/usr/bin/env node
// Prints "N passed, N failed" from vitest's JSON report (exit 1 when the report is missing or empty).
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.vitest-results.json';
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  console.log('no test report found');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
// Files that failed to load count as failures too.
const failed = (report.numFailedTests ?? 0) + (report.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(passed > 0 && failed === 0 ? 0 : 1);
