#!/usr/bin/env node
// Prints "N passed, N failed" summed over vitest's JSON reports (one per Node version CI ran), after
// a line per report; a missing or empty report counts as a failure.
import { readFileSync } from 'node:fs';

const files = process.argv.length > 2 ? process.argv.slice(2) : ['.vitest-results.json'];
let passed = 0;
let failed = 0;
for (const file of files) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.log(`${file}: no test report found`);
    failed += 1;
    continue;
  }
  const p = report.numPassedTests ?? 0;
  // Files that failed to load count as failures too.
  const f = (report.numFailedTests ?? 0) + (report.testResults ?? []).filter((t) => t.status === 'failed' && (t.assertionResults ?? []).length === 0).length;
  if (p === 0 && f === 0) failed += 1;
  console.log(`${file}: ${p} passed, ${f} failed`);
  // Which ones: CI's log keeps only its tail, so a failure is named here, next to the count.
  for (const t of report.testResults ?? []) {
    const name = String(t.name ?? '').replace(/^.*?\/test\//, 'test/');
    for (const a of t.assertionResults ?? []) {
      if (a.status !== 'failed') continue;
      const why = String((a.failureMessages ?? [])[0] ?? '').split('\n')[0].slice(0, 300);
      console.log(`  failed: ${name} > ${a.fullName ?? a.title}${why ? ` — ${why}` : ''}`);
    }
    if (t.status === 'failed' && (t.assertionResults ?? []).length === 0) console.log(`  failed to load: ${name} — ${String(t.message ?? '').split('\n')[0].slice(0, 300)}`);
  }
  passed += p;
  failed += f;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(passed > 0 && failed === 0 ? 0 : 1);
