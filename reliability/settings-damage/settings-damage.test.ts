// Damaged settings (issue 19): seeded runs damage a live terminal's settings.json, its backup or
// both (truncated, bytes flipped, garbage, emptied, deleted, a field swapped for another valid
// value), then reopen the real backend on them. Whatever the damage, the terminal either comes
// back with exactly the settings it had (PIN, lockout count, live mode, address), or needs
// attention: every call refused, no PIN set over it, and the token sent nowhere. Only when both
// files are gone does it start afresh, and then without the token.
// Replay: RELIABILITY_SEED=<seed> RELIABILITY_RUN=<index> npx vitest run reliability/settings-damage
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  call,
  freshMock,
  makeTempDir,
  ok,
  openTestBackend,
  PIN,
} from '../../electron/ipc/compose/test-support';
import type { MockApp } from '../../electron/mock/app';
import type { Transport } from '../../electron/service/transports';
import { createFileVault } from '../../electron/vault/file-vault';
import { replayOptions, runSeed, type SeededRandom, seededRandom } from '../support/seeded-random';

const RUNS = Number(process.env.RELIABILITY_SETTINGS_RUNS ?? 100);
const TOKEN = 'settings-damage-token-0123';
const ADDRESS = 'https://pagos.example.pe';
const FILES = ['settings.json', 'settings.backup.json'] as const;

type Damage = { name: string; apply: (text: string, random: SeededRandom) => string | null };

