import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPgBin } from './pg-cluster';

describe('finding the PostgreSQL server binaries', () => {
  it('a PG_BIN without them is an error that says what to install, never a skip', () => {
    const empty = mkdtempSync(join(tmpdir(), 'no-pg-'));
    try {
      expect(() => findPgBin({ PG_BIN: empty, PATH: '' })).toThrow(/initdb/);
    } finally {
      rmSync(empty, { recursive: true });
    }
  });

  it('finds them on this machine (the database tests need them)', () => {
    expect(findPgBin()).toMatch(/bin$/);
  });
});
