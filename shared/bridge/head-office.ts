// Bridge methods of the head-office page (docs/head-office.md): the chain at a glance, one store's
// day, and the chain's day on one A4 page. Read only: none of them writes anything anywhere.
// Served by `npm run head-office` (its own handler table, nothing else) and by a terminal whose
// store database login is head office's, or in training by the practice chain. Like the store
// close's, these schemas load with their page (renderer/head-office/), not the counter's chunk.
import { z } from 'zod';
import { IsoDate } from '../api/common';
import { ChainGrid, StoreDay } from '../head-office/chain';
import { Language } from './settings';

/** Where the page's figures come from: the chain's store database, or training's practice chain. */
export const HeadOfficeSourceKind = z.enum(['database', 'practice']);
export type HeadOfficeSourceKind = z.infer<typeof HeadOfficeSourceKind>;

/**
 * Why head office cannot read (`issues.head_office` of a `not-available` error):
 * - `no-database`: this terminal has no store database set;
 * - `not-head-office`: its login is not head office's (`store-db add-login --head-office`);
 * - `can-write`: the login can write (an owner's, a counter's): head office reads only with a
 *   login that cannot;
 * - `not-migrated`: the database has no head office's functions (`store-db migrate`);
 * - `no-practice`: training, and no store case of the catalogue is on (F7).
 * A database that did not answer says its category in `issues.store_db` instead.
 */
export const HeadOfficeRefusal = z.enum([
  'no-database',
  'not-head-office',
  'can-write',
  'not-migrated',
  'no-practice',
]);
export type HeadOfficeRefusal = z.infer<typeof HeadOfficeRefusal>;

/** The grid's days: 14 by default (docs/head-office.md), at most a month. */
export const GRID_DAYS = 14;

/** What the printed chain's day is filtered by, as the page filters it. */
export const GridFilterArgs = z.strictObject({
  region: z.string().trim().min(1).max(80).nullable(),
  text: z.string().max(80),
});

export const headOfficeMethods = {
  'headOffice.grid': {
    args: z.strictObject({ days: z.int().min(1).max(31).optional() }),
    result: z.object({ source: HeadOfficeSourceKind, grid: ChainGrid }),
  },
  'headOffice.day': {
    args: z.strictObject({ store: z.string().min(1).max(128), day: IsoDate }),
    result: z.object({ source: HeadOfficeSourceKind, day: StoreDay }),
  },
  /**
   * The chain's day on one A4 page (the printing pipeline: shared/receipt blocks → pdfkit),
   * handed to the page to save: head office keeps no files.
   */
  'headOffice.pdf': {
    args: z.strictObject({
      day: IsoDate,
      language: Language,
      filter: GridFilterArgs.optional(),
    }),
    result: z.object({
      file_name: z.string().regex(/^[A-Za-z0-9._-]{1,120}\.pdf$/),
      pdf_base64: z.string().max(8 * 1024 * 1024),
      pages: z.int().positive(),
    }),
  },
} as const;
