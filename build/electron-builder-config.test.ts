// Validates the packaging configuration for real, on a machine that cannot download the Electron
// runtime or electron-builder's prebuilt tools:
// - the YAML is checked against electron-builder's own JSON schema (app-builder-lib/scheme.json)
//   and loaded by electron-builder's own loader and validator;
// - the security settings (fuses, asar, no update feed), targets, installer options and icons are
//   asserted one by one;
// - electron-builder packs the app for Linux (`dir` target) around a stub Electron binary that
//   carries a fuse wire, and the result is read back: every fuse flipped as configured, and the
//   app.asar holds the built app, package.json's `main` and the production dependencies, and no
//   source maps, tests, sources or devDependencies.
import { existsSync } from 'node:fs';
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { convertIcon } from 'app-builder-lib/out/util/iconConverter';
import { Arch, build, Packager, Platform } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

type Json = Record<string, unknown>;

const buildDir = dirname(fileURLToPath(import.meta.url));
const projectDir = resolve(buildDir, '..');
const configFile = join(buildDir, 'electron-builder.yml');
const schemaFile = join(projectDir, 'node_modules', 'app-builder-lib', 'scheme.json');

/** The fuses, keyed by electron-builder's option names, in the order of Electron's fuse wire. */
const EXPECTED_FUSES = [
  ['runAsNode', false],
  ['enableCookieEncryption', true],
  ['enableNodeOptionsEnvironmentVariable', false],
  ['enableNodeCliInspectArguments', false],
  ['enableEmbeddedAsarIntegrityValidation', true],
  ['onlyLoadAppFromAsar', true],
  ['loadBrowserProcessSpecificV8Snapshot', false],
  ['grantFileProtocolExtraPrivileges', false],
] as const;
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSE_DISABLED = 0x30; // '0'
const FUSE_ENABLED = 0x31; // '1'

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function obj(value: unknown, what: string): Json {
  if (!isObject(value)) throw new Error(`${what} is not an object`);
  return value;
}

function str(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`${what} is not a string`);
  return value;
}

/** A target list as the schema allows it: a name, or a list of names and { target, arch }. */
function targetNames(target: unknown): string[] {
  const list = Array.isArray(target) ? target : [target];
  return list.map((it) => (typeof it === 'string' ? it : str(obj(it, 'target').target, 'target')));
}

