-- 0112: a counter reads its store through signed calls whose store comes from its key
-- (docs/store-database.md "Walls between stores", docs/decisions.md "One chain login, signed
-- reads"). Through the pooler the chain's counters share one login, so the login cannot say
-- which store a reader is: every read the app makes is one call, `store_db_read`, signed with
-- the counter's key over its whole request, answered only for the key's store (its live store,
-- or that store's training store) and only within 15 minutes of the time it carries (a request
-- seen on the wire cannot be replayed later). The answer is one JSON value (json: compact text):
-- its times are ISO 8601 whatever a session's DateStyle. The reads are the ones the app made with plain SQL
-- before (electron/store-db/store-queries.ts, electron/store-close/pg-close-database.ts), but
-- for one rule: a code is billed when its succeeded billings outnumber its succeeded undos
-- (the service takes a billing only on a code not billed and an undo only on a billed one, so
-- they alternate), never by comparing two counters' clocks or the times lines reached the
-- database (docs/decisions.md "An undo counts wherever it arrives from (issue 35 item 2)").
-- Safe on a live store: new functions only.

-- The exact bytes a read's HMAC is taken over (electron/store-db/read-signature.ts builds them).
CREATE FUNCTION store_db_read_message(
  p_terminal_id text, p_at text, p_read text, p_args text
) RETURNS bytea
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT convert_to(string_agg(
    CASE WHEN v IS NULL THEN '-;' ELSE octet_length(v) || ':' || v || ';' END, '' ORDER BY k),
    'UTF8')
  FROM (VALUES (1, 'mostrador-read/1'), (2, p_terminal_id), (3, p_at), (4, p_read), (5, p_args)
  ) AS f(k, v)
$$;

-- What another counter of the store knows of a code: billings not undone and paid-and-billed
-- operations in doubt at other counters, the other counters silent now, and the lines the money
-- another counter holds for a refused sale of the code is folded from.
CREATE FUNCTION store_db_read_code(p_store text, p_mode text, p_code text, p_self text)
RETURNS json
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  WITH ops AS (
    SELECT o.* FROM public.store_operations o
    WHERE o.store = p_store AND o.mode = p_mode AND o.funding_code = p_code
      AND o.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled', 'v3.undoBilling', 'v2.undoBilling')
  ), tally AS (
    SELECT
      count(*) FILTER (WHERE operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')
        AND status = 'succeeded') AS billed,
      count(*) FILTER (WHERE operation IN ('v3.undoBilling', 'v2.undoBilling')
        AND status = 'succeeded') AS undone
    FROM ops
  ), standing AS (
    -- The billing that stands, when billings outnumber undos: the one the database took last
    -- (its name only; whether the code is billed never depends on when lines arrived).
    SELECT b.* FROM ops b, tally
    WHERE tally.billed > tally.undone AND b.status = 'succeeded'
      AND b.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')
    ORDER BY b.received_at DESC, b.terminal_id DESC, b.op_id DESC
    LIMIT 1
  ), findings AS (
    SELECT 'billed' AS kind, s.terminal_id, s.terminal_name, s.cashier_id, s.operation,
      s.op_id, s.resolved_at AS at, s.billed_cents, s.collected_cents
    FROM standing s WHERE s.terminal_id <> p_self
    UNION ALL
    SELECT 'in-doubt', b.terminal_id, b.terminal_name, b.cashier_id, b.operation, b.op_id,
      b.started_at, b.billed_cents, b.collected_cents
    FROM ops b
    WHERE b.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')
      AND b.status IN ('pending', 'unknown') AND b.terminal_id <> p_self
  ), silent AS (
    SELECT s.terminal_id, s.terminal_name,
      least(s.last_seen_at, coalesce(s.waiting_since, s.last_seen_at)) AS since
    FROM public.store_counters s
    WHERE s.store = p_store AND s.mode = p_mode AND s.terminal_id <> p_self
      AND s.standing = 'silent'
  ), refused AS (
    SELECT DISTINCT i.terminal_id, i.op_id
    FROM public.journal_lines i
    JOIN public.journal_lines o
      ON o.store = i.store AND o.terminal_id = i.terminal_id AND o.op_id = i.op_id
      AND o.type = 'outcome' AND o.status = 'refused'
    WHERE i.store = p_store AND i.funding_code = p_code AND i.type = 'intent' AND i.mode = p_mode
      AND i.terminal_id <> p_self
      AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')
      AND coalesce(i.to_collect_cents, 0) > 0
  ), held_ops AS (
    SELECT terminal_id, op_id FROM refused
    UNION
    SELECT b.terminal_id, b.op_id
    FROM public.journal_lines b
    WHERE b.store = p_store AND b.funding_code = p_code AND b.type = 'intent' AND b.mode = p_mode
      AND b.terminal_id IN (SELECT terminal_id FROM refused)
      AND b.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')
  ), held AS (
    SELECT l.terminal_id, t.terminal_name, l.line, l.seq
    FROM held_ops h
    JOIN public.journal_lines l
      ON l.store = p_store AND l.terminal_id = h.terminal_id AND l.op_id = h.op_id
    LEFT JOIN public.terminals t
      ON t.store = p_store AND t.mode = p_mode AND t.terminal_id = h.terminal_id
  )
  SELECT json_build_object(
    'findings', coalesce((SELECT json_agg(row_to_json(f) ORDER BY f.at) FROM findings f), '[]'::json),
    'silent', coalesce((SELECT json_agg(row_to_json(s) ORDER BY s.since, s.terminal_id)
      FROM silent s), '[]'::json),
    'held_lines', coalesce((SELECT json_agg(json_build_object('terminal_id', h.terminal_id,
        'terminal_name', h.terminal_name, 'line', h.line) ORDER BY h.terminal_id, h.seq)
      FROM held h), '[]'::json))
$$;

-- Every counter of the store in the mode: last line, last seen, version, open operations
-- (the top bar's and Settings' freshness).
CREATE FUNCTION store_db_read_counters(p_store text, p_mode text) RETURNS json
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT coalesce(json_agg(row_to_json(x) ORDER BY x.terminal_name NULLS LAST, x.terminal_id), '[]'::json)
  FROM (
    SELECT t.store, t.mode, t.terminal_id, t.terminal_name, t.app_version,
      coalesce(l.seq, 0) AS last_seq, l.at AS last_line_at, t.last_seen_at,
      (SELECT count(*) FROM public.open_operations o
        WHERE o.store = t.store AND o.terminal_id = t.terminal_id AND o.mode = t.mode)
        AS open_operations
    FROM public.terminals t
    LEFT JOIN LATERAL (
      SELECT j.seq, j.at FROM public.journal_lines j
      WHERE j.store = t.store AND j.terminal_id = t.terminal_id
      ORDER BY j.seq DESC LIMIT 1
    ) l ON true
    WHERE t.store = p_store AND t.mode = p_mode
  ) x
$$;

-- Each counter as the database stands it (its clock): the store close's freshness. Times as the
-- close keeps them (UTC, to the millisecond, `store_db_close_time` of 0109): for a counter marked
-- off, `store_db_close_day` compares them with the draft's.
CREATE FUNCTION store_db_read_standing(p_store text, p_mode text) RETURNS json
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT coalesce(json_agg(row_to_json(x) ORDER BY x.terminal_name NULLS LAST, x.terminal_id), '[]'::json)
  FROM (
    SELECT s.store, s.mode, s.terminal_id, s.terminal_name, s.app_version,
      coalesce(l.seq, 0) AS last_seq, public.store_db_close_time(l.at) AS last_line_at,
      public.store_db_close_time(s.last_seen_at) AS last_seen_at, s.standing,
      s.open_operations AS reported_open, s.waiting_lines, s.off_day::text AS off_day,
      s.conflict_seq, s.off_by, public.store_db_close_time(s.off_at) AS off_at, t.off_marked_by,
      m.terminal_name AS off_marked_by_name,
      (SELECT count(*) FROM public.journal_lines u
        WHERE u.store = s.store AND u.terminal_id = s.terminal_id AND u.type = 'unreadable')
        AS unreadable_lines,
      (SELECT count(*) FROM public.open_operations o
        WHERE o.store = s.store AND o.terminal_id = s.terminal_id AND o.mode = s.mode)
        AS open_operations
    FROM public.store_counters s
    JOIN public.terminals t ON t.store = s.store AND t.mode = s.mode
      AND t.terminal_id = s.terminal_id
    LEFT JOIN public.terminals m ON m.store = t.store AND m.mode = t.mode
      AND m.terminal_id = t.off_marked_by
    LEFT JOIN LATERAL (
      SELECT j.seq, j.at FROM public.journal_lines j
      WHERE j.store = s.store AND j.terminal_id = s.terminal_id
      ORDER BY j.seq DESC LIMIT 1
    ) l ON true
    WHERE s.store = p_store AND s.mode = p_mode
  ) x
$$;

-- These customers' codes (billed and undone on the day: `p_codes`, an array of
-- {identity, funding_code}), with their balance before the day (billings minus undos that
-- succeeded, at every counter), read by the code's index: the close sets apart by it what a
-- billing undone elsewhere collected (store_db_day_figures counts the same, 0109).
CREATE FUNCTION store_db_read_codes_before(p_store text, p_mode text, p_day date, p_codes jsonb)
RETURNS json
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT coalesce(json_agg(json_build_object('identity', x.identity_value,
    'funding_code', x.funding_code, 'balance', x.balance)), '[]'::json)
  FROM (
    SELECT k.identity_value, k.funding_code,
      count(*) FILTER (WHERE i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled'))
        - count(*) FILTER (WHERE i.operation IN ('v3.undoBilling', 'v2.undoBilling')) AS balance
    FROM (SELECT DISTINCT c ->> 'identity' AS identity_value, c ->> 'funding_code' AS funding_code
      FROM jsonb_array_elements(p_codes) c) k
    JOIN public.journal_lines i
      ON i.store = p_store AND i.type = 'intent' AND i.funding_code = k.funding_code
      AND i.mode = p_mode AND i.identity_value = k.identity_value AND i.store_day < p_day
      AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled', 'v3.undoBilling', 'v2.undoBilling')
    WHERE EXISTS (SELECT FROM public.journal_lines o
      WHERE o.store = i.store AND o.terminal_id = i.terminal_id AND o.op_id = i.op_id
        AND o.type = 'outcome' AND o.status = 'succeeded')
    GROUP BY k.identity_value, k.funding_code
  ) x
$$;

-- Every counter's operations of one store day, in the order they started; an operation still
-- without an answer carries the down payment its intent put in the drawer (`to_collect_cents`).
-- The biggest answer a counter reads (10,000 operations for the busiest store day): each row an
-- array in the order `columns` names, so the names are not repeated 10,000 times.
CREATE FUNCTION store_db_read_day(p_store text, p_mode text, p_day date) RETURNS json
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT json_build_object(
    'columns', json_build_array('terminal_id', 'terminal_name', 'op_id', 'operation', 'status',
      'identity_kind', 'identity_value', 'funding_code', 'cashier_id', 'billed_cents',
      'collected_cents', 'started_at', 'resolved_at', 'service_message', 'to_collect_cents'),
    'rows', coalesce(json_agg(json_build_array(o.terminal_id, o.terminal_name, o.op_id,
      o.operation, o.status, o.identity_kind, o.identity_value, o.funding_code, o.cashier_id,
      o.billed_cents, o.collected_cents, o.started_at, o.resolved_at, o.service_message,
      CASE WHEN o.status IN ('pending', 'unknown') THEN (
        SELECT j.to_collect_cents FROM public.open_operations p
        JOIN public.journal_lines j
          ON j.store = p.store AND j.terminal_id = p.terminal_id AND j.seq = p.seq
        WHERE p.store = o.store AND p.terminal_id = o.terminal_id AND p.op_id = o.op_id) END)
      ORDER BY o.started_at, o.terminal_id, o.op_id), '[]'::json))
  FROM public.store_operations o
  WHERE o.store = p_store AND o.mode = p_mode AND o.store_day = p_day
$$;

-- The lines of every refused paid-and-billed of the store and mode up to the day (with money to
-- collect), and of the paid-and-billed operations of the same code at the same counter: all a
-- counter's journal needs to say what money is held (electron/ipc/workflows/held-money.ts).
CREATE FUNCTION store_db_read_held(p_store text, p_mode text, p_day date) RETURNS json
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  WITH refused AS (
    SELECT DISTINCT i.terminal_id, i.op_id, i.funding_code
    FROM public.journal_lines o
    JOIN public.journal_lines i
      ON i.store = o.store AND i.terminal_id = o.terminal_id AND i.op_id = o.op_id
      AND i.type = 'intent'
    WHERE o.store = p_store AND o.type = 'outcome' AND o.status = 'refused'
      AND i.mode = p_mode AND i.store_day <= p_day
      AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')
      AND coalesce(i.to_collect_cents, 0) > 0
  ), ops AS (
    SELECT terminal_id, op_id FROM refused
    UNION
    SELECT b.terminal_id, b.op_id
    FROM (SELECT DISTINCT terminal_id, funding_code FROM refused) r
    JOIN public.journal_lines b
      ON b.store = p_store AND b.terminal_id = r.terminal_id AND b.funding_code = r.funding_code
    WHERE b.type = 'intent' AND b.mode = p_mode
      AND b.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')
  )
  SELECT coalesce(json_agg(json_build_object('terminal_id', l.terminal_id, 'line', l.line)
    ORDER BY l.terminal_id, l.seq), '[]'::json)
  FROM ops
  JOIN public.journal_lines l ON l.store = p_store AND l.terminal_id = ops.terminal_id
    AND l.op_id = ops.op_id
$$;

-- The store's close of a day, as kept, or null.
CREATE FUNCTION store_db_read_close(p_store text, p_mode text, p_day date) RETURNS json
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT json_build_object('content', d.content, 'sha256', d.sha256,
    'recorded_at', d.recorded_at)
  FROM public.store_day_closes d
  WHERE d.store = p_store AND d.mode = p_mode AND d.store_day = p_day
$$;

-- The one read a counter makes. `p_at` is the counter's clock (ISO 8601) and must be within 15
-- minutes of the database's; `p_args` is a JSON object: `mode` ('live' or 'training'), and per
-- read `funding_code` (code) or `day` (day, held, close, codes-before, with `codes` for the last). `hello` answers what a counter asks
-- when it connects: its last call number, its store, and the last seq held of it in each of its
-- two stores. SQLSTATEs: MS010 not enrolled, MS011 another store, MS013 outside the time window,
-- MS014 not signed by the counter's key, 22023 a read or argument it does not know.
CREATE FUNCTION store_db_read(
  p_terminal_id text, p_at text, p_read text, p_args text, p_mac bytea
) RETURNS json
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  k public.terminal_keys;
  a jsonb;
  at timestamptz;
  store text;
  mode text;
  day date;
BEGIN
  IF length(coalesce(p_terminal_id, '')) NOT BETWEEN 1 AND 64 OR length(coalesce(p_at, '')) > 40
    OR length(coalesce(p_read, '')) > 16 OR length(coalesce(p_args, '')) > 100000 THEN
    RAISE EXCEPTION 'a terminal id, a time, a read and its arguments of at most 100,000 characters'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  BEGIN
    at := p_at::timestamptz;
    a := p_args::jsonb;
  EXCEPTION WHEN OTHERS THEN
    RAISE EXCEPTION 'the read''s time or arguments cannot be read' USING ERRCODE = 'invalid_parameter_value';
  END;
  k := public.store_db_signer(p_terminal_id,
    public.store_db_read_message(p_terminal_id, p_at, p_read, p_args), p_mac);
  IF at IS NULL OR abs(extract(epoch FROM clock_timestamp() - at)) > 900 THEN
    RAISE EXCEPTION 'the read was signed at %, more than 15 minutes from the database''s clock %',
      p_at, clock_timestamp() USING ERRCODE = 'MS013';
  END IF;
  IF p_read = 'hello' THEN
    RETURN json_build_object(
      'beat', k.last_beat::text,
      'store', k.store,
      'training_store', public.store_db_training_store(k.store),
      'enrolled_at', k.enrolled_at,
      'held', json_build_object(
        'live', (SELECT coalesce(max(j.seq), 0)::text FROM public.journal_lines j
          WHERE j.store = k.store AND j.terminal_id = k.terminal_id),
        'training', (SELECT coalesce(max(j.seq), 0)::text FROM public.journal_lines j
          WHERE j.store = public.store_db_training_store(k.store)
            AND j.terminal_id = k.terminal_id)));
  END IF;
  mode := a ->> 'mode';
  IF jsonb_typeof(a) IS DISTINCT FROM 'object' OR mode IS NULL OR mode NOT IN ('live', 'training') THEN
    RAISE EXCEPTION 'a read names its mode, live or training' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  store := CASE mode WHEN 'live' THEN k.store ELSE public.store_db_training_store(k.store) END;
  IF a ? 'store' AND a ->> 'store' IS DISTINCT FROM store THEN
    RAISE EXCEPTION 'counter % reads only its store %', p_terminal_id, k.store USING ERRCODE = 'MS011';
  END IF;
  IF p_read IN ('day', 'held', 'close', 'codes-before') THEN
    BEGIN
      day := (a ->> 'day')::date;
    EXCEPTION WHEN OTHERS THEN
      day := NULL;
    END;
    IF day IS NULL OR a ->> 'day' !~ '^\d{4}-\d{2}-\d{2}$' THEN
      RAISE EXCEPTION 'a store day, YYYY-MM-DD' USING ERRCODE = 'invalid_parameter_value';
    END IF;
  END IF;
  CASE p_read
    WHEN 'code' THEN
      IF length(coalesce(a ->> 'funding_code', '')) NOT BETWEEN 1 AND 32 THEN
        RAISE EXCEPTION 'a funding code of 1 to 32 characters' USING ERRCODE = 'invalid_parameter_value';
      END IF;
      RETURN public.store_db_read_code(store, mode, a ->> 'funding_code', k.terminal_id);
    WHEN 'counters' THEN RETURN public.store_db_read_counters(store, mode);
    WHEN 'standing' THEN RETURN public.store_db_read_standing(store, mode);
    WHEN 'day' THEN RETURN public.store_db_read_day(store, mode, day);
    WHEN 'held' THEN RETURN public.store_db_read_held(store, mode, day);
    WHEN 'close' THEN RETURN coalesce(public.store_db_read_close(store, mode, day), 'null'::json);
    WHEN 'codes-before' THEN
      IF jsonb_typeof(a -> 'codes') IS DISTINCT FROM 'array'
        OR jsonb_array_length(a -> 'codes') > 1000 THEN
        RAISE EXCEPTION 'at most 1000 codes' USING ERRCODE = 'invalid_parameter_value';
      END IF;
      RETURN public.store_db_read_codes_before(store, mode, day, a -> 'codes');
    ELSE
      RAISE EXCEPTION 'no read %', left(p_read, 16) USING ERRCODE = 'invalid_parameter_value';
  END CASE;
END $$;

REVOKE ALL ON FUNCTION store_db_read_message(text, text, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_read_code(text, text, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_read_counters(text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_read_standing(text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_read_codes_before(text, text, date, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_read_day(text, text, date) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_read_held(text, text, date) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_read_close(text, text, date) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_read(text, text, text, text, bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION store_db_read(text, text, text, text, bytea) TO mostrador_terminal;

-- No JIT in the calls a counter makes (docs/store-database.md "A pooled server that no client can
-- disturb"). PL/pgSQL keeps each statement's plan for the life of the server connection, and a
-- plan made under a session's `jit_above_cost = 0` compiles at every later execution, whoever
-- calls: through the pooler one client's settings made every other counter's call on that
-- connection compile (380 compilations for 30 honest calls; a heartbeat took 500 ms instead of
-- 2). PgBouncer's RESET ALL undoes the setting, not the plans kept. Pinned off here, a kept plan
-- does not compile. These calls are short: JIT never pays for itself in them. A later CREATE OR
-- REPLACE of one of them drops the setting: such a migration must set it again.
ALTER FUNCTION store_db_append(text, bigint, text[], text[], text, text, text, bigint, integer,
  integer, boolean, text[], bigint[], text[], bytea[], bytea) SET jit = off;
ALTER FUNCTION store_db_read(text, text, text, text, bytea) SET jit = off;
ALTER FUNCTION store_db_close_day(text, text, date, text, text, text, text, text, bytea)
  SET jit = off;
ALTER FUNCTION store_db_mark_off(text, text, text, date, text, text, bytea) SET jit = off;
ALTER FUNCTION store_db_enroll(text, bytea, text, text) SET jit = off;
ALTER FUNCTION store_db_register(text, bytea) SET jit = off;

-- The planner's settings too: a plan kept for the connection is made under the settings in force
-- when the statement first runs, and a hostile client on a pooled connection could first run a
-- signed call under `enable_indexscan = off` (every later caller's append then scanned the
-- counter's lines: 85 ms instead of 1 ms on 300,000 lines, seconds on a chain's year). Each
-- signed call pins every query-tuning setting (and work_mem) at the value the server had when
-- `migrate` ran (FROM CURRENT: a technician's tuning of the server stays), so its plans are made
-- the same whoever called first. jit and plan_cache_mode are pinned above and by 0105. A later
-- CREATE OR REPLACE of one of these functions drops these settings: such a migration must run
-- this block again.
DO $$
DECLARE
  f regprocedure;
  g text;
BEGIN
  FOR f IN SELECT unnest(ARRAY[
      'store_db_append(text, bigint, text[], text[], text, text, text, bigint, integer, integer, boolean, text[], bigint[], text[], bytea[], bytea)',
      'store_db_read(text, text, text, text, bytea)',
      'store_db_close_day(text, text, date, text, text, text, text, text, bytea)',
      'store_db_mark_off(text, text, text, date, text, text, bytea)',
      'store_db_enroll(text, bytea, text, text)',
      'store_db_register(text, bytea)']::regprocedure[])
  LOOP
    FOR g IN SELECT s.name FROM pg_catalog.pg_settings s
      WHERE (s.category LIKE 'Query Tuning%' OR s.name = 'work_mem')
        AND s.context = 'user' AND s.name NOT IN ('jit', 'plan_cache_mode')
      ORDER BY s.name
    LOOP
      EXECUTE format('ALTER FUNCTION %s SET %I FROM CURRENT', f, g);
    END LOOP;
  END LOOP;
END $$;
