-- 0113: head office reads the chain (docs/head-office.md, docs/store-database.md "Walls between
-- stores"): every store's close and day figures, exceptions first, never a customer's DNI, never
-- a write. The head-office role (0110) gets functions, never a table:
-- - `stores`: each store's name and region, as the owner sets them (`store-db store`);
-- - `store_day_totals`: each store day's figures kept as its lines arrive (in the trigger that
--   already keeps `open_operations`), so the chain's grid reads a row per store day, never a
--   scan of a year's lines; `store_db_rebuild_day_totals(from)` recomputes them for a technician
--   (and for lines loaded with the triggers off);
-- - `store_day_closes.summary`: what the grid needs of a close (totals, exceptions, money at
--   stake, who), kept beside its content when it is written, so the grid never parses a close;
-- - `store_db_head_office_grid` and `store_db_head_office_day`: the page's two reads, as JSON,
--   with every identity left out (a close's exceptions and the service's rows lose their DNI).
-- Safe on a live store: new tables and columns; the day totals of the last 31 days are filled
-- under a SHARE lock on journal_lines (the counters' lines wait, seconds for a store, and are
-- sent after), older days are read from their closes.

DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'mostrador_head_office') THEN
    CREATE ROLE mostrador_head_office NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END $$;

CREATE TABLE stores (
  store text PRIMARY KEY CHECK (length(store) BETWEEN 1 AND 128),
  name text CHECK (length(name) BETWEEN 1 AND 80),
  region text CHECK (length(region) BETWEEN 1 AND 80),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL DEFAULT session_user
);
REVOKE ALL ON stores FROM PUBLIC;

-- Each store day's figures, per mode, as the lines arrive: an intent counts as an operation (and
-- as open unless it only reads the service); its first definite answer closes it and counts a
-- sale billed (with the down payment collected), an undo, or a refusal, on its intent's day.
-- The same fold as `store_db_day_figures`, less what needs the whole day at once (the money set
-- apart by later undos, the cashiers), which the drill-down reads from the day itself.
CREATE TABLE store_day_totals (
  store text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('live', 'training')),
  store_day date NOT NULL,
  operations integer NOT NULL DEFAULT 0,
  billed integer NOT NULL DEFAULT 0,
  undone integer NOT NULL DEFAULT 0,
  refused integer NOT NULL DEFAULT 0,
  collected_cents bigint NOT NULL DEFAULT 0,
  open integer NOT NULL DEFAULT 0,
  -- When the database took the day's last intent or definite answer, by its clock: a close
  -- recorded before it has lines after the close.
  last_received_at timestamptz NOT NULL,
  PRIMARY KEY (store, mode, store_day)
);
REVOKE ALL ON store_day_totals FROM PUBLIC;

CREATE OR REPLACE FUNCTION journal_lines_track_open() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  o public.open_operations;
  i record;
  reads boolean;
BEGIN
  IF NEW.type = 'intent' THEN
    INSERT INTO public.open_operations
      (store, terminal_id, op_id, mode, operation, funding_code, seq, started_at)
    VALUES (NEW.store, NEW.terminal_id, NEW.op_id, NEW.mode, NEW.operation, NEW.funding_code,
      NEW.seq, NEW.at)
    ON CONFLICT DO NOTHING;
    IF FOUND THEN
      reads := EXISTS (SELECT FROM public.read_operations r WHERE r.operation = NEW.operation);
      INSERT INTO public.store_day_totals AS t (store, mode, store_day, operations, open,
        last_received_at)
      VALUES (NEW.store, NEW.mode, NEW.store_day, 1, CASE WHEN reads THEN 0 ELSE 1 END,
        NEW.received_at)
      ON CONFLICT (store, mode, store_day) DO UPDATE
        SET operations = t.operations + 1, open = t.open + excluded.open,
          last_received_at = greatest(t.last_received_at, excluded.last_received_at);
    END IF;
  ELSIF NEW.type = 'outcome' AND NEW.status IN ('succeeded', 'refused') THEN
    DELETE FROM public.open_operations
      WHERE store = NEW.store AND terminal_id = NEW.terminal_id AND op_id = NEW.op_id
      RETURNING * INTO o;
    IF FOUND THEN
      -- Its first definite answer: counted on its intent's day.
      SELECT j.store_day, j.to_collect_cents INTO i FROM public.journal_lines j
        WHERE j.store = o.store AND j.terminal_id = o.terminal_id AND j.seq = o.seq;
      reads := EXISTS (SELECT FROM public.read_operations r WHERE r.operation = o.operation);
      UPDATE public.store_day_totals t SET
        open = t.open - CASE WHEN reads THEN 0 ELSE 1 END,
        billed = t.billed + CASE WHEN NEW.status = 'succeeded'
          AND o.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled') THEN 1 ELSE 0 END,
        collected_cents = t.collected_cents + CASE WHEN NEW.status = 'succeeded'
          AND o.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')
          THEN coalesce(i.to_collect_cents, 0) ELSE 0 END,
        undone = t.undone + CASE WHEN NEW.status = 'succeeded'
          AND o.operation IN ('v3.undoBilling', 'v2.undoBilling') THEN 1 ELSE 0 END,
        refused = t.refused + CASE WHEN NEW.status = 'refused' AND o.operation IN
          ('v3.paidAndBilled', 'v2.paidAndBilled', 'v3.undoBilling', 'v2.undoBilling')
          THEN 1 ELSE 0 END,
        last_received_at = greatest(t.last_received_at, NEW.received_at)
      WHERE t.store = o.store AND t.mode = o.mode AND t.store_day = i.store_day;
    END IF;
  END IF;
  RETURN NULL;
