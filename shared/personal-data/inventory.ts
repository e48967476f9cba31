// Every place Mostrador writes a person's data: a customer's identity (DNI or RUC, an online
// order's `customer_data`, a voucher's customer), a cashier's code and a supervisor's name
// (docs/personal-data.md, issue 37). One registry: docs/personal-data.md's table is written from
// it (`npx tsx scripts/personal-data-doc.ts`), and tests fail when a schema of shared/, a column
// or read of the store database, names a person's data that no entry here covers
// (shared/personal-data/inventory.test.ts, electron/store-db/personal-data-inventory.test.ts).
//
// `covers` are the places the tests find, as patterns (`*` is any text):
// - `schema:<file>#<Export>.<path>`: a key of an exported zod schema of shared/;
// - `bridge:<method>.args|result.<path>`, `service:<endpoint>.body|query|response.<path>`,
//   `integration:<endpoint>.…`: a key of a bridge method's, the service's or the till's API's
//   own schema (where it is not an exported one);
// - `sql:<table or view>.<column>`, `sql:function <name>`: the store database's.

export type PersonalDataKind = 'customer' | 'cashier' | 'supervisor';

export type PersonalDataPlace = {
  /** Stable id: named in docs/personal-data.md. */
  id: string;
  /** Whose data. */
  whose: PersonalDataKind;
  /** Where it is written, in words. */
  where: string;
  /** Who can read it there. */
  readers: string;
  /** How long it is kept whole. */
  kept: string;
  /** How it is removed (masked, erased, or what must be done by hand). */
  removed: string;
  /** The code that writes it (a path in this repository). */
  source: string;
  covers: readonly string[];
};

const MASKED_PAPER =
  'Not kept by Mostrador: what was printed or saved is the store’s (shred or delete it under the store’s policy).';

