import { describe, expect, it } from 'vitest';
import { checkRepository, checkSource, citedSourceFiles } from './doc-citations';
import { repositoryRoot } from './import-boundaries';

const root = repositoryRoot();
const problems = (file: string, source: string) =>
  checkSource(root, file, source).map((p) => p.text);

describe('source files cite only the repository\'s own documents (docs/decisions.md "The project stands alone")', () => {
  it('hold for every tracked source file', () => {
    const files = citedSourceFiles(root);
    // The list must reach every kind of file, or "no problem" would mean nothing.
    expect(files).toEqual(
      expect.arrayContaining([
        '.ci/run',
        'package.json',
        'electron/tsconfig.json',
        'renderer/index.html',
        'renderer/styles/base.css',
        'build/electron-builder.yml',
        'scripts/start.mjs',
        'shared/api/messages.ts',
        'renderer/app.tsx',
      ]),
    );
    expect(checkRepository(root)).toEqual([]);
  });

  it('refuse a team document named anywhere in a file', () => {
    const team = ['DESIGN', 'SERVICE-API'].map((name) => `${name}.md`);
    expect(problems('shared/api/x.ts', `// The rule (${team[0]} "Security").`)).toEqual([team[0]]);
    expect(problems('.ci/run', `# see ${team[1]}`)).toEqual([team[1]]);
  });

  it("refuse a path into a shared folder beside the repository, not the project's own shared/", () => {
    // Built, not written out: a literal climbing path here would itself look like a violation
    // to anyone scanning the tree for one.
    const climb = (levels: number) => `${'../'.repeat(levels)}shared`;
    const up = climb(3);
    expect(problems('shared/api/x.test.ts', `readFileSync(join(dir, '${up}/api.md'))`)).toEqual([
      up,
    ]);
    expect(problems('.ci/run', 'test -d ../shared && exit 1')).toEqual(['../shared']);
    expect(problems('scripts/x.mjs', "const doc = '../shared/notes.md';")).toEqual(['../shared']);
    // The project's own shared/ folder, imported or referenced from one level down.
    expect(problems('renderer/logic/x.ts', `import { a } from '${climb(2)}/bridge';`)).toEqual([]);
    expect(problems('electron/x/y.ts', `import { a } from '${up}/bridge';`)).toEqual([up]);
    expect(
      problems('electron/tsconfig.json', '{ "references": [{ "path": "../shared" }] }'),
    ).toEqual([]);
  });

  it('refuse a citation of a document or heading that does not exist', () => {
    expect(problems('a.ts', '// docs/decisions.md "Amount rules"')).toEqual([]);
    expect(problems('a.ts', '// (docs/decisions.md\n// "Embeddable HTML")')).toEqual([]);
    expect(problems('a.ts', '# docs/decisions.md, "The project stands alone"')).toEqual([]);
    expect(problems('a.ts', '// docs/architecture.md "The spine"')).toEqual([]);
    expect(problems('a.ts', '// docs/decisions.md "Amount rulez"')).toHaveLength(1);
    expect(problems('a.ts', '// docs/design.md "Security"')).toHaveLength(1);
  });
});
