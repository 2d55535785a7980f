import { defineConfig } from 'vitest/config';
// @ts-expect-error plain ESM helper shared with the bundler
import { INK_LOG_UPDATE, patchInkLogUpdate } from './scripts/ink-fix.mjs';

export default defineConfig({
  plugins: [
    {
      name: 'ink-log-update-fix',
      transform(code: string, id: string) {
        return INK_LOG_UPDATE.test(id) ? (patchInkLogUpdate(code, id) as string) : undefined;
      },
    },
  ],
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Ink goes through the transform pipeline so the log-update fix applies in tests too.
    server: { deps: { inline: [/node_modules[\\/]ink[\\/]/] } },
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results.json' },
  },
});
