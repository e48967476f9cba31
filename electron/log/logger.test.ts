// The log never carries a token: keys that name credentials are dropped, and the current token
// string is cut out wherever it appears.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileLogger } from './logger';
import { REDACTED, redactForLog } from './redact';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mostrador-log-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('redactForLog', () => {
  it('drops values under credential-like keys at any depth', () => {
    expect(
      redactForLog(
        {
          token: 'a',
          Authorization: 'Bearer b',
          nested: [{ secret_token: 'c', supervisorPin: '1234', ok: 'fine' }],
          password: 'd',
        },
        [],
      ),
    ).toEqual({
      token: REDACTED,
      Authorization: REDACTED,
      nested: [{ secret_token: REDACTED, supervisorPin: REDACTED, ok: 'fine' }],
      password: REDACTED,
    });
  });

  it('cuts known secrets and bearer values out of every string, keys included', () => {
    const out = redactForLog({ msg: 'sent s3cr3t-value!', 's3cr3t-value': 1, h: 'x Bearer zz9' }, [
      's3cr3t-value',
    ]);
    expect(JSON.stringify(out)).not.toContain('s3cr3t');
    expect(JSON.stringify(out)).not.toContain('zz9');
  });

  it('turns errors into plain data, redacted, and survives cycles', () => {
    const error = new Error('call failed for token-abc-123');
    const cyclic: Record<string, unknown> = { error };
    cyclic.self = cyclic;
    const out = redactForLog(cyclic, ['token-abc-123']) as Record<string, Record<string, unknown>>;
    expect(out.error?.message).toBe(`call failed for ${REDACTED}`);
    expect(String(out.error?.stack)).not.toContain('token-abc-123');
    expect(out.self).toBe('[cycle]');
  });
});

describe('file logger', () => {
  it('writes JSON lines with the protected token removed', async () => {
    const file = join(dir, 'sub', 'app.log');
    const logger = createFileLogger({ file, clock: () => new Date('2026-03-10T15:00:00Z') });
    logger.protect('tok_DISTINCT_123456');
    logger.info('sent request', {
      url: 'https://s.example/x?k=tok_DISTINCT_123456',
      headers: { authorization: 'Bearer tok_DISTINCT_123456' },
    });
    logger.error('failed', { error: new Error('echo tok_DISTINCT_123456') });
    logger.debug('not written at info level');
    const lines = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      at: '2026-03-10T15:00:00.000Z',
      level: 'info',
      msg: 'sent request',
    });
    expect(JSON.stringify(lines)).not.toContain('tok_DISTINCT');
  });

  it('never throws when the file cannot be written', () => {
    const fallback: string[] = [];
    const logger = createFileLogger({
      file: join(dir, 'x\0bad'),
      fallback: (l) => fallback.push(l),
    });
    expect(() => logger.warn('still fine')).not.toThrow();
    expect(fallback).toHaveLength(1);
  });
});
