import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
// @ts-expect-error plain ESM helper shared with the bundler
import { ANY_COPY, patchDependency } from './scripts/patches.mjs';

export default defineConfig({
  plugins: [
    {
      // Ink and widest-line measure text through src/core/text/fastStringWidth.ts (see there).
      name: 'fast-string-width',
      enforce: 'pre',
      resolveId(source: string, importer: string | undefined) {
        if (source === 'string-width' && importer && /node_modules[\\/](ink|widest-line)[\\/]/.test(importer))
          return fileURLToPath(new URL('./src/core/text/fastStringWidth.ts', import.meta.url));
        return undefined;
      },
    },
    {
      name: 'dependency-patches',
      transform(code: string, id: string) {
        return ANY_COPY.test(id) ? (patchDependency(code, id) as string) : undefined;
      },
    },
  ],
  resolve: {
    // See src/ui/notInCi.ts: CI=true must not switch Ink into "render only at exit".
    // Ink's layout engine is src/ui/columnLayout.ts, as in the bundle (scripts/build.mjs); `yoga-layout/load` stays Yoga.
    alias: [
      { find: 'is-in-ci', replacement: fileURLToPath(new URL('./src/ui/notInCi.ts', import.meta.url)) },
      { find: /^yoga-layout$/, replacement: fileURLToPath(new URL('./src/ui/columnLayout.ts', import.meta.url)) },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // The patched dependencies go through the transform pipeline so the tests run the bundle's code
    // (all of scripts/patches.mjs).
    server: {
      deps: {
        inline: [
          /node_modules[\\/]ink[\\/]/,
          /node_modules[\\/]widest-line[\\/]/,
          /node_modules[\\/]string-width[\\/]/,
          /node_modules[\\/]slice-ansi[\\/]/,
          /node_modules[\\/]@alcalzone[\\/]ansi-tokenize[\\/]/,
        ],
      },
    },
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results.json' },
  },
});
