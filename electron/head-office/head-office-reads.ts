// Which head office a page may read now (docs/head-office.md "How to start it"): `npm run
// head-office` reads the store database with the head-office login it was given; a terminal
// reads it with its own store database login when that login is head office's, and in training
// the practice chain of the catalogue's store case (never a store database: training never uses
// live credentials). The login is asked what it may do before it is read with, and a pool is
// opened for it only once, at the first read.
import type { HeadOfficeRefusal, HeadOfficeSourceKind } from '../../shared/bridge/head-office';
import type { OperationMode } from '../../shared/journal-entry';
import { DEFAULT_TIMEOUTS, type StoreDbTimeouts } from '../store-db/connection';
import { openStoreDbPool, type StoreDbPool } from '../store-db/store-db-pool';
import type { HeadOfficeSource } from './head-office-source';
import { pgHeadOffice } from './pg-head-office';

export type HeadOfficeOpening = {
  kind: HeadOfficeSourceKind;
  mode: OperationMode;
  source: HeadOfficeSource;
};

/** Head office cannot be read here, and why (the page says it in its own words). */
export class HeadOfficeRefused extends Error {
  override readonly name = 'HeadOfficeRefused';
  constructor(readonly reason: HeadOfficeRefusal) {
    super(`head office cannot be read here: ${reason}`);
  }
}

export type HeadOfficeReads = {
  /** The source to read now; throws HeadOfficeRefused, or HeadOfficeUnavailable (no answer). */
  open(): Promise<HeadOfficeOpening>;
  end(): Promise<void>;
};

/** Connections head office keeps: one page's reads, one at a time, and the PDF's beside them. */
const POOL_SIZE = 2;

type Generation = { url: string; pool: StoreDbPool; db: ReturnType<typeof pgHeadOffice> };

/**
 * The store database at `url()` read as head office, in `mode`: its login asked at each open
 * until it answers head office (then trusted for the pool's life: roles change by a technician's
 * hand, and the next start asks again). A changed URL opens a new pool and ends the old one.
 */
export function databaseReads(
  url: () => string | null,
  options: {
    mode?: OperationMode;
    timeouts?: StoreDbTimeouts;
    open?: (url: string) => StoreDbPool;
  } = {},
): HeadOfficeReads {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const open = options.open ?? ((u: string) => openStoreDbPool(u, timeouts, POOL_SIZE));
  let current: (Generation & { allowed: boolean }) | null = null;
  const ended: Promise<void>[] = [];
  return {
    async open() {
      const wanted = url();
      if (!wanted) throw new HeadOfficeRefused('no-database');
      if (current?.url !== wanted) {
        if (current) ended.push(current.pool.end().catch(() => undefined));
        const pool = open(wanted);
        current = { url: wanted, pool, db: pgHeadOffice(pool, timeouts), allowed: false };
      }
      const gen = current;
      if (!gen.allowed) {
        const access = await gen.db.access();
        if (access !== 'head-office') throw new HeadOfficeRefused(access);
        gen.allowed = true;
      }
      return { kind: 'database', mode: options.mode ?? 'live', source: gen.db };
    },
    async end() {
      if (current) ended.push(current.pool.end().catch(() => undefined));
      current = null;
      await Promise.all(ended);
    },
  };
}

/**
 * A terminal's head office: in training the practice chain while a store case is on, never a
 * store database; live, the store database its link uses, read as head office when its login is.
 */
export function terminalReads(options: {
  mode: () => OperationMode;
  practice: () => HeadOfficeSource | null;
  database: HeadOfficeReads;
}): HeadOfficeReads {
  return {
    async open() {
      if (options.mode() === 'training') {
        const practice = options.practice();
        if (!practice) throw new HeadOfficeRefused('no-practice');
        return { kind: 'practice', mode: 'training', source: practice };
      }
      return options.database.open();
    },
    end: () => options.database.end(),
  };
}

/**
 * Whether a terminal's menu offers "Oficina central": its login reads as head office, or it is
 * in training (the page then shows the practice chain, or says to pick its store case in F7). A
 * counter of a store, or a database that did not answer, does not offer it.
 */
export async function headOfficeOffered(reads: HeadOfficeReads): Promise<boolean> {
  try {
    await reads.open();
    return true;
  } catch (error) {
    return error instanceof HeadOfficeRefused && error.reason === 'no-practice';
  }
}
