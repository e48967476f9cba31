-- 0001: every counter's journal lines, the counters themselves, and the read view
-- (docs/store-database.md). Applied by `npm run store-db -- migrate --url <owner url>` in one
-- transaction under an advisory lock; never edited once released: a change is a new migration.

-- One row per journal line of any counter of any store. The terminal sends only the key, the
-- store's time zone and the line's exact text; every other column is read from that text here,
-- so the columns can never disagree with the line a counter wrote.
CREATE TABLE journal_lines (
  store text NOT NULL CHECK (length(store) BETWEEN 1 AND 128),
  terminal_id text NOT NULL CHECK (length(terminal_id) BETWEEN 1 AND 64),
  seq bigint NOT NULL CHECK (seq > 0),
  -- The journal line, byte for byte as the counter wrote it (without its newline).
  line text NOT NULL,
  time_zone text NOT NULL,
  type text NOT NULL,
  op_id uuid NOT NULL,
  at timestamptz NOT NULL,
  -- The store's calendar day of `at` in `time_zone`.
  store_day date NOT NULL,
  -- Intent lines only (null on the others).
  mode text CHECK (mode IN ('live', 'training')),
  operation text,
  cashier_id text,
  identity_kind text,
  identity_value text,
  funding_code text,
  billed_cents bigint,
  to_collect_cents bigint,
  -- Outcome lines only.
  status text,
  service_message text,
  -- When the database took the line, by its own clock.
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store, terminal_id, seq)
);

-- Every index leads with the store, so a chain's year of lines costs a store-day read nothing.
CREATE INDEX journal_lines_intent_day ON journal_lines (store, store_day) WHERE type = 'intent';
CREATE INDEX journal_lines_outcome_op ON journal_lines (store, terminal_id, op_id, seq)
  WHERE type = 'outcome';
CREATE INDEX journal_lines_intent_code ON journal_lines (store, funding_code)
  WHERE type = 'intent' AND funding_code IS NOT NULL;

CREATE FUNCTION journal_lines_fill() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  j json := NEW.line::json;
  name text;
BEGIN
  IF (j ->> 'seq')::bigint IS DISTINCT FROM NEW.seq THEN
    RAISE EXCEPTION 'journal line seq % does not match its key seq %', j ->> 'seq', NEW.seq
      USING ERRCODE = 'check_violation';
  END IF;
  NEW.type := j ->> 'type';
  NEW.op_id := (j ->> 'op_id')::uuid;
  NEW.at := (j ->> 'at')::timestamptz;
  NEW.store_day := (NEW.at AT TIME ZONE NEW.time_zone)::date;
  NEW.received_at := now();
  NEW.mode := NULL; NEW.operation := NULL; NEW.cashier_id := NULL; NEW.identity_kind := NULL;
  NEW.identity_value := NULL; NEW.funding_code := NULL; NEW.billed_cents := NULL;
  NEW.to_collect_cents := NULL; NEW.status := NULL; NEW.service_message := NULL;
  IF NEW.type = 'intent' THEN
    name := j ->> 'operation';
    -- Old journals' names, read under the current ones (shared/journal-entry.ts).
    NEW.operation := CASE name
      WHEN 'v3.paid-and-billed' THEN 'v3.paidAndBilled'
      WHEN 'v3.undo-billing' THEN 'v3.undoBilling'
      WHEN 'v2.paid-and-billed' THEN 'v2.paidAndBilled'
      WHEN 'v2.undo-billing' THEN 'v2.undoBilling'
      WHEN 'v2.day-summary' THEN 'v2.daySummary'
      WHEN 'orders.refund-total' THEN 'orders.refundTotal'
      WHEN 'orders.refund-partial' THEN 'orders.refundPartial'
      WHEN 'integration.sale-request' THEN 'integration.saleRequest'
      ELSE name END;
    NEW.mode := j ->> 'mode';
    NEW.cashier_id := j ->> 'cashier_id';
    NEW.identity_kind := j -> 'identity' ->> 'kind';
    NEW.identity_value := j -> 'identity' ->> 'value';
    NEW.funding_code := j ->> 'funding_code';
    NEW.billed_cents := (j ->> 'billed_cents')::bigint;
    NEW.to_collect_cents := (j ->> 'to_collect_cents')::bigint;
    IF NEW.operation IS NULL OR NEW.mode IS NULL OR NEW.cashier_id IS NULL THEN
      RAISE EXCEPTION 'journal intent % lacks operation, mode or cashier', NEW.seq
        USING ERRCODE = 'check_violation';
    END IF;
  ELSIF NEW.type = 'outcome' THEN
    NEW.status := j ->> 'status';
    NEW.service_message := left(CASE json_typeof(j -> 'service_message')
      WHEN 'string' THEN j ->> 'service_message'
      WHEN 'null' THEN NULL
      ELSE (j -> 'service_message')::text END, 4096);
    IF NEW.status NOT IN ('succeeded', 'refused', 'unknown') OR NEW.status IS NULL THEN
      RAISE EXCEPTION 'journal outcome % has no known status', NEW.seq
        USING ERRCODE = 'check_violation';
    END IF;
  ELSIF NEW.type NOT IN ('attempt', 'note') OR NEW.type IS NULL THEN
    RAISE EXCEPTION 'journal line % has no known type', NEW.seq USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER journal_lines_fill BEFORE INSERT ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_lines_fill();