export const PERSONAL_DATA_INVENTORY: readonly PersonalDataPlace[] = [
  // ---- the counter ----
  {
    id: 'counter.journal',
    whose: 'customer',
    where:
      'The counter’s journal (`journal.jsonl` in its data folder): each operation’s intent (`identity`, the request’s `dni`/`ruc`, an order’s `customer_data`, a voucher’s customer), the service’s answers that echo them, held-money notes.',
    readers:
      'The app (main process); the renderer through the bridge; anyone with access to the data folder (the OS account running Mostrador).',
    kept: 'With a store database: until every line of the operation is in the database and its day has ended. Without one: `identity_retention_days` (90 by default, 7–3650, Settings → Datos personales). Never masked while the operation has no definite answer, holds money for a refused sale, or has an answer still to tell the cashier.',
    removed:
      'Masked in place (`*****678`, same bytes, every seq, outcome and amount kept) by the counter itself every hour, and at once by a supervisor’s erasure (Settings → Datos personales) or an erasure notice from the store database.',
    source: 'electron/journal/mask-in-place.ts',
    covers: ['schema:shared/journal-entry.ts#IntentEntry.identity'],
  },
  {
    id: 'counter.journal.cashier',
    whose: 'cashier',
    where:
      'The journal: each intent’s `cashier_id` (the cashier code), and an undo’s `meta.supervisor_id`.',
    readers: 'As the journal.',
    kept: 'As long as the journal: it is the drawer’s record (who collected what).',
    removed: 'Not masked: the figures of a drawer need it. Removed with the journal file.',
    source: 'electron/journal/journal.ts',
    covers: [
      'schema:shared/journal-entry.ts#IntentEntry.cashier_id',
      'schema:shared/journal-entry.ts#IntentMeta.supervisor_id',
    ],
  },
  {
    id: 'counter.settings',
    whose: 'cashier',
    where: 'The counter’s `settings.json`: the cashier code of the shift in progress.',
    readers: 'The app; the OS account.',
    kept: 'Until the shift ends (the next cashier’s code replaces it).',
    removed: 'Replaced at each shift start; no customer data is ever written there.',
    source: 'electron/settings/stored-settings.ts',
    covers: [
      'schema:shared/bridge/settings.ts#Settings.cashier_id',
      'bridge:shift.start.args.cashier_id',
    ],
  },
  {
    id: 'counter.screens',
    whose: 'customer',
    where:
      'The counter’s screens and the bridge between its window and the main process: the sale being served (Verify, Info, undo), the open-operations tray, money held, announcements, the till’s queued requests, F6’s reconciliation, the training catalogue’s cases.',
    readers: 'The cashier and the supervisor at that counter.',
    kept: 'While on screen (memory of the window only; nothing in the browser’s storage).',
    removed:
      'Leaves with the screen. Once masked in the journal, the screens show the mask (`*****678`).',
    source: 'renderer/stores/sale-store.ts',
    covers: [
      'bridge:v3.verify.args.identity',
      'bridge:v2.info.args.identity',
      'bridge:v3.undoBilling.args.identity',
      'bridge:v2.undoBilling.args.identity',
      'schema:shared/bridge/held-money.ts#HeldMoney.identity',
      'schema:shared/bridge/held-money.ts#HeldMoney.cashier_id',
      'schema:shared/bridge/integration.ts#QueuedRequest.identity*',
      'schema:shared/bridge/orders.ts#OrderCustomer.dni',
      'schema:shared/api/trainer.ts#Scenario.identity*',
      'schema:shared/store/code-across-counters.ts#CounterCodeFinding.cashier_id',
    ],
  },
  {
    id: 'counter.erasure',
    whose: 'customer',
    where:
      'A supervisor’s look-up and erasure at a counter (Settings → Datos personales): the DNI or RUC typed, the supervisor’s name.',
    readers: 'The supervisor; the store database records the look-up (see `store.identity_reads`).',
    kept: 'The DNI only in the form until the erasure; answers carry its mask.',
    removed:
      'Cleared from the form when erased. The log records counts and the mask, never the DNI.',
    source: 'electron/ipc/handlers/personal-data-handlers.ts',
    covers: ['bridge:customer.*.args.identity', 'bridge:customer.*.args.supervisor'],
  },
  {
    id: 'counter.log',
    whose: 'customer',
    where:
      'The counter’s log (`mostrador.log`): operation ids, categories and counts; an erasure logs the mask.',
    readers: 'The app; the OS account; a technician the store sends it to.',
    kept: 'As long as the log file.',
    removed: 'No DNI, RUC or customer data is written to it by design (secrets are redacted too).',
    source: 'electron/log/logger.ts',
    covers: [],
  },
  // ---- what the counter sends out ----
  {
    id: 'service.requests',
    whose: 'customer',
    where:
      'The financing service: every Verify, Info, paid-and-billed and undo carries the DNI or RUC and the cashier code; orders carry `customer_data` and the customer’s payments; vouchers the customer’s DNI and name; the day summary answers every customer’s DNI.',
    readers: 'The financing service (its own controller of that data).',
    kept: 'By the service, under its own policy.',
    removed:
      'Not reached by Mostrador: the customer asks the service. The supervisor is told so at every erasure.',
    source: 'electron/service/service-client.ts',
    covers: [
      'schema:shared/api/in-store.ts#*',
      'schema:shared/api/order-create.ts#*',
      'schema:shared/api/orders.ts#Order.customer_data',
      'schema:shared/api/vouchers.ts#*',
    ],
  },
  {
    id: 'service.mock',
    whose: 'customer',
    where:
      'The training mock (training mode, `npm run mock`): its seeded cases and whatever a class types, in memory and in the sandbox’s state file.',
    readers: 'The class; the integrator using the sandbox.',
    kept: 'Until the trainer resets it.',
    removed: 'Training uses made-up DNIs (41000001…); a reset empties it.',
    source: 'electron/mock/trainer/scenario-defs.ts',
    covers: ['schema:shared/api/trainer.ts#FundingSeedBody.*'],
  },
  {
    id: 'till.api',
    whose: 'customer',
    where:
      'The till’s integration API (127.0.0.1): the sale request the store’s invoicing system sends (DNI or RUC), journaled, and its state read back.',
    readers: 'The till that holds the key; the counter (the journal).',
    kept: 'As the journal (the request is an intent of it).',
    removed: 'Masked with the journal.',
    source: 'electron/integration/api-routes.ts',
    covers: ['schema:shared/integration/sale-request.ts#*'],
  },
  // ---- paper and files ----
  {
    id: 'paper.counter',
    whose: 'customer',
    where:
      'The counter’s paper: the day summary’s 80 mm and A4 (open operations, money held, the reconciliation, the service’s rows) and the sale and undo records.',
    readers: 'Whoever holds the paper.',
    kept: MASKED_PAPER,
    removed: 'Printed masked (`*****678`); the cashier code is printed whole.',
    source: 'shared/receipt/day-close.ts',
    covers: [],
  },
  {
    id: 'export.day-summary',
    whose: 'customer',
    where: 'The day summary’s CSV (F6 → CSV).',
    readers: 'Whoever holds the file.',
    kept: MASKED_PAPER,
    removed: 'Written masked.',
    source: 'renderer/logic/summary-csv.ts',
    covers: [],
  },
  {
    id: 'paper.store-close',
    whose: 'customer',
    where:
      'The store close’s screen, 80 mm, A4 and CSV: exceptions name their customer; the draft on screen shows the DNI whole (the supervisor balances now), the closed record and everything printed or exported show masks.',
    readers: 'The supervisor; whoever holds the paper or file.',
    kept: MASKED_PAPER,
    removed: 'The close record is kept masked (see `store.closes`); paper and files are masked.',
    source: 'shared/receipt/store-close.ts',
    covers: [
      'schema:shared/store/close-record.ts#CloseException.identity',
      'schema:shared/store/close-record.ts#ServiceRow.dni',
    ],
  },
  // ---- the store database ----
  {
    id: 'store.lines',
    whose: 'customer',
    where:
      'The store database’s `journal_lines`: each counter’s lines byte for byte (`line`, and `line_bytes` for lines that were not valid UTF-8), the intent’s `identity_value`; the view `store_operations`.',
    readers:
      'The owner; each store’s login its own store’s rows (row-level security); counters through signed reads of their own store; never head office.',
    kept: 'The owner’s retention (`store-db retention`, 90 days by default, 7–3650), counted by the operation’s store day.',
    removed:
      'Masked in place (`store_db_mask_text`: every identity string, same text otherwise, `masked_at` set, `line_bytes` dropped) after each store close for that store’s days past the retention, by `store-db forget --before DAY`, and on an erasure.',
    source: 'electron/store-db/migrations/0115-personal-data.sql',
    covers: [
      'sql:journal_lines.line',
      'sql:journal_lines.line_bytes',
      'sql:journal_lines.identity_value',
      'sql:store_operations.identity_value',
      'schema:shared/store/store-operation.ts#StoreOperationRow.identity_value',
      'sql:function store_db_read_day',
      'sql:function store_db_read_held',
      'sql:function store_db_read_code',
      'sql:function store_db_mask_day',
      'sql:function store_db_forget_identity',
      'sql:function store_db_replace_identities',
      'sql:function store_db_identity_strings',
      'sql:function store_db_line_identity_ref',
      'sql:function store_db_masks_on_arrival',
      'sql:function journal_line_columns',
      'sql:function journal_lines_fill',
      'sql:function store_db_append',
    ],
  },
  {
    id: 'store.pseudonyms',
    whose: 'customer',
    where:
      'The customer’s pseudonym (`identity_ref`: `r1:` and 32 hex digits of an HMAC-SHA256 under the database’s own key, `personal_data_policy.identity_key`) on every intent that names one; the day’s and codes’ reads carry it.',
    readers: 'As `journal_lines`; the key itself only the owner’s functions (no login reads it).',
    kept: 'With the line: it is what still matches a customer across counters and days once the DNI is masked.',
    removed:
      'It names no one without the key: deleting the key (`personal_data_policy`) makes every pseudonym anonymous at once.',
    source: 'electron/store-db/migrations/0115-personal-data.sql',
    covers: [
      'sql:journal_lines.identity_ref',
      'sql:store_operations.identity_ref',
      'schema:shared/store/store-operation.ts#StoreOperationRow.identity_ref',
      'sql:function store_db_read_codes_before',
      'sql:function store_db_day_figures',
      'sql:function store_db_identity_ref',
      'sql:function store_db_customer_ops',
    ],
  },
  {
    id: 'store.cashiers',
    whose: 'cashier',
    where:
      'The store database: each intent’s `cashier_id` (`journal_lines`, `store_operations`), each counter’s and cashier’s figures in a close, head office’s reads of them.',
    readers: 'As `journal_lines`; head office reads cashier codes with the figures.',
    kept: 'With the figures: a drawer is balanced by them.',
    removed: 'Not masked.',
    source: 'electron/store-db/migrations/0001-journal-lines.sql',
    covers: [
      'sql:journal_lines.cashier_id',
      'sql:store_operations.cashier_id',
      'schema:shared/store/store-operation.ts#StoreOperationRow.cashier_id',
      'schema:shared/store/close-record.ts#CashierSplit.cashier_id',
      'schema:shared/store/close-record.ts#CloseException.cashier_id',
      'schema:shared/store/close-record.ts#CloseException.cashiers',
      'schema:shared/store/close-record.ts#CounterClose.*',
      'schema:shared/store/close-record.ts#CloseContent.closed.cashier_id',
      'schema:shared/head-office/*',
    ],
  },
  {
    id: 'store.closes',
    whose: 'customer',
    where:
      'The store database’s `store_day_closes.content`: a close names the customers of its exceptions and the service’s rows. From migration 0115 on, the database writes them masked before it hashes the content (the draft the supervisor sees on screen names them whole); a close kept before 0115 is masked when its day passes the retention or on an erasure, its hash computed again and the printed one kept (`sha256_as_printed`).',
    readers:
      'The owner; the store’s login and counters (their own store); head office without identities.',
    kept: 'Never whole from 0115 on; earlier closes until their day passes the retention.',
    removed: 'Masked in place (`store_db_mask_close`).',
    source: 'electron/store-db/migrations/0115-personal-data.sql',
    covers: [
      'sql:store_day_closes.content',
      'sql:function store_db_read_close',
      'sql:function store_db_mask_close',
      'sql:function store_db_canonical_json',
      'sql:function store_db_close_summary',
      'sql:function store_db_without_identities',
      'sql:function store_db_close_day',
      'sql:function store_db_head_office_day',
    ],
  },
  {
    id: 'store.supervisors',
    whose: 'supervisor',
    where:
      'Supervisors’ names typed at a PIN screen: who closed a day (`store_day_closes.closed_by`, the close’s `closed.supervisor`), who marked a counter off (`terminals.off_by`, the close’s `marked_off`), who erased or looked a customer up (`erasures.supervisor`, `identity_reads.supervisor`).',
    readers: 'The owner; the store’s login and counters; head office (who closed).',
    kept: 'With the record they sign: who is accountable for it.',
    removed: 'Not masked.',
    source: 'electron/store-db/migrations/0103-close-by-database.sql',
    covers: [
      'sql:store_day_closes.closed_by',
      'sql:store_day_closes.summary',
      'sql:terminals.off_by',
      'sql:store_counters.off_by',
      'sql:erasures.supervisor',
      'sql:identity_reads.supervisor',
      'schema:shared/store/close-record.ts#CloseContent.closed.supervisor',
      'schema:shared/store/close-record.ts#MarkedOff.supervisor',
      'schema:shared/store/store-operation.ts#CounterFreshness.off_by',
      'bridge:storeClose.*.args.supervisor',
      'sql:function store_db_read_standing',
      'sql:function store_db_mark_off',
    ],
  },
  {
    id: 'store.identity_reads',
    whose: 'customer',
    where:
      'A supervisor’s look-up or erasure of a customer at a counter (`identity_reads`): when, which counter, which login, the supervisor, the customer’s pseudonym — never the DNI.',
    readers: 'The owner only.',
    kept: 'As the store keeps its audit trail (the owner deletes old rows by hand).',
    removed: 'By the owner (`DELETE FROM identity_reads WHERE at < …`).',
    source: 'electron/store-db/migrations/0115-personal-data.sql',
    covers: ['sql:identity_reads.ref', 'sql:function store_db_personal_data'],
  },
  {
    id: 'store.erasure_notices',
    whose: 'customer',
    where:
      'An erasure’s notice to each counter of the store (`erasure_notices`): its operations, the customer’s codes, their mask and pseudonym, so lines still on their way are masked as they arrive.',
    readers: 'The owner; each counter its own notices (signed), without the pseudonym.',
    kept: 'Until that counter says it masked its journal.',
    removed: 'Deleted by the counter’s answer; once every counter answered, nothing says whose.',
    source: 'electron/store-db/migrations/0115-personal-data.sql',
    covers: ['sql:erasure_notices.ref', 'sql:erasure_notices.mask'],
  },
  {
    id: 'store.backups',
    whose: 'customer',
    where: 'Backups of the store database (`pg_dump`, the server’s own).',
    readers: 'Whoever the store gives them to.',
    kept: 'As long as the store keeps them.',
    removed:
      'Not reached by Mostrador: a restored backup holds what was whole when it was taken; run `store-db forget --before` after a restore.',
    source: 'docs/store-database.md',
    covers: [],
  },
];
