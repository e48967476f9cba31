import { defineConfig } from 'vitest/config';

// Unit and integration tests run under plain Node (no Electron binary needed); e2e runs in
// Chromium through Playwright (e2e/), so it is excluded here.
export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'electron/**/*.test.ts',
      'renderer/**/*.test.ts',
      'scripts/**/*.test.ts',
      'build/**/*.test.ts',
      // The bench's own pure parts (its table); the bench itself runs as `npm run bench`.
      'bench/**/*.test.ts',
      // Seeded fault injection, kill-and-restart and fuzzing (reliability/README.md).
      'reliability/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
  },
});
