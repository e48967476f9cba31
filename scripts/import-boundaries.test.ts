import { describe, expect, it } from 'vitest';
import {
  checkImports,
  checkRepository,
  importsOf,
  repositoryRoot,
  ruledSourceFiles,
  TEST_SUPPORT,
} from './import-boundaries';

const rules = (file: string, source: string) => checkImports(file, source).map((v) => v.specifier);

// Fixture sources climb two levels from renderer/ or electron/; built rather than written out so
// a scan of the tree for paths leaving the repository does not stop at test data.
const UP2 = '../'.repeat(2);

describe('folder boundaries (docs/architecture.md)', () => {
  it('hold for every source file of the repository', () => {
    const files = ruledSourceFiles(repositoryRoot());
    // The walk itself must find the sources, or "no violation" would mean nothing.
    expect(files).toEqual(
      expect.arrayContaining([
        'renderer/app.tsx',
        'electron/ipc/dispatch.ts',
        'electron/main/index.ts',
        'shared/bridge/contract.ts',
      ]),
    );
    expect(files.length).toBeGreaterThan(300);
    expect(checkRepository(repositoryRoot())).toEqual([]);
  });

  it('read every kind of import, and not imports written inside strings or comments', () => {
    const source = [
      "import a from './a';",
      "import type { B } from './b';",
      "export { c } from './c';",
      "import './d.css';",
      "const e = await import('./e');",
      "const f = require('./f');",
      "// import g from './g';",
      'const h = "import i from \'./i\'";',
    ].join('\n');
    expect(importsOf(source)).toEqual(['./a', './b', './c', './d.css', './e', './f']);
  });

  it('refuse the renderer reaching into the main process, Electron or Node', () => {
    const file = 'renderer/screens/sale-screen.tsx';
    expect(rules(file, `import { dispatch } from '${UP2}electron/ipc/dispatch';`)).toEqual([
      `${UP2}electron/ipc/dispatch`,
    ]);
    expect(
      rules(file, `import type { Settings } from '${UP2}electron/settings/settings-store';`),
    ).toHaveLength(1);
    expect(rules(file, "import { ipcRenderer } from 'electron';")).toEqual(['electron']);
    expect(rules(file, "import { readFile } from 'node:fs/promises';")).toEqual([
      'node:fs/promises',
    ]);
    expect(rules(file, "import path from 'path';")).toEqual(['path']);
    expect(rules(file, "import { call } from '../bridge/call';")).toEqual([]);
    expect(rules(file, `import { Settings } from '${UP2}shared/bridge';`)).toEqual([]);
  });

  it('let only electron/main and electron/preload import Electron', () => {
    const electron = "import { app } from 'electron';";
    expect(rules('electron/ipc/handlers/settings-handlers.ts', electron)).toEqual(['electron']);
    expect(rules('electron/service/transports.ts', "import { net } from 'electron/main';")).toEqual(
      ['electron/main'],
    );
    expect(rules('electron/web/web-server.ts', electron)).toEqual(['electron']);
    expect(rules('electron/main/index.ts', electron)).toEqual([]);
    expect(rules('electron/preload/index.ts', "import { contextBridge } from 'electron';")).toEqual(
      [],
    );
    // A folder merely named like the glue is not the glue.
    expect(rules('electron/mainly/x.ts', electron)).toEqual(['electron']);
    expect(
      rules('electron/ipc/x.ts', `import { t } from '${UP2}renderer/i18n/translate';`),
    ).toHaveLength(1);
  });

  it('keep shared/ to itself', () => {
    const file = 'shared/api/in-store.ts';
    expect(rules(file, `import { Logger } from '${UP2}electron/log/logger';`)).toHaveLength(1);
    expect(rules(file, `import { t } from '${UP2}renderer/i18n/translate';`)).toHaveLength(1);
    expect(rules(file, "import { createHash } from 'node:crypto';")).toEqual(['node:crypto']);
    expect(rules(file, "import { app } from 'electron';")).toEqual(['electron']);
    expect(rules(file, "import { z } from 'zod';")).toEqual([]);
    expect(rules(file, "import { centsFromWire } from '../domain/money';")).toEqual([]);
    // Climbing out and back in is still inside.
    expect(rules(file, `import { x } from '${UP2}shared/domain/money';`)).toEqual([]);
  });

  it('layer electron/ipc/: compose builds handlers and workflows, never the reverse', () => {
    const workflow = 'electron/ipc/workflows/billing.ts';
    expect(rules(workflow, "import { requirePin } from '../handlers/require-pin';")).toEqual([
      '../handlers/require-pin',
    ]);
    expect(rules(workflow, "import { openBackend } from '../compose/open-backend';")).toHaveLength(
      1,
    );
    expect(rules(workflow, "import { createKeyedLock } from './keyed-lock';")).toEqual([]);
    expect(rules(workflow, "import type { HandlerDeps } from '../deps';")).toEqual([]);
    const handler = 'electron/ipc/handlers/in-store-v3-handlers.ts';
    expect(rules(handler, "import { createServiceFor } from '../compose/service-for';")).toEqual([
      '../compose/service-for',
    ]);
    expect(rules(handler, "import type { Billing } from '../workflows/billing';")).toEqual([]);
    // Tests open a whole backend through the composition root.
    expect(
      rules('electron/ipc/handlers/x.test.ts', "import { ok } from '../compose/test-support';"),
    ).toEqual([]);
  });

  it('name test support one way: test-support.ts (or <what>-test-support.ts) beside what it supports', () => {
    const helpers = ruledSourceFiles(repositoryRoot()).filter((file) =>
      /test[-_.]?(support|helpers?|utils)/i.test(file.split('/').at(-1) ?? ''),
    );
    expect(helpers.length).toBeGreaterThan(5);
    expect(helpers.filter((file) => !TEST_SUPPORT.test(file))).toEqual([]);
    expect(TEST_SUPPORT.test('electron/mock/mock-test-support.ts')).toBe(true);
    for (const other of ['test-helpers.ts', 'mock_test_support.ts', 'test-support-x.ts'])
      expect(TEST_SUPPORT.test(`electron/mock/${other}`), other).toBe(false);
  });

  it('let tests and build configuration use Node, never the other side', () => {
    expect(rules('renderer/logic/x.test.ts', "import { readFileSync } from 'node:fs';")).toEqual(
      [],
    );
    expect(rules('renderer/vite.config.ts', "import { fileURLToPath } from 'node:url';")).toEqual(
      [],
    );
    expect(
      rules('renderer/logic/x.test.ts', `import { dispatch } from '${UP2}electron/ipc';`),
    ).toHaveLength(1);
  });
});
