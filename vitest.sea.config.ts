// The single executable's tests (test/sea/*.sea.ts): run by .ci/run once `npm run sea` has built
// dist/relayer-tui-linux-x64 — not by `npm test`, which does not build it (it embeds a Node binary
// fetched from the npm registry).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/sea/**/*.sea.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results-sea.json' },
  },
});
