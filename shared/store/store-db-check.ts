// The answer of "Probar conexión" (docs/store-database.md, "Checking things"):
// each part a clear value, so the screen can say exactly what is wrong.
import { z } from 'zod';
import { StoreDbErrorCategory } from './replication-state';

/** A clock further off than this from the database's is reported (store days, freshness). */
export const MAX_CLOCK_SKEW_MS = 120_000;

export const StoreDbCheck = z.object({
  /** Every part below is right. */
  ok: z.boolean(),
  reachable: z.object({
    ok: z.boolean(),
    category: StoreDbErrorCategory.nullable(),
    server_version: z.string().max(64).nullable(),
  }),
  migrated: z.object({
    ok: z.boolean(),
    /** The database's schema version; null when not reachable or never migrated. */
    version: z.int().nonnegative().nullable(),
    /** The version this app needs at least. */
    required: z.int().positive(),
  }),
  privileges: z.object({
    ok: z.boolean(),
    /** Needed and not granted, e.g. `INSERT journal_lines`. */
    missing: z.array(z.string().max(64)),
    /** Granted and too much for a counter, e.g. `UPDATE journal_lines`, `superuser`. */
    excess: z.array(z.string().max(64)),
  }),
  clock: z.object({
    ok: z.boolean(),
    /** The database's clock minus this counter's, in ms; null when not reachable. */
    skew_ms: z.int().nullable(),
  }),
});
export type StoreDbCheck = z.infer<typeof StoreDbCheck>;