-- The operations of each counter still without a definite answer, kept as lines arrive (a
-- counter sends its lines in order: an intent always before its outcomes), so freshness and the
-- cross-counter check never fold a year of lines to find them.
CREATE TABLE open_operations (
  store text NOT NULL,
  terminal_id text NOT NULL,
  op_id uuid NOT NULL,
  mode text NOT NULL,
  operation text NOT NULL,
  funding_code text,
  seq bigint NOT NULL,
  started_at timestamptz NOT NULL,
  PRIMARY KEY (store, terminal_id, op_id)
);
CREATE INDEX open_operations_code ON open_operations (store, funding_code)
  WHERE funding_code IS NOT NULL;

CREATE FUNCTION journal_lines_track_open() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NEW.type = 'intent' THEN
    INSERT INTO public.open_operations
      (store, terminal_id, op_id, mode, operation, funding_code, seq, started_at)
    VALUES (NEW.store, NEW.terminal_id, NEW.op_id, NEW.mode, NEW.operation, NEW.funding_code,
      NEW.seq, NEW.at)
    ON CONFLICT DO NOTHING;
  ELSIF NEW.type = 'outcome' AND NEW.status IN ('succeeded', 'refused') THEN
    DELETE FROM public.open_operations
      WHERE store = NEW.store AND terminal_id = NEW.terminal_id AND op_id = NEW.op_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER journal_lines_track_open AFTER INSERT ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_lines_track_open();

-- Each counter as it last reached the database (a batch or a heartbeat), per store and mode.
CREATE TABLE terminals (
  store text NOT NULL CHECK (length(store) BETWEEN 1 AND 128),
  mode text NOT NULL CHECK (mode IN ('live', 'training')),
  terminal_id text NOT NULL CHECK (length(terminal_id) BETWEEN 1 AND 64),
  terminal_name text CHECK (length(terminal_name) BETWEEN 1 AND 32),
  app_version text CHECK (length(app_version) <= 32),
  -- By the database's clock, never the counter's.
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (store, mode, terminal_id)
);

-- The only way a counter writes `terminals`: it cannot set another time than the database's.
CREATE FUNCTION store_db_heartbeat(
  p_store text, p_mode text, p_terminal_id text, p_terminal_name text, p_app_version text
) RETURNS timestamptz
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  INSERT INTO public.terminals AS t
    (store, mode, terminal_id, terminal_name, app_version, last_seen_at)
  VALUES (p_store, p_mode, p_terminal_id, p_terminal_name, p_app_version, now())
  ON CONFLICT (store, mode, terminal_id) DO UPDATE
    SET terminal_name = excluded.terminal_name,
        app_version = excluded.app_version,
        last_seen_at = excluded.last_seen_at
  RETURNING last_seen_at
$$;

-- One row per operation of any counter: its intent and its deciding outcome (the first definite
-- one, else the latest unknown one), as the journal folds it. The columns are documented in
-- docs/store-database.md and match shared/store/store-operation.ts (StoreOperationRow).
CREATE VIEW store_operations AS
SELECT
  i.store,
  i.mode,
  i.terminal_id,
  t.terminal_name,
  i.op_id,
  i.operation,
  coalesce(d.status, 'pending') AS status,
  i.identity_kind,
  i.identity_value,
  i.funding_code,
  i.cashier_id,
  i.billed_cents,
  CASE WHEN d.status = 'succeeded' AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')
    THEN i.to_collect_cents END AS collected_cents,
  i.store_day,
  i.at AS started_at,
  d.at AS resolved_at,
  d.service_message
FROM journal_lines i
LEFT JOIN terminals t
  ON t.store = i.store AND t.mode = i.mode AND t.terminal_id = i.terminal_id
LEFT JOIN LATERAL (
  SELECT o.status, o.at, o.service_message
  FROM journal_lines o
  WHERE o.store = i.store AND o.terminal_id = i.terminal_id AND o.op_id = i.op_id
    AND o.type = 'outcome'
  ORDER BY (o.status <> 'unknown') DESC,
    CASE WHEN o.status <> 'unknown' THEN o.seq ELSE -o.seq END
  LIMIT 1
) d ON true
WHERE i.type = 'intent';

-- The counters' role: a store grants it to one login user per counter. It may add lines and read,
-- never change or remove one: a counter cannot rewrite the store's history.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'mostrador_terminal') THEN
    CREATE ROLE mostrador_terminal NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  -- Another database of this server created it at the same moment.
  NULL;
END $$;

GRANT USAGE ON SCHEMA public TO mostrador_terminal;
GRANT SELECT, INSERT ON journal_lines TO mostrador_terminal;
GRANT SELECT ON terminals, open_operations, store_operations, store_db_migrations
  TO mostrador_terminal;
REVOKE ALL ON FUNCTION store_db_heartbeat(text, text, text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION store_db_heartbeat(text, text, text, text, text) TO mostrador_terminal;
REVOKE ALL ON FUNCTION journal_lines_track_open() FROM PUBLIC;