const DAMAGES: Damage[] = [
  { name: 'truncated', apply: (text, r) => text.slice(0, r.int(0, text.length - 1)) },
  {
    name: 'bytes flipped',
    apply: (text, r) => {
      const bytes = Buffer.from(text, 'utf8');
      for (let i = r.int(1, 4); i > 0; i -= 1) {
        const at = r.int(0, bytes.length - 1);
        bytes[at] = (bytes[at] ?? 0) ^ (1 << r.int(0, 7));
      }
      return bytes.toString('latin1');
    },
  },
  {
    name: 'garbage',
    apply: (_, r) =>
      Buffer.from(Array.from({ length: r.int(1, 300) }, () => r.int(0, 255))).toString('latin1'),
  },
  { name: 'emptied', apply: () => '' },
  { name: 'deleted', apply: () => null },
  // Valid JSON, valid values, only not the ones saved: what a bad hand edit or a bit flip in a
  // hex digit would leave.
  {
    name: 'another valid value',
    apply: (text, r) =>
      r.pick([
        () => text.replace(ADDRESS, 'https://pagos.exbmple.pe'),
        () => text.replace('"mode": "live"', '"mode": "training"'),
        () => text.replace(/"failures": \d+/, '"failures": 0'),
        () => text.replace(/"hash": "(.)/, (_, c: string) => `"hash": "${c === 'a' ? 'b' : 'a'}`),
      ])(),
  },
];

let mock: MockApp;
let template: Awaited<ReturnType<typeof makeTempDir>>;
let saved: { view: unknown; texts: string[] };

/** Every request the live client would send, with its Authorization header. */
const sent: string[] = [];
const recordingTransport: Transport = async (url, init) => {
  sent.push(`${url} ${init.headers.authorization ?? ''}`);
  throw new TypeError('fetch failed');
};

beforeAll(async () => {
  mock = await freshMock();
  template = await makeTempDir();
  // A live terminal with two wrong PINs counted: the lockout state must survive too.
  const backend = await openTestBackend({
    dataDir: template.dir,
    mock,
    vault: createFileVault({ file: join(template.dir, 'token.json') }),
    liveTransport: recordingTransport,
    resume: false,
  });
  await ok(backend.table, 'supervisor.setPin', { pin: PIN });
  await ok(backend.table, 'settings.update', { pin: PIN, change: { base_url: ADDRESS } });
  await ok(backend.table, 'token.set', { pin: PIN, token: TOKEN });
  await ok(backend.table, 'settings.update', { pin: PIN, change: { mode: 'live' } });
  await call(backend.table, 'supervisor.checkPin', { pin: '0000' });
  await call(backend.table, 'supervisor.checkPin', { pin: '0000' });
  saved = {
    view: await ok(backend.table, 'settings.get', {}),
    texts: await Promise.all(FILES.map((f) => readFile(join(template.dir, f), 'utf8'))),
  };
  await backend.close();
}, 60_000);

afterAll(async () => {
  await template?.remove();
  await mock?.close();
});

async function oneRun(seed: number): Promise<string | null> {
  const random = seededRandom(seed);
  const temp = await makeTempDir();
  sent.length = 0;
  // Which copies are damaged, and how.
  const damaged = random.pick([[0], [1], [0, 1]] as const);
  const how: string[] = [];
  for (const [index, file] of FILES.entries()) {
    const path = join(temp.dir, file);
    await copyFile(join(template.dir, file), path);
    if (!(damaged as readonly number[]).includes(index)) continue;
    const damage = random.pick(DAMAGES);
    const text = damage.apply(saved.texts[index] ?? '', random);
    how.push(`${file} ${damage.name}`);
    if (text === null) await rm(path);
    else await writeFile(path, text, 'latin1');
  }
  // The token file of browser mode, kept through the damage like any file of the data dir.
  const vault = createFileVault({ file: join(temp.dir, 'token.json') });
  await vault.set(TOKEN);
  const backend = await openTestBackend({
    dataDir: temp.dir,
    mock,
    vault,
    liveTransport: recordingTransport,
    resume: false,
  });
  try {
    const intact = FILES.some((_, index) => !(damaged as readonly number[]).includes(index));
    const view = await call(backend.table, 'settings.get', {});
    const bothDeleted = how.length === 2 && how.every((h) => h.endsWith(' deleted'));
    if (view.ok && bothDeleted) {
      // Nothing left to read: a first run, and the token from before is forgotten with it.
      if (view.result.supervisor_pin_set || view.result.token.configured)
        return `${how.join(', ')}: a first run kept the PIN or the token`;
    } else if (view.ok) {
      // Back: exactly what was saved, the two wrong PINs still counted.
      if (JSON.stringify(view.result) !== JSON.stringify(saved.view))
        return `${how.join(', ')}: came back with other settings`;
      const wrong = await call(backend.table, 'supervisor.checkPin', { pin: '0000' });
      if (
        wrong.ok ||
        wrong.error.code !== 'wrong-pin' ||
        !/Attempts left: 2/.test(wrong.error.message)
      )
        return `${how.join(', ')}: the lockout count was not kept`;
    } else {
      if (intact) return `${how.join(', ')}: an intact copy was not used`;
      if (view.error.code !== 'needs-attention' || view.error.attention !== 'settings-damaged')
        return `${how.join(', ')}: answered ${view.error.code}`;
      for (const [method, args] of [
        ['supervisor.setPin', { pin: '1357' }],
        ['settings.testConnection', { pin: '1357', base_url: 'https://elsewhere.example' }],
        ['limits.get', {}],
      ] as const) {
        const answer = await call(backend.table, method, args as never);
        if (answer.ok || answer.error.code !== 'needs-attention')
          return `${how.join(', ')}: ${method} was not refused`;
      }
      if (sent.length > 0) return `${how.join(', ')}: sent ${sent.length} request(s)`;
    }
    return null;
  } finally {
    await backend.close();
    await temp.remove();
  }
}

it(`${RUNS} seeded damages: the same settings or a terminal that needs attention`, async () => {
  const { base, only } = replayOptions(19_004);
  const failures: string[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    if (only !== null && index !== only) continue;
    const seed = runSeed(base, index);
    const failure = await oneRun(seed);
    if (failure)
      failures.push(
        `run ${index} (seed ${seed}): ${failure}\n  replay: RELIABILITY_SEED=${base} RELIABILITY_RUN=${index} npx vitest run reliability/settings-damage`,
      );
  }
  expect(failures).toEqual([]);
}, 600_000);
