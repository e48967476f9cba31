import type { MockApp } from '../../electron/mock/app';

/** One seeded fault run: its place in the suite, its seed, the shared mock and the settings. */
export type RunOptions = {
  index: number;
  seed: number;
  mock: MockApp;
  settingsText: string;
  timeoutMs: number;
};
