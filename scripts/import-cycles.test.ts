import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './import-boundaries';
import { cyclesUnder, findCycles } from './import-cycles';

describe('import cycles', () => {
  it('none in electron/mock: areas register through one list, and nothing imports back up', () => {
    expect(cyclesUnder(repositoryRoot(), 'electron/mock')).toEqual([]);
  });

  it('none in the rest of electron/ and in shared/ either', () => {
    expect(cyclesUnder(repositoryRoot(), 'electron')).toEqual([]);
    expect(cyclesUnder(repositoryRoot(), 'shared')).toEqual([]);
  });

  it('are found through type-only imports, index files and self-imports', () => {
    const sources = new Map([
      ['m/app.ts', "import { areas } from './areas';"],
      ['m/areas.ts', "import { orders } from './orders';"],
      ['m/orders/index.ts', "import type { Area } from '../app';\nimport { z } from 'zod';"],
      ['m/leaf.ts', "import { app } from './app';"],
      ['m/self.ts', "export * from './self';"],
    ]);
    expect(findCycles(sources)).toEqual([
      ['m/app.ts', 'm/areas.ts', 'm/orders/index.ts'],
      ['m/self.ts'],
    ]);
  });

  it('are not reported for a graph that only fans in', () => {
    const sources = new Map([
      ['m/app.ts', "import { a } from './a';\nimport { b } from './b';"],
      ['m/a.ts', "import type { T } from './types';"],
      ['m/b.ts', "import type { T } from './types';"],
      ['m/types.ts', "import { z } from 'zod';"],
    ]);
    expect(findCycles(sources)).toEqual([]);
  });
});