function pngSize(png: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (png.length < 33 || !png.subarray(0, 8).equals(signature)) throw new Error('not a PNG');
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('PNG without IHDR first');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

interface IcoImage {
  size: number;
  format: 'png' | 'bmp';
}

/** Reads an ICO directory and checks each image's own header against its directory entry. */
function readIco(ico: Buffer): IcoImage[] {
  expect(ico.readUInt16LE(0), 'ICO reserved').toBe(0);
  expect(ico.readUInt16LE(2), 'ICO type (1 = icon)').toBe(1);
  const count = ico.readUInt16LE(4);
  const images: IcoImage[] = [];
  for (let i = 0; i < count; i++) {
    const entry = 6 + 16 * i;
    const width = ico[entry] || 256;
    const height = ico[entry + 1] || 256;
    expect(width, 'ICO entries are square').toBe(height);
    expect(ico.readUInt16LE(entry + 6), 'bits per pixel').toBe(32);
    const length = ico.readUInt32LE(entry + 8);
    const offset = ico.readUInt32LE(entry + 12);
    expect(offset + length, 'image inside the file').toBeLessThanOrEqual(ico.length);
    const data = ico.subarray(offset, offset + length);
    if (data.readUInt32BE(0) === 0x89504e47) {
      expect(pngSize(data)).toEqual({ width, height });
      images.push({ size: width, format: 'png' });
    } else {
      expect(data.readUInt32LE(0), 'BITMAPINFOHEADER size').toBe(40);
      expect(data.readInt32LE(4)).toBe(width);
      expect(data.readInt32LE(8), 'BMP height counts colour and mask rows').toBe(height * 2);
      expect(data.readUInt16LE(14)).toBe(32);
      const maskStride = Math.ceil(width / 32) * 4;
      expect(length).toBe(40 + width * height * 4 + maskStride * height);
      images.push({ size: width, format: 'bmp' });
    }
  }
  return images;
}

interface AsarEntry {
  files?: Record<string, AsarEntry>;
  offset?: string;
  size?: number;
  unpacked?: boolean;
}

/** Lists an asar archive (Chromium pickle header, then a JSON index) and reads files from it. */
async function openAsar(file: string): Promise<{ paths: string[]; read(path: string): Buffer }> {
  const archive = await readFile(file);
  const headerSize = archive.readUInt32LE(4);
  const jsonLength = archive.readUInt32LE(12);
  const header = JSON.parse(archive.toString('utf8', 16, 16 + jsonLength)) as AsarEntry;
  const base = 8 + headerSize;
  const entries = new Map<string, AsarEntry>();
  const walk = (entry: AsarEntry, prefix: string) => {
    for (const [name, child] of Object.entries(entry.files ?? {})) {
      const path = prefix ? `${prefix}/${name}` : name;
      entries.set(path, child);
      walk(child, path);
    }
  };
  walk(header, '');
  return {
    paths: [...entries.keys()],
    read(path) {
      const entry = entries.get(path);
      if (!entry || entry.offset === undefined || entry.size === undefined || entry.unpacked) {
        throw new Error(`${path} is not a packed file in the asar`);
      }
      const start = base + Number(entry.offset);
      return archive.subarray(start, start + entry.size);
    },
  };
}

/** electron-builder resolves relative resources against build resources, then the project. */
function resolveResource(config: Json, file: string): string {
  const directories = obj(config.directories, 'directories');
  const roots = [
    resolve(projectDir, str(directories.buildResources, 'buildResources')),
    projectDir,
  ];
  for (const root of roots) {
    const candidate = resolve(root, file);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${file} is not in ${roots.join(' or ')}`);
}

const config = obj(parse(await readFile(configFile, 'utf8')), 'electron-builder.yml');
const packageJson = obj(
  JSON.parse(await readFile(join(projectDir, 'package.json'), 'utf8')),
  'package.json',
);
const mainFile = str(packageJson.main, 'package.json main');

describe('build/electron-builder.yml against electron-builder 26', () => {
  it('is valid under electron-builder’s JSON schema (strict, no type coercion)', async () => {
    const schema = obj(JSON.parse(await readFile(schemaFile, 'utf8')), 'scheme.json');
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
    // The schema marks JS-only options (hooks, desktop entries) with this keyword.
    ajv.addKeyword({
      keyword: 'typeof',
      schemaType: 'string',
      validate: (type: string, data: unknown) => typeof data === type,
    });
    const validate = ajv.compile(schema);
    expect(validate(config), ajv.errorsText(validate.errors)).toBe(true);

    // The validator is live: a misspelt fuse and a string for a boolean are both refused.
    const misspelt = structuredClone(config);
    obj(misspelt.electronFuses, 'electronFuses').runAsNodes = false;
    expect(validate(misspelt)).toBe(false);
    const stringly = structuredClone(config);
    obj(stringly.nsis, 'nsis').oneClick = 'false';
    expect(validate(stringly)).toBe(false);
  });

  it('is loaded and accepted by electron-builder’s own loader and validator', async () => {
    const packager = new Packager({ projectDir, config: configFile });
    await packager.validateConfig();
    // js-yaml (electron-builder's parser) reads the same values as the yaml package.
    expect(packager.config.electronFuses).toEqual(config.electronFuses);
    expect(packager.config.publish).toBeNull();
    // extraMetadata gives the deb package the homepage and maintainer e-mail it requires.
    expect(packager.metadata.homepage).toMatch(/^https:\/\//);
    expect(packager.metadata.author?.email).toMatch(/@/);
  });

  it('names the app', () => {
    expect(config.productName).toBe('Mostrador');
    expect(config.appId).toBe('pe.mostrador.pos');
    const directories = obj(config.directories, 'directories');
    expect(directories).toEqual({ output: 'release', buildResources: 'build' });
    const artifactName = str(config.artifactName, 'artifactName');
    expect(artifactName).toMatch(/\$\{version\}/);
    expect(artifactName).toMatch(/\$\{arch\}/);
  });

  it('sets every fuse, packs the app into an asar and publishes nowhere', () => {
    expect(config.electronFuses).toEqual(Object.fromEntries(EXPECTED_FUSES));
    expect(config.asar).toBe(true);
    expect(config).toHaveProperty('publish', null);
    for (const section of ['linux', 'win', 'mac', 'nsis', 'deb', 'appImage', 'dmg']) {
      const options = config[section];
      if (isObject(options)) expect(options, `${section}.publish`).not.toHaveProperty('publish');
    }
    for (const key of ['asarUnpack', 'extraResources', 'extraFiles', 'electronDist']) {
      expect(config, key).not.toHaveProperty(key);
    }
  });

  it('ships only the built app: renderer, main, preload, package.json; no maps, no tests', () => {
    const files = config.files;
    expect(Array.isArray(files)).toBe(true);
    const patterns = (files as unknown[]).map((it) => str(it, 'files entry'));
    expect(patterns).toEqual(
      expect.arrayContaining([
        'package.json',
        'dist-electron/**',
        'dist/renderer/**',
        '!**/*.map',
        '!**/*.{test,spec}.{ts,tsx,js,cjs,mjs}',
      ]),
    );
    const includes = patterns.filter((it) => !it.startsWith('!'));
    for (const pattern of includes) {
      expect(pattern === 'package.json' || pattern.endsWith('/**'), pattern).toBe(true);
    }
    // package.json's "main" is inside an included folder (the packing test below checks it
    // with electron-builder's own matcher).
    const covering = includes.filter(
      (it) => it.endsWith('/**') && mainFile.startsWith(it.slice(0, -2)),
    );
    expect(covering, `a files pattern covering ${mainFile}`).not.toHaveLength(0);
    expect(mainFile.endsWith('.map')).toBe(false);
  });

  it('builds AppImage and deb for Linux, nsis for Windows, dmg for macOS', () => {
    const linux = obj(config.linux, 'linux');
    expect(targetNames(linux.target).sort()).toEqual(['AppImage', 'deb']);
    expect(str(linux.category, 'linux.category').split(';')).toEqual(
      expect.arrayContaining(['Office', 'Finance']),
    );
    expect(linux.maintainer).toMatch(/^.+ <[^@\s]+@[^@\s]+>$/);
    expect(linux.synopsis).toBeTruthy();
    expect(linux.description).toBeTruthy();
    expect(linux.executableName).toBe('mostrador');

    const win = obj(config.win, 'win');
    expect(targetNames(win.target)).toEqual(['nsis']);
    expect(win.requestedExecutionLevel).toBe('asInvoker');
    const nsis = obj(config.nsis, 'nsis');
    expect(nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      allowToChangeInstallationDirectory: true,
      createDesktopShortcut: true,
      createStartMenuShortcut: true,
      shortcutName: 'Mostrador',
      // The journal of the day's sales lives in the user data folder.
      deleteAppDataOnUninstall: false,
    });

    expect(targetNames(obj(config.mac, 'mac').target)).toEqual(['dmg']);
  });

  it('references icons that exist, with the right sizes', async () => {
    const linux = obj(config.linux, 'linux');
    const linuxIcons = resolveResource(config, str(linux.icon, 'linux.icon'));
    expect((await stat(linuxIcons)).isDirectory()).toBe(true);
    const sizes = [16, 24, 32, 48, 64, 128, 256, 512];
    const names = (await readdir(linuxIcons)).filter((it) => it.endsWith('.png')).sort();
    expect(names).toEqual(sizes.map((n) => `${n}x${n}.png`).sort());
    for (const size of sizes) {
      const png = await readFile(join(linuxIcons, `${size}x${size}.png`));
      expect(pngSize(png), `${size}x${size}.png`).toEqual({ width: size, height: size });
    }
    expect(pngSize(await readFile(join(buildDir, 'icon.png')))).toEqual({
      width: 512,
      height: 512,
    });

    const mac = obj(config.mac, 'mac');
    const macIcon = await readFile(resolveResource(config, str(mac.icon, 'mac.icon')));
    expect(pngSize(macIcon).width).toBeGreaterThanOrEqual(512);

    const nsis = obj(config.nsis, 'nsis');
    const icoFiles = new Set([
      str(obj(config.win, 'win').icon, 'win.icon'),
      str(nsis.installerIcon, 'nsis.installerIcon'),
      str(nsis.uninstallerIcon, 'nsis.uninstallerIcon'),
      str(nsis.installerHeaderIcon, 'nsis.installerHeaderIcon'),
    ]);
    for (const file of icoFiles) {
      const images = readIco(await readFile(resolveResource(config, file)));
      expect(images.map((it) => it.size)).toEqual([16, 32, 48, 256]);
    }

    const svg = await readFile(join(buildDir, 'icon.svg'), 'utf8');
    expect(svg).toContain('viewBox="0 0 512 512"');
  });

  it('has icons electron-builder accepts as they are (no conversion tool needed)', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'mostrador-icons-'));
    try {
      const roots = [buildDir, projectDir];
      const linux = obj(config.linux, 'linux');
      const set = await convertIcon({
        sources: [str(linux.icon, 'linux.icon')],
        fallbackSources: [],
        roots,
        format: 'set',
        outDir,
      });
      expect(set.isFallback).toBe(false);
      expect(set.icons.map((it) => it.size)).toEqual([16, 24, 32, 48, 64, 128, 256, 512]);
      const ico = await convertIcon({
        sources: [str(obj(config.win, 'win').icon, 'win.icon')],
        fallbackSources: [],
        roots,
        format: 'ico',
        outDir,
      });
      expect(ico.icons).toEqual([{ file: join(buildDir, 'icon.ico'), size: 256 }]);
      // Nothing was converted: the files are used in place.
      expect(await readdir(outDir)).toEqual([]);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });

  it('has the npm script that builds the installers', () => {
    const scripts = obj(packageJson.scripts, 'scripts');
    expect(scripts.dist).toBe(
      'npm run build && electron-builder --config build/electron-builder.yml',
    );
  });
});

describe('electron-builder packs the app (Linux dir target, stub Electron binary)', () => {
  let workDir = '';
  let appOutDir = '';

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'mostrador-pack-'));
    const project = join(workDir, 'project');
    const write = async (path: string, content: string | Buffer) => {
      await mkdir(dirname(join(project, path)), { recursive: true });
      await writeFile(join(project, path), content);
    };
    // The real package.json, lock file, packaging configuration and node_modules...
    await mkdir(project);
    await cp(join(projectDir, 'package.json'), join(project, 'package.json'));
    await cp(join(projectDir, 'package-lock.json'), join(project, 'package-lock.json'));
    await cp(buildDir, join(project, 'build'), { recursive: true });
    await symlink(join(projectDir, 'node_modules'), join(project, 'node_modules'), 'junction');
    // ...around a small stand-in for `npm run build`'s output, with files that must stay out.
    await write(
      mainFile,
      '"use strict";\nrequire("fastify");\n//# sourceMappingURL=main.cjs.map\n',
    );
    await write(`${mainFile}.map`, '{}');
    await write('dist-electron/preload.cjs', '"use strict";\n');
    await write('dist-electron/preload.cjs.map', '{}');
    await write('dist-electron/stray.test.js', '');
    await write('dist/renderer/index.html', '<!doctype html><title>Mostrador</title>\n');
    await write('dist/renderer/assets/index.js', 'console.log("renderer");\n');
    await write('dist/renderer/assets/index.js.map', '{}');
    await write('dist/renderer/assets/index.css', 'body{}\n');
    await write('electron/main/index.ts', 'export {};\n');
    await write('renderer/src/App.tsx', 'export {};\n');
    await write('shared/money.test.ts', 'export {};\n');
    await write('.env', 'TOKEN=not-for-the-package\n');
    await write('README.md', '# Mostrador\n');

    // A stand-in for Electron's Linux runtime: an executable whose fuse wire starts as the
    // opposite of every configured value, so each fuse has to be flipped by the build.
    const electronDist = join(workDir, 'electron-dist');
    await mkdir(join(electronDist, 'resources'), { recursive: true });
    const wire = EXPECTED_FUSES.map(([, on]) => (on ? FUSE_DISABLED : FUSE_ENABLED));
    await writeFile(
      join(electronDist, 'electron'),
      Buffer.concat([
        Buffer.from('\x7fELF stub electron\0'),
        Buffer.from(FUSE_SENTINEL, 'latin1'),
        Buffer.from([1, wire.length, ...wire]),
        Buffer.alloc(64),
      ]),
      { mode: 0o755 },
    );
    await writeFile(join(electronDist, 'LICENSE'), 'stub\n');
    await writeFile(join(electronDist, 'version'), '45.4.1');

    const outDir = join(workDir, 'out');
    await build({
      projectDir: project,
      targets: Platform.LINUX.createTarget('dir', Arch.x64),
      publish: 'never',
      // As `electron-builder --config build/electron-builder.yml -c.electronDist=…` would.
      config: {
        extends: join(project, 'build', 'electron-builder.yml'),
        electronDist,
        directories: { output: outDir },
      },
    });
    appOutDir = join(outDir, 'linux-unpacked');
  }, 180_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('flips every fuse in the packaged binary as configured', async () => {
    const binary = await readFile(join(appOutDir, 'mostrador'));
    const at = binary.indexOf(FUSE_SENTINEL, 0, 'latin1');
    expect(at).toBeGreaterThan(-1);
    const wire = binary.subarray(at + FUSE_SENTINEL.length);
    expect(wire[0], 'fuse wire version').toBe(1);
    const states = Object.fromEntries(
      EXPECTED_FUSES.map(([name], i) => [name, wire[2 + i] === FUSE_ENABLED]),
    );
    expect(states).toEqual(Object.fromEntries(EXPECTED_FUSES));
  });

  it('puts the built app and the production dependencies in app.asar, and nothing else', async () => {
    const resources = await readdir(join(appOutDir, 'resources'));
    expect(resources).toEqual(['app.asar']); // no unpacked app folder beside it
    const asar = await openAsar(join(appOutDir, 'resources', 'app.asar'));
    const paths = asar.paths;
    const own = paths.filter((it) => !it.startsWith('node_modules')).sort();
    expect(own).toEqual(
      [
        'dist',
        'dist/renderer',
        'dist/renderer/assets',
        'dist/renderer/assets/index.css',
        'dist/renderer/assets/index.js',
        'dist/renderer/index.html',
        'dist-electron',
        'dist-electron/main.cjs',
        'dist-electron/preload.cjs',
        'package.json',
      ].sort(),
    );
    expect(paths).toContain(mainFile);
    expect(paths.filter((it) => it.endsWith('.map'))).toEqual([]);
    expect(paths.filter((it) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(it))).toEqual([]);

    const dependencies = Object.keys(obj(packageJson.dependencies, 'dependencies'));
    for (const name of dependencies) {
      expect(paths, `production dependency ${name}`).toContain(`node_modules/${name}/package.json`);
    }
    const devOnly = [
      'electron',
      'electron-builder',
      'vitest',
      'vite',
      'typescript',
      'esbuild',
      'playwright-core',
      'yaml',
    ];
    for (const name of devOnly) {
      expect(paths, `devDependency ${name}`).not.toContain(`node_modules/${name}`);
    }

    const packaged = obj(JSON.parse(asar.read('package.json').toString('utf8')), 'packaged');
    expect(packaged.main).toBe(mainFile);
    expect(packaged).not.toHaveProperty('devDependencies');
    expect(packaged).not.toHaveProperty('scripts');
    expect(asar.read(mainFile).toString('utf8')).toContain('require("fastify")');
  });
});
