import { fileURLToPath } from 'node:url';
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
  resolve: {
    // See src/ui/notInCi.ts: CI=true must not switch Ink into "render only at exit".
    alias: { 'is-in-ci': fileURLToPath(new URL('./src/ui/notInCi.ts', import.meta.url)) },
  },
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