END $$;

-- Recomputes the day totals from `p_from` on, from the lines (a technician's repair, and the
-- figures of lines loaded with the triggers off). Owner only.
CREATE FUNCTION store_db_rebuild_day_totals(p_from date) RETURNS integer
LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  n integer;
BEGIN
  DELETE FROM public.store_day_totals WHERE store_day >= p_from;
  INSERT INTO public.store_day_totals (store, mode, store_day, operations, billed, undone,
    refused, collected_cents, open, last_received_at)
  SELECT o.store, o.mode, o.store_day, count(*),
    count(*) FILTER (WHERE o.status = 'succeeded'
      AND o.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')),
    count(*) FILTER (WHERE o.status = 'succeeded'
      AND o.operation IN ('v3.undoBilling', 'v2.undoBilling')),
    count(*) FILTER (WHERE o.status = 'refused' AND o.operation IN
      ('v3.paidAndBilled', 'v2.paidAndBilled', 'v3.undoBilling', 'v2.undoBilling')),
    coalesce(sum(o.collected_cents) FILTER (WHERE o.status = 'succeeded'
      AND o.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')), 0),
    count(*) FILTER (WHERE o.status IN ('pending', 'unknown')
      AND o.operation NOT IN (SELECT r.operation FROM public.read_operations r)),
    max(greatest(o.received_at, coalesce(o.resolved_received_at, o.received_at)))
  FROM public.store_operations o
  WHERE o.store_day >= p_from
  GROUP BY o.store, o.mode, o.store_day;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;
REVOKE ALL ON FUNCTION store_db_rebuild_day_totals(date) FROM PUBLIC;

-- A close's content without any customer's identity: the exceptions' `identity` and the
-- service rows' `dni` become null (head office reads codes and amounts only).
CREATE FUNCTION store_db_without_identities(c jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT CASE WHEN jsonb_typeof(c -> 'service' -> 'order_detail') = 'array'
    THEN jsonb_set(x, '{service,order_detail}', (SELECT coalesce(jsonb_agg(
        CASE WHEN jsonb_typeof(r) = 'object' AND r ? 'dni' THEN jsonb_set(r, '{dni}', 'null') ELSE r END
        ORDER BY n), '[]') FROM jsonb_array_elements(c -> 'service' -> 'order_detail')
          WITH ORDINALITY AS d(r, n)))
    ELSE x END
  FROM (SELECT CASE WHEN jsonb_typeof(c -> 'exceptions') = 'array'
    THEN jsonb_set(c, '{exceptions}', (SELECT coalesce(jsonb_agg(
        CASE WHEN jsonb_typeof(e) = 'object' AND e ? 'identity' THEN jsonb_set(e, '{identity}', 'null')
          ELSE e END ORDER BY n), '[]') FROM jsonb_array_elements(c -> 'exceptions')
          WITH ORDINALITY AS t(e, n)))
    ELSE c END AS x) s
$$;

-- What the grid needs of a close, read once when it is written: its totals, how many exceptions
-- of each kind, the money at stake (held for refused sales, and the difference of each customer
-- that does not balance with the service), who closed and when.
CREATE FUNCTION store_db_close_summary(p_content text) RETURNS jsonb
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  WITH c AS (SELECT p_content::jsonb AS c)
  SELECT jsonb_build_object(
    'totals', c -> 'totals',
    'counts', c -> 'counts',
    'service_in_store_cents', c -> 'service' -> 'in_store_cents',
    'exceptions', (SELECT count(*) FROM jsonb_array_elements(c -> 'exceptions')),
    'by_kind', coalesce((SELECT jsonb_object_agg(k, n) FROM (
      SELECT e ->> 'kind' AS k, count(*) AS n FROM jsonb_array_elements(c -> 'exceptions') e
      GROUP BY 1) x), '{}'),
    'at_stake_cents', coalesce((SELECT sum(CASE e ->> 'kind'
        WHEN 'held' THEN coalesce((e ->> 'amount_cents')::bigint, 0)
        WHEN 'reconcile' THEN abs(coalesce((e ->> 'counters_cents')::bigint, 0)
          - coalesce((e ->> 'service_cents')::bigint, 0))
        ELSE 0 END) FROM jsonb_array_elements(c -> 'exceptions') e), 0),
    'silent', (SELECT count(*) FROM jsonb_array_elements(c -> 'exceptions') e
      WHERE e ->> 'kind' IN ('silent', 'stopped')),
    'off', (SELECT count(*) FROM jsonb_array_elements(c -> 'counters') k
      WHERE k ->> 'freshness' = 'off'),
    'supervisor', c -> 'closed' -> 'supervisor',
    'terminal_name', c -> 'closed' -> 'terminal_name')
  FROM c
$$;

ALTER TABLE store_day_closes ADD COLUMN summary jsonb;
UPDATE store_day_closes SET summary = store_db_close_summary(content);

CREATE OR REPLACE FUNCTION store_day_closes_stamp() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  NEW.recorded_at := now();
  NEW.summary := public.store_db_close_summary(NEW.content);
  RETURN NEW;
END $$;

-- The store's time zone, as the close reads it: the zone of its last counter's last line.
CREATE FUNCTION store_db_store_zone(p_store text) RETURNS text
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT l.time_zone
  FROM public.terminals t
  CROSS JOIN LATERAL (SELECT j.time_zone FROM public.journal_lines j
    WHERE j.store = t.store AND j.terminal_id = t.terminal_id ORDER BY j.seq DESC LIMIT 1) l
  WHERE t.store = p_store
  ORDER BY t.last_seen_at DESC LIMIT 1
$$;

-- Whether the calling login is head office (or the owner).
CREATE FUNCTION store_db_is_head_office() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT session_user = current_user
    OR pg_has_role(session_user, 'mostrador_head_office', 'MEMBER')
$$;
REVOKE ALL ON FUNCTION store_db_is_head_office() FROM PUBLIC;

-- The chain at a glance: every store of the mode that has counters or closes, its name, region
-- and time zone, its counters' standing now, and each of its last `p_days` store days (in its
-- own zone): the close's summary if closed, the day's totals, whether lines arrived after the
-- close, whether the day has ended there. Never an identity.
CREATE FUNCTION store_db_head_office_grid(p_mode text, p_days integer) RETURNS json
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT public.store_db_is_head_office() THEN
    RAISE EXCEPTION 'login % is not head office', session_user USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF p_mode IS NULL OR p_mode NOT IN ('live', 'training') OR p_days IS NULL
    OR p_days NOT BETWEEN 1 AND 62 THEN
    RAISE EXCEPTION 'a mode (live or training) and 1 to 62 days' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  RETURN (
    WITH known AS (
      SELECT DISTINCT t.store FROM public.terminals t WHERE t.mode = p_mode
      UNION SELECT d.store FROM public.store_day_closes d
        WHERE d.mode = p_mode AND d.store_day >= current_date - p_days - 1
    ), zoned AS (
      SELECT k.store, coalesce(public.store_db_store_zone(k.store), 'UTC') AS zone
      FROM known k
    ), one AS (
      SELECT z.store, z.zone, (now() AT TIME ZONE z.zone)::date AS today,
        s.name, s.region
      FROM zoned z LEFT JOIN public.stores s ON s.store = z.store
    )
    SELECT json_build_object(
      'as_of', now(),
      'mode', p_mode,
      'days', p_days,
      'stores', coalesce(json_agg(json_build_object(
        'store', o.store, 'name', o.name, 'region', o.region, 'time_zone', o.zone,
        'today', o.today,
        'counters', (SELECT json_build_object(
            'total', count(*),
            'current', count(*) FILTER (WHERE c.standing = 'current'),
            'silent', count(*) FILTER (WHERE c.standing = 'silent'),
            'off', count(*) FILTER (WHERE c.standing = 'off'),
            'silent_since', min(c.last_seen_at) FILTER (WHERE c.standing = 'silent'),
            'versions', coalesce(json_agg(DISTINCT c.app_version) FILTER (WHERE c.app_version IS NOT NULL), '[]'))
          FROM public.store_counters c WHERE c.store = o.store AND c.mode = p_mode),
        'days', (SELECT json_agg(json_build_object(
            'day', d.day,
            'ended', d.day < o.today,
            'close', (SELECT json_build_object('recorded_at', x.recorded_at, 'sha256', x.sha256,
                'summary', x.summary)
              FROM public.store_day_closes x
              WHERE x.store = o.store AND x.mode = p_mode AND x.store_day = d.day),
            'totals', (SELECT json_build_object('operations', t.operations, 'billed', t.billed,
                'undone', t.undone, 'refused', t.refused, 'collected_cents', t.collected_cents,
                'open', t.open, 'last_received_at', t.last_received_at)
              FROM public.store_day_totals t
              WHERE t.store = o.store AND t.mode = p_mode AND t.store_day = d.day),
            'after_close', EXISTS (SELECT FROM public.store_day_closes x
              JOIN public.store_day_totals t ON t.store = x.store AND t.mode = x.mode
                AND t.store_day = x.store_day
              WHERE x.store = o.store AND x.mode = p_mode AND x.store_day = d.day
                AND t.last_received_at > x.recorded_at))
            ORDER BY d.day DESC)
          FROM generate_series(o.today - (p_days - 1), o.today, interval '1 day') AS g(ts)
          CROSS JOIN LATERAL (SELECT g.ts::date AS day) d)
      ) ORDER BY o.region NULLS LAST, o.name NULLS LAST, o.store), '[]'))
    FROM one o
  );
END $$;

-- One store's day as head office sees it: the close as the supervisor closed it (its content
-- without identities, its hash, and whether the hash is the content's), or, for a day not
-- closed, the day's figures as the database computes them now; each counter's standing and
-- version; the day's operations with codes and amounts, never an identity.
CREATE FUNCTION store_db_head_office_day(p_store text, p_mode text, p_day date) RETURNS json
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT public.store_db_is_head_office() THEN
    RAISE EXCEPTION 'login % is not head office', session_user USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF p_store IS NULL OR length(p_store) NOT BETWEEN 1 AND 128 OR p_mode IS NULL
    OR p_mode NOT IN ('live', 'training') OR p_day IS NULL THEN
    RAISE EXCEPTION 'a store, a mode and a day' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  RETURN (
    SELECT json_build_object(
      'store', p_store,
      'name', (SELECT s.name FROM public.stores s WHERE s.store = p_store),
      'region', (SELECT s.region FROM public.stores s WHERE s.store = p_store),
      'time_zone', coalesce(public.store_db_store_zone(p_store), 'UTC'),
      'mode', p_mode,
      'day', p_day,
      'as_of', now(),
      'close', (SELECT json_build_object(
          'content', public.store_db_without_identities(d.content::jsonb),
          'sha256', d.sha256,
          'hash_ok', encode(pg_catalog.sha256(convert_to(d.content, 'UTF8')), 'hex') = d.sha256,
          'recorded_at', d.recorded_at,
          'summary', d.summary)
        FROM public.store_day_closes d
        WHERE d.store = p_store AND d.mode = p_mode AND d.store_day = p_day),
      'figures', public.store_db_day_figures(p_store, p_mode, p_day),
      'totals', (SELECT row_to_json(t) FROM public.store_day_totals t
        WHERE t.store = p_store AND t.mode = p_mode AND t.store_day = p_day),
      'counters', public.store_db_read_standing(p_store, p_mode),
      'operations', coalesce((SELECT json_agg(json_build_array(o.terminal_id, o.terminal_name,
          o.op_id, o.operation, o.status, o.funding_code, o.cashier_id, o.billed_cents,
          o.collected_cents, o.started_at, o.resolved_at, o.received_at)
          ORDER BY o.started_at, o.terminal_id, o.op_id)
        FROM public.store_operations o
        WHERE o.store = p_store AND o.mode = p_mode AND o.store_day = p_day), '[]'),
      'operation_columns', json_build_array('terminal_id', 'terminal_name', 'op_id', 'operation',
        'status', 'funding_code', 'cashier_id', 'billed_cents', 'collected_cents', 'started_at',
        'resolved_at', 'received_at'))
  );
END $$;

-- The day totals of the last 31 days, from the lines already held; the counters' lines wait
-- meanwhile (a SHARE lock: their inserts, not their reads), so none is counted twice or missed.
LOCK TABLE journal_lines IN SHARE MODE;
SELECT store_db_rebuild_day_totals(current_date - 31);

REVOKE ALL ON FUNCTION store_db_without_identities(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_close_summary(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_store_zone(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_head_office_grid(text, integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_head_office_day(text, text, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION store_db_head_office_grid(text, integer) TO mostrador_head_office;
GRANT EXECUTE ON FUNCTION store_db_head_office_day(text, text, date) TO mostrador_head_office;
