import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './import-boundaries';
import {
  readScreenshotSources,
  type ScreenshotSources,
  screenshotProblems,
  writtenByE2e,
} from './screenshot-table';

describe('the README screenshots (docs/screenshots)', () => {
  it('each is written by an e2e test and shown; each one shown exists', () => {
    const sources = readScreenshotSources(repositoryRoot());
    expect(sources.images.length).toBeGreaterThan(50);
    expect(screenshotProblems(sources)).toEqual([]);
  });

  const sources: ScreenshotSources = {
    // till.png is shown by the README only: shown, so not an orphan.
    images: ['sale-empty.png', 'undo-1366.png', 'undo-1024.png', 'till.png', 'old.png'],
    table:
      '| a | [sale-empty.png](sale-empty.png) | [1366](undo-1366.png) [1024](undo-1024.png) [x](gone.png) |',
    readme:
      '![x](docs/screenshots/sale-empty.png) ![y](docs/screenshots/missing.png) ![z](docs/screenshots/till.png)',
    e2e: "saveScreenshot(page, 'sale-empty');\nsaveAtCounterSizes(page, 'undo');\nsaveScreenshot(page, 'till');",
  };

  it('finds an orphan, a listed file that is not there, and one the README shows that is not', () => {
    expect(screenshotProblems(sources)).toEqual([
      'old.png: in neither docs/screenshots/README.md nor README.md',
      'old.png: no e2e test writes it',
      'gone.png: in the table, no such file',
      'missing.png: in README.md, no such file',
    ]);
  });

  it('knows the ways an e2e test names an image', () => {
    // Source text holding a template literal's `${`, built so it is no template here.
    const sized = 'saveScreenshot(page, `sale-confirm-$' + '{size.width}`)';
    const numbered = '`day-close-pdf-page$' + '{n}.png`';
    expect(writtenByE2e('sale-confirm-1024.png', sized)).toBe(true);
    expect(writtenByE2e('day-close-pdf-page2.png', numbered)).toBe(true);
    expect(writtenByE2e('undo-1366.png', "saveAtCounterSizes(page, 'undo')")).toBe(true);
    expect(writtenByE2e('sale-empty.png', "saveScreenshot(page, 'sale-empty-en')")).toBe(false);
  });
});
