// The bytes a signed call's HMAC is taken over are the same in the app (batch-signature.ts) and
// in the database (`store_db_batch_message`, made PL/pgSQL by migration 0104 so it is planned
// once per connection): any difference would refuse every counter's calls.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { appendParams, batchMessage, newSigningKey, type SignedBatch } from './batch-signature';
import { closeMessage, markOffMessage } from './close-signature';
import { throwawayStoreDb } from './test-support/store-db-fixture';
import { withClient } from './test-support/with-client';

const db = throwawayStoreDb();

const MESSAGE_SQL = `SELECT store_db_batch_message($1, $2, $3::text[], $4::text[], $5, $6, $7, $8,
  $9, $10, $11, $12::text[], $13::bigint[], $14::text[], $15::bytea[]) AS message`;

const batches: SignedBatch[] = [
  {
    terminalId: 'CAJA0001',
    beat: 1_790_000_000_000,
    stores: [{ store: 'tienda-ñandú', mode: 'live' }],
    terminalName: null,
    appVersion: null,
    timeZone: 'America/Lima',
    journalSeq: 0,
    waiting: 0,
    open: 0,
    signOff: false,
    lines: [],
  },
  {
    terminalId: 'CAJA0002',
    beat: 42,
    stores: [
      { store: 'store-1', mode: 'live' },
      { store: 'store-1-training', mode: 'training' },
    ],
    terminalName: 'Caja «2» 😀',
    appVersion: '0.1.0',
    timeZone: 'America/Lima',
    journalSeq: 12,
    waiting: 3,
    open: 1,
    signOff: true,
    lines: [
      { store: 'store-1', seq: 10, text: '{"seq":10,"note":"a;b:c"}', bytes: null },
      {
        store: 'store-1-training',
        seq: 11,
        text: '{"seq":11,"x":"\uFFFD"}',
        bytes: Buffer.from([0x7b, 0xff, 0x00, 0x7d]),
      },
      { store: 'store-1', seq: 12, text: '', bytes: Buffer.alloc(0) },
    ],
  },
];

describe('the signed call message', () => {
  it('the database builds the same bytes as the app, for odd names, bytes and empty lines', async () => {
    const { ownerUrl } = await db.migratedDatabase();
    const client = new pg.Client({ connectionString: ownerUrl });
    await client.connect();
    try {
      // More than five calls: PL/pgSQL's cached plan is used from the sixth on.
      for (let round = 0; round < 4; round += 1) {
        for (const batch of batches) {
          const params = appendParams(batch, newSigningKey()).slice(0, 15);
          const row = (await client.query<{ message: Buffer }>(MESSAGE_SQL, params)).rows[0];
          expect(row?.message.toString('hex')).toBe(batchMessage(batch).toString('hex'));
        }
      }
    } finally {
      await client.end();
    }
  });
});

describe('the signed close message (migration 0106)', () => {
  it('the database builds the same bytes as the app, for a null cashier, a note and odd names', async () => {
    const { ownerUrl } = await db.migratedDatabase();
    await withClient(ownerUrl, async (client) => {
      for (const close of [
        {
          store: 'tienda-ñandú',
          mode: 'live' as const,
          day: '2026-03-10',
          content: '{"a":"b;1:2"}',
          supervisor: 'Rosa Núñez',
          cashierId: null,
          terminalId: 'CAJA0001',
          note: null,
        },
        {
          store: 'store-1-training',
          mode: 'training' as const,
          day: '2026-12-31',
          content: '{}',
          supervisor: 'R',
          cashierId: 'caja-01',
          terminalId: 'CAJA0002',
          note: 'Caja 3 sin red 😀; revisado',
        },
      ]) {
        // The owner's session may read dates otherwise: the day is written the same either way.
        await client.query(`SET DateStyle = 'SQL, DMY'`);
        const result = await client.query<{ message: Buffer }>(
          `SELECT store_db_close_message($1, $2, $3::date, $4, $5, $6, $7, $8) AS message`,
          [
            close.store,
            close.mode,
            close.day,
            close.content,
            close.supervisor,
            close.cashierId,
            close.terminalId,
            close.note,
          ],
        );
        expect(result.rows[0]?.message.toString('utf8')).toBe(closeMessage(close).toString('utf8'));
      }
    });
  });
});

describe('the signed mark-off message (migration 0108)', () => {
  it('the database builds the same bytes as the app, for odd names, whatever DateStyle', async () => {
    const { ownerUrl } = await db.migratedDatabase();
    await withClient(ownerUrl, async (client) => {
      await client.query(`SET DateStyle = 'SQL, DMY'`);
      const markOff = {
        store: 'tienda-ñandú',
        mode: 'live' as const,
        terminalId: 'CAJA0003',
        day: '2026-03-10',
        supervisor: 'Rosa Núñez 😀',
        byTerminalId: 'CAJA0001',
      };
      const result = await client.query<{ message: Buffer }>(
        'SELECT store_db_mark_off_message($1, $2, $3, $4::date, $5, $6) AS message',
        [
          markOff.store,
          markOff.mode,
          markOff.terminalId,
          markOff.day,
          markOff.supervisor,
          markOff.byTerminalId,
        ],
      );
      expect(result.rows[0]?.message.toString('utf8')).toBe(
        markOffMessage(markOff).toString('utf8'),
      );
    });
  });
});
