// `npm run head-office`'s server in process (docs/head-office.md "How to start it"): browser
// mode's own server (guard, CSP, one-time launch link, session cookie) serving head office's page
// at `/`, its bridge answering head office's reads and nothing else, and a login that cannot be
// read with refused before anything listens.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChainGrid } from '../../shared/head-office/chain';
import { makeTempDir } from '../journal/test-support';
import { createMemoryLogger } from '../log/logger';
import { CONTENT_SECURITY_POLICY } from '../web/security-headers';
import { openSession, raw, writeRendererFixture } from '../web/test-support';
import { type HeadOfficeReads, HeadOfficeRefused } from './head-office-reads';
import {
  HEAD_OFFICE_PAGE,
  type HeadOfficeServer,
  startHeadOfficeServer,
} from './head-office-server';

const GRID: ChainGrid = { as_of: '2026-03-10T15:00:00.000Z', mode: 'live', days: 14, stores: [] };
const PAGE = '<!doctype html><title>Oficina central</title><div id="root"></div>';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let server: HeadOfficeServer | null = null;
const logger = createMemoryLogger();
let asked: string[] = [];

const reads: HeadOfficeReads = {
  open: async () => ({
    kind: 'database',
    mode: 'live',
    source: {
      grid: async (q) => {
        asked.push(`grid ${q.mode} ${q.days}`);
        return GRID;
      },
      day: async () => null,
    },
  }),
  end: async () => undefined,
};

beforeEach(async () => {
  asked = [];
  temp = await makeTempDir();
  await writeRendererFixture(temp.dir);
  await writeFile(join(temp.dir, HEAD_OFFICE_PAGE), PAGE);
});
afterEach(async () => {
  await server?.close();
  server = null;
  await temp.remove();
});

const start = async (given: HeadOfficeReads = reads) => {
  server = await startHeadOfficeServer({
    url: 'postgres://oficina@127.0.0.1/cadena',
    port: 0,
    logger,
    rendererDir: temp.dir,
    reads: given,
  });
  return server;
};

const bridge = (s: HeadOfficeServer, method: string, headers: Record<string, string>) =>
  raw(s.port, {
    method: 'POST',
    path: `/bridge/${method}`,
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  });

describe('the head-office server', () => {
  it('serves head office’s page at / behind the one-time launch link, with the strict CSP', async () => {
    const s = await start();
    expect(s.url).toBe(`http://127.0.0.1:${s.port}/`);
    for (const path of ['/', '/index.html', '/cadena']) {
      const page = await raw(s.port, { path });
      expect(page.status, path).toBe(200);
      expect(page.body).toBe(PAGE);
      expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    }
    // Another Host (DNS rebinding) is refused, as in browser mode.
    const rebound = await raw(s.port, { path: '/', headers: { host: 'evil.example:80' } });
    expect(rebound.status).toBe(403);
    const cookie = await openSession(s);
    // The link works once: again, without the session, it says how to get a new one.
    const { pathname, search } = new URL(s.launchUrl);
    const again = await raw(s.port, { path: `${pathname}${search}` });
    expect(again.status).toBe(403);
    expect(again.body).toContain('npm run head-office');
    // The page's session calls head office with its own Origin; nothing calls without it.
    const origin = `http://127.0.0.1:${s.port}`;
    const answer = await bridge(s, 'headOffice.grid', { cookie, origin });
    expect(JSON.parse(answer.body)).toEqual({
      ok: true,
      result: { source: 'database', grid: GRID },
    });
    expect(asked).toEqual(['grid live 14']);
    expect((await bridge(s, 'headOffice.grid', { origin })).status).toBe(403);
    expect(
      (await bridge(s, 'headOffice.grid', { cookie, origin: 'https://evil.example' })).status,
    ).toBe(403);
  });

  it('answers nothing but head office: no settings, no sale, no token', async () => {
    const s = await start();
    for (const method of [
      'settings.get',
      'v3.verify',
      'token.status',
      'training.reset',
      'app.info',
    ]) {
      const answer = JSON.parse((await bridge(s, method, { 'x-mostrador-secret': s.secret })).body);
      expect(answer, method).toMatchObject({ ok: false });
      expect(['not-available', 'bad-arguments']).toContain(answer.error.code);
    }
    expect(asked).toEqual([]);
  });

  it('does not listen for a login it may not read with', async () => {
    const refusing: HeadOfficeReads = {
      open: async () => {
        throw new HeadOfficeRefused('can-write');
      },
      end: async () => undefined,
    };
    await expect(start(refusing)).rejects.toBeInstanceOf(HeadOfficeRefused);
    expect(server).toBeNull();
  });
});
