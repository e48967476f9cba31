-- 0109: a counter marked off for the day still owes its story (docs/store-close.md "Each
-- counter's data", docs/decisions.md "A counter marked off still owes its story (issue 35 item
-- 1)"). Marking a silent counter off (0103, signed since 0108) ends the question the other
-- counters ask ("pregunte si el cliente ya pagó en otra caja"); it no longer exempts that counter
-- from the close. A counter marked off with work that day whose day the database does not hold
-- complete is, like a silent one, an exception the supervisor's note must name (MS004), and the
-- close (format `mostrador-store-close/3`) keeps what the database holds of it: its last line's
-- time, its last call, and who marked it off, when and from which counter; a draft that says
-- otherwise is refused (MS003). A record-held exception (a counter's record stopped at a line the
-- database holds differently, or lines it could not read) is part of a close like any other.
-- Counters on an older app version send `/2` drafts and cannot close until upgraded (MS005).
-- An undo counts wherever it arrives from (docs/decisions.md "An undo counts wherever it arrives
-- from (issue 35 item 2)"): what a billing collected is set apart as collected for an undone sale
-- when its code is not billed at the end of the day, by the balance of billings and undos that
-- succeeded (before the day and that day, at every counter), never by the order of two counters'
-- clocks (0103 took the last one by `started_at`).
-- Each counter's figures add its sales undone by the end of the day and the counters that undid
-- them (`sales_undone`, `undone_at`): "Deshechas" counted at the counter that undid read as if
-- its own sales had been undone (issue 35 item 11).
-- Safe on a live store: functions only, no table is touched.

-- A time as the close writes it: UTC, to the millisecond (as `closed.recorded_at`).
CREATE FUNCTION store_db_close_time(t timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- The store day's figures (0103, with 0107's list of reads), re-created whole: what undone sales
-- collected is set apart by each customer's code's balance. The service takes a billing only of
-- a code not billed and an undo only of a billed one, so a code's successes alternate and it is
-- billed at the end of the day exactly when its billings minus its undos up to that day are
-- above 0. shared/domain/reconcile.ts (undoneCollections across counters) computes the same.
CREATE OR REPLACE FUNCTION store_db_day_figures(p_store text, p_mode text, p_day date) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  WITH ops AS (
    SELECT o.*,
      o.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled') AS billing,
      o.operation IN ('v3.undoBilling', 'v2.undoBilling') AS undo
    FROM public.store_operations o
    WHERE o.store = p_store AND o.mode = p_mode AND o.store_day = p_day
  ), codes AS (
    -- Each customer's code billed and undone that day (only these can be set apart: a code only
    -- billed that day is billed at its end whatever came before), read by the code's index: its
    -- balance before the day (1 or 0: billed when the day began, whatever billings the service
    -- repeated or undos of billings Mostrador never saw), plus the day's billings minus its
    -- undos, every counter's counted when an outcome of theirs succeeded; the day's billings of
    -- it (their counters alike) and the counters that undid it that day. Arrays, not joins
    -- between these sets: a day of 10,000 operations stays one pass.
    SELECT
      greatest(0, least(1,
        count(*) FILTER (WHERE i.store_day < p_day
          AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled'))
        - count(*) FILTER (WHERE i.store_day < p_day
          AND i.operation IN ('v3.undoBilling', 'v2.undoBilling'))))
      + count(*) FILTER (WHERE i.store_day = p_day
          AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled'))
      - count(*) FILTER (WHERE i.store_day = p_day
          AND i.operation IN ('v3.undoBilling', 'v2.undoBilling')) AS balance,
      array_agg(i.op_id ORDER BY i.op_id) FILTER (WHERE i.store_day = p_day
        AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')) AS day_billings,
      array_agg(i.terminal_id ORDER BY i.op_id) FILTER (WHERE i.store_day = p_day
        AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')) AS day_billers,
      array_agg(DISTINCT i.terminal_id) FILTER (WHERE i.store_day = p_day
        AND i.operation IN ('v3.undoBilling', 'v2.undoBilling')) AS day_undoers
    FROM (SELECT identity_value, funding_code FROM ops
      WHERE (billing OR undo) AND status = 'succeeded' AND coalesce(identity_value, '') <> ''
        AND funding_code IS NOT NULL
      GROUP BY identity_value, funding_code
      HAVING bool_or(billing) AND bool_or(undo)) k
    JOIN public.journal_lines i
      ON i.store = p_store AND i.type = 'intent' AND i.funding_code = k.funding_code
      AND i.mode = p_mode AND i.identity_value = k.identity_value AND i.store_day <= p_day
      AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled', 'v3.undoBilling', 'v2.undoBilling')
    WHERE EXISTS (SELECT FROM public.journal_lines o
      WHERE o.store = i.store AND o.terminal_id = i.terminal_id AND o.op_id = i.op_id
        AND o.type = 'outcome' AND o.status = 'succeeded')
    GROUP BY k.identity_value, k.funding_code
  ), set_apart AS (
    -- The day's billings of the codes not billed at the end of the day.
    SELECT unnest(day_billings) AS op_id FROM codes WHERE balance <= 0
  ), undone_at AS (
    -- For each counter whose billing is set apart, the counters that undid that code that day.
    SELECT b.terminal_id,
      jsonb_agg(DISTINCT u.terminal_id COLLATE "C" ORDER BY u.terminal_id COLLATE "C") AS at
    FROM codes c
    CROSS JOIN LATERAL unnest(c.day_billers) AS b(terminal_id)
    CROSS JOIN LATERAL unnest(c.day_undoers) AS u(terminal_id)
    WHERE c.balance <= 0
    GROUP BY b.terminal_id
  ), cashier AS (
    SELECT terminal_id, cashier_id,
      count(*) FILTER (WHERE billing AND status = 'succeeded') AS billed,
      coalesce(sum(collected_cents) FILTER (WHERE billing AND status = 'succeeded'), 0) AS collected
    FROM ops WHERE billing OR undo
    GROUP BY terminal_id, cashier_id
  ), counter AS (
    SELECT o.terminal_id, jsonb_build_object(
      'billed', count(*) FILTER (WHERE o.billing AND o.status = 'succeeded'),
      'undone', count(*) FILTER (WHERE o.undo AND o.status = 'succeeded'),
      'refused', count(*) FILTER (WHERE (o.billing OR o.undo) AND o.status = 'refused'),
      'collected_cents',
        coalesce(sum(o.collected_cents) FILTER (WHERE o.billing AND o.status = 'succeeded'), 0),
      'undone_collected_cents',
        coalesce(sum(o.collected_cents) FILTER (WHERE o.op_id IN (SELECT op_id FROM set_apart)), 0),
      -- Its sales undone (set apart), and the counters whose undos of those codes undid them.
      'sales_undone', count(*) FILTER (WHERE o.op_id IN (SELECT op_id FROM set_apart)),
      'undone_at', coalesce((SELECT w.at FROM undone_at w WHERE w.terminal_id = o.terminal_id),
        '[]'::jsonb),
      'open', count(*) FILTER (WHERE o.status IN ('pending', 'unknown')
        AND o.operation NOT IN (SELECT r.operation FROM public.read_operations r)),
      'operations', count(*),
      'cashiers', coalesce((SELECT jsonb_agg(c.cashier_id ORDER BY c.cashier_id COLLATE "C")
        FROM cashier c WHERE c.terminal_id = o.terminal_id), '[]'::jsonb),
      'by_cashier', coalesce((SELECT jsonb_agg(jsonb_build_object('cashier_id', c.cashier_id,
          'billed', c.billed, 'collected_cents', c.collected) ORDER BY c.cashier_id COLLATE "C")
        FROM cashier c WHERE c.terminal_id = o.terminal_id), '[]'::jsonb)
    ) AS figures
    FROM ops o GROUP BY o.terminal_id
  )
  SELECT jsonb_build_object(
    'counters', coalesce((SELECT jsonb_object_agg(terminal_id, figures) FROM counter), '{}'),
    'totals', jsonb_build_object(
      'billed', count(*) FILTER (WHERE billing AND status = 'succeeded'),
      'undone', count(*) FILTER (WHERE undo AND status = 'succeeded'),
      'refused', count(*) FILTER (WHERE (billing OR undo) AND status = 'refused'),
      'collected_cents',
        coalesce(sum(collected_cents) FILTER (WHERE billing AND status = 'succeeded'), 0),
      'undone_collected_cents',
        coalesce(sum(collected_cents) FILTER (WHERE op_id IN (SELECT op_id FROM set_apart)), 0),
      'open', count(*) FILTER (WHERE status IN ('pending', 'unknown')
        AND operation NOT IN (SELECT r.operation FROM public.read_operations r)),
      'operations', count(*)),
    'op_ids', coalesce(jsonb_agg(op_id::text ORDER BY op_id::text COLLATE "C")
      FILTER (WHERE billing OR undo), '[]'::jsonb))
  FROM ops
$$;

-- The inner close (0103), re-created whole: the checks above are new, the rest is 0103's with
-- 0107's list of reads.
CREATE OR REPLACE FUNCTION store_db_close_day(
  p_store text, p_mode text, p_day date, p_content text, p_supervisor text, p_cashier_id text,
  p_terminal_id text, p_note text
) RETURNS TABLE (inserted boolean, content text, sha256 text, recorded_at timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  c jsonb;
  zone text;
  zones integer;
  today date;
  kept public.store_day_closes;
  open_count integer;
  mine jsonb;
  theirs jsonb;
  zero jsonb := '{"billed":0,"undone":0,"refused":0,"collected_cents":0,
    "undone_collected_cents":0,"sales_undone":0,"undone_at":[],"open":0,"operations":0,
    "cashiers":[],"by_cashier":[]}';
  unnamed text[];
  lying text;
  note text := nullif(btrim(p_note), '');
  closed jsonb;
  canonical text;
  v_now timestamptz := now();
BEGIN
  IF p_store IS NULL OR p_mode IS NULL OR p_day IS NULL OR p_mode NOT IN ('live', 'training')
    OR length(btrim(coalesce(p_supervisor, ''))) NOT BETWEEN 1 AND 64
    OR length(coalesce(p_terminal_id, '')) NOT BETWEEN 1 AND 64
    OR length(coalesce(p_note, '')) > 1000 OR length(coalesce(p_cashier_id, '')) > 64 THEN
    RAISE EXCEPTION 'a store, a mode, a day, a supervisor (1 to 64 characters), a terminal id and a note of at most 1000 characters'
      USING ERRCODE = 'MS005';
  END IF;
  -- One close of a day at a time; a day already closed answers its close.
  PERFORM pg_advisory_xact_lock(hashtext('store_db_close_day'),
    hashtext(p_store || '|' || p_mode || '|' || p_day::text));
  SELECT * INTO kept FROM public.store_day_closes d
    WHERE d.store = p_store AND d.mode = p_mode AND d.store_day = p_day;
  IF FOUND THEN
    RETURN QUERY SELECT false, kept.content, kept.sha256, kept.recorded_at;
    RETURN;
  END IF;

  BEGIN
    c := p_content::jsonb;
  EXCEPTION WHEN OTHERS THEN
    RAISE EXCEPTION 'the close content is not JSON' USING ERRCODE = 'MS005';
  END;
  IF jsonb_typeof(c) IS DISTINCT FROM 'object'
    OR (SELECT array_agg(k ORDER BY k COLLATE "C") FROM jsonb_object_keys(c) k)
      IS DISTINCT FROM ARRAY['as_of', 'closed', 'counters', 'counts', 'exceptions', 'format',
        'mode', 'op_ids', 'service', 'store', 'store_day', 'time_zone', 'totals']
    OR c ->> 'format' IS DISTINCT FROM 'mostrador-store-close/3'
    OR c ->> 'store' IS DISTINCT FROM p_store OR c ->> 'mode' IS DISTINCT FROM p_mode
    OR c ->> 'store_day' IS DISTINCT FROM p_day::text
    OR jsonb_typeof(c -> 'closed') IS DISTINCT FROM 'null'
    OR jsonb_typeof(c -> 'counters') IS DISTINCT FROM 'array'
    OR jsonb_typeof(c -> 'exceptions') IS DISTINCT FROM 'array'
    OR jsonb_typeof(c -> 'totals') IS DISTINCT FROM 'object'
    OR jsonb_typeof(c -> 'service') IS DISTINCT FROM 'object'
    OR jsonb_typeof(c -> 'counts') IS DISTINCT FROM 'object'
    OR EXISTS (SELECT FROM jsonb_array_elements(c -> 'counters') x
      WHERE jsonb_typeof(x) IS DISTINCT FROM 'object' OR x ->> 'terminal_id' IS NULL)
    OR EXISTS (SELECT FROM jsonb_array_elements(c -> 'exceptions') x
      WHERE jsonb_typeof(x) IS DISTINCT FROM 'object' OR x ->> 'kind' IS NULL
        OR x ->> 'kind' NOT IN ('held', 'open', 'reconcile', 'silent', 'record-held'))
    OR (SELECT count(DISTINCT x ->> 'terminal_id') <> count(*)
      FROM jsonb_array_elements(c -> 'counters') x) THEN
    RAISE EXCEPTION 'not a draft close (format mostrador-store-close/3) of store %, mode %, day %',
      left(p_store, 128), p_mode, p_day USING ERRCODE = 'MS005';
  END IF;
  BEGIN
    PERFORM (c ->> 'as_of')::timestamptz;
  EXCEPTION WHEN OTHERS THEN
    RAISE EXCEPTION 'the close''s as_of is not a time' USING ERRCODE = 'MS005';
  END;
  IF NOT EXISTS (SELECT FROM public.terminals t WHERE t.store = p_store AND t.mode = p_mode
      AND t.terminal_id = p_terminal_id) THEN
    RAISE EXCEPTION 'terminal % is not a counter of this store', left(p_terminal_id, 64)
      USING ERRCODE = 'MS005';
  END IF;

  -- The store's time zone, from its lines: those of the day, else its last counter's last line.
  -- IANA names only (America/Lima, UTC): an abbreviation or a POSIX offset reads otherwise.
  SELECT count(DISTINCT j.time_zone), min(j.time_zone) INTO zones, zone
  FROM public.journal_lines j
  WHERE j.store = p_store AND j.store_day = p_day AND j.type = 'intent' AND j.mode = p_mode;
  IF zones = 0 THEN
    SELECT l.time_zone INTO zone
    FROM public.terminals t
    CROSS JOIN LATERAL (SELECT j.time_zone FROM public.journal_lines j
      WHERE j.store = t.store AND j.terminal_id = t.terminal_id ORDER BY j.seq DESC LIMIT 1) l
    WHERE t.store = p_store AND t.mode = p_mode
    ORDER BY t.last_seen_at DESC LIMIT 1;
  ELSIF zones > 1 THEN
    RAISE EXCEPTION 'the lines of % carry more than one time zone', p_day USING ERRCODE = 'MS005';
  END IF;
  IF zone IS NULL OR NOT (zone = 'UTC' OR zone ~ '^[A-Za-z]+(/[A-Za-z0-9_+-]+)+$')
    OR NOT EXISTS (SELECT FROM pg_timezone_names n WHERE n.name = zone) THEN
    RAISE EXCEPTION 'the store''s time zone % is not an IANA name', coalesce(zone, '(none)')
      USING ERRCODE = 'MS005';
  END IF;
  IF c ->> 'time_zone' IS DISTINCT FROM zone THEN
    RAISE EXCEPTION 'the close says time zone %, the store''s lines %', c ->> 'time_zone', zone
      USING ERRCODE = 'MS003';
  END IF;
  today := (v_now AT TIME ZONE zone)::date;
  IF p_day >= today THEN
    RAISE EXCEPTION 'the day % has not ended in % (today is %)', p_day, zone, today
      USING ERRCODE = 'MS001';
  END IF;

  SELECT count(*) INTO open_count FROM public.store_operations o
  WHERE o.store = p_store AND o.mode = p_mode AND o.store_day = p_day
    AND o.status IN ('pending', 'unknown')
    AND o.operation NOT IN (SELECT r.operation FROM public.read_operations r);
  IF open_count > 0 THEN
    RAISE EXCEPTION '% operations of % have no definite answer', open_count, p_day
      USING ERRCODE = 'MS002';
  END IF;

  -- The content's figures against the database's: every counter with figures, the totals, the
  -- operations covered. The money held and the reconciliation with the service are the closing
  -- counter's report (docs/store-close.md "What the database checks").
  mine := public.store_db_day_figures(p_store, p_mode, p_day);
  SELECT jsonb_build_object(
    'counters', coalesce(jsonb_object_agg(x ->> 'terminal_id', f) FILTER (WHERE f <> zero), '{}'),
    'totals', jsonb_build_object(
      'billed', c -> 'totals' -> 'billed', 'undone', c -> 'totals' -> 'undone',
      'refused', c -> 'totals' -> 'refused',
      'collected_cents', c -> 'totals' -> 'collected_cents',
      'undone_collected_cents', c -> 'totals' -> 'undone_collected_cents',
      'open', c -> 'totals' -> 'open', 'operations', c -> 'totals' -> 'operations'),
    'op_ids', c -> 'op_ids')
  INTO theirs
  FROM jsonb_array_elements(c -> 'counters') x
  CROSS JOIN LATERAL (SELECT jsonb_build_object(
    'billed', x -> 'billed', 'undone', x -> 'undone', 'refused', x -> 'refused',
    'collected_cents', x -> 'collected_cents',
    'undone_collected_cents', x -> 'undone_collected_cents',
    'sales_undone', x -> 'sales_undone', 'undone_at', x -> 'undone_at', 'open', x -> 'open',
    'operations', x -> 'operations', 'cashiers', x -> 'cashiers',
    'by_cashier', x -> 'by_cashier') AS f) p;
  IF theirs IS NULL THEN
    theirs := jsonb_build_object('counters', '{}'::jsonb, 'totals', NULL, 'op_ids', c -> 'op_ids');
  END IF;
  IF theirs -> 'counters' IS DISTINCT FROM mine -> 'counters' THEN
    RAISE EXCEPTION 'the close''s figures by counter are not the database''s'
      USING ERRCODE = 'MS003',
        DETAIL = left('database: ' || (mine -> 'counters')::text, 2000);
  END IF;
  IF c -> 'totals' -> 'held_cents' IS DISTINCT FROM (SELECT coalesce(sum((x ->> 'held_cents')::bigint), 0)
      FROM jsonb_array_elements(c -> 'counters') x)::text::jsonb
    OR theirs -> 'totals' IS DISTINCT FROM mine -> 'totals' THEN
    RAISE EXCEPTION 'the close''s totals are not the database''s'
      USING ERRCODE = 'MS003', DETAIL = left('database: ' || (mine -> 'totals')::text, 2000);
  END IF;
  IF theirs -> 'op_ids' IS DISTINCT FROM mine -> 'op_ids' THEN
    RAISE EXCEPTION 'the close does not cover the day''s sales and undos the database holds'
      USING ERRCODE = 'MS003';
  END IF;
  IF EXISTS (SELECT FROM jsonb_array_elements(c -> 'exceptions') x WHERE x ->> 'kind' = 'open') THEN
    RAISE EXCEPTION 'the close lists operations in doubt the database holds as answered'
      USING ERRCODE = 'MS003';
  END IF;

  -- Each counter marked off for this day (the mark stands: no call since) as the database holds
  -- it: the draft says the same of it — complete or off, its last line's time, its last call,
  -- who marked it off, when and from which counter — in its entry and in its silent exception,
  -- and says it of no other counter. A counter's later call ends the mark, so none of this moves
  -- while the mark stands.
  WITH held AS (
    SELECT s.terminal_id,
      CASE WHEN l.store_day > p_day THEN 'complete' ELSE 'off' END AS freshness,
      public.store_db_close_time(l.at) AS last_line_at,
      public.store_db_close_time(s.last_seen_at) AS last_seen_at,
      jsonb_build_object('supervisor', s.off_by, 'at', public.store_db_close_time(s.off_at),
        'by_terminal_id', t.off_marked_by, 'by_terminal_name', m.terminal_name) AS marked_off
    FROM public.store_counters s
    JOIN public.terminals t
      ON t.store = s.store AND t.mode = s.mode AND t.terminal_id = s.terminal_id
    LEFT JOIN public.terminals m
      ON m.store = t.store AND m.mode = t.mode AND m.terminal_id = t.off_marked_by
    LEFT JOIN LATERAL (SELECT j.at, j.store_day FROM public.journal_lines j
      WHERE j.store = s.store AND j.terminal_id = s.terminal_id ORDER BY j.seq DESC LIMIT 1) l
      ON true
    WHERE s.store = p_store AND s.mode = p_mode AND s.standing = 'off' AND s.off_day = p_day
      AND s.off_by IS NOT NULL AND s.off_at IS NOT NULL AND l.at IS NOT NULL
  ), said AS (
    SELECT x ->> 'terminal_id' AS terminal_id, x -> 'marked_off' AS marked_off, x AS entry,
      'counter' AS place
    FROM jsonb_array_elements(c -> 'counters') x
    WHERE x ? 'marked_off'
    UNION ALL
    SELECT x ->> 'terminal_id', x -> 'marked_off', x, 'silent'
    FROM jsonb_array_elements(c -> 'exceptions') x
    WHERE x ->> 'kind' = 'silent' AND x ? 'marked_off'
  )
  SELECT coalesce(
    -- A mark the database does not hold, or other details than it holds.
    (SELECT min(d.terminal_id) FROM said d LEFT JOIN held h ON h.terminal_id = d.terminal_id
      WHERE h.terminal_id IS NULL OR d.marked_off IS DISTINCT FROM h.marked_off
        OR d.entry ->> 'last_line_at' IS DISTINCT FROM h.last_line_at
        OR d.entry ->> 'last_seen_at' IS DISTINCT FROM h.last_seen_at
        OR (d.place = 'counter' AND d.entry ->> 'freshness' IS DISTINCT FROM h.freshness)),
    -- A mark the database holds that the counter's entry leaves out.
    (SELECT min(h.terminal_id) FROM held h
      WHERE NOT EXISTS (SELECT FROM said d WHERE d.place = 'counter'
        AND d.terminal_id = h.terminal_id)),
    -- A silent exception of a counter marked off that leaves the mark out.
    (SELECT min(h.terminal_id) FROM held h
      JOIN jsonb_array_elements(c -> 'exceptions') x
        ON x ->> 'kind' = 'silent' AND x ->> 'terminal_id' = h.terminal_id
      WHERE NOT x ? 'marked_off'))
  INTO lying;
  IF lying IS NOT NULL THEN
    RAISE EXCEPTION 'the close does not say what the database holds of counter % marked off',
      left(lying, 64) USING ERRCODE = 'MS003';
  END IF;

  -- A counter silent by the database's standing, or marked off (for this day or another), whose
  -- day is not known complete, that had work that day (lines of it, operations it reported open,
  -- its last call during it): the close lists it, and the note names it.
  SELECT array_agg(coalesce(s.terminal_name, s.terminal_id) ORDER BY s.terminal_id) INTO unnamed
  FROM public.store_counters s
  CROSS JOIN LATERAL (SELECT j.store_day FROM public.journal_lines j
    WHERE j.store = s.store AND j.terminal_id = s.terminal_id ORDER BY j.seq DESC LIMIT 1) l
  WHERE s.store = p_store AND s.mode = p_mode
    AND s.standing IN ('silent', 'off')
    AND l.store_day <= p_day
    AND ((mine -> 'counters') ? s.terminal_id OR coalesce(s.open_operations, 0) > 0
      OR (s.last_seen_at AT TIME ZONE zone)::date = p_day)
    AND NOT (EXISTS (SELECT FROM jsonb_array_elements(c -> 'exceptions') x
        WHERE x ->> 'kind' = 'silent' AND x ->> 'terminal_id' = s.terminal_id)
      AND (public.store_db_note_names(note, s.terminal_id)
        OR public.store_db_note_names(note, s.terminal_name)));
  IF unnamed IS NOT NULL THEN
    RAISE EXCEPTION 'the note must name the silent counters: %', array_to_string(unnamed, ', ')
      USING ERRCODE = 'MS004';
  END IF;
  IF jsonb_array_length(c -> 'exceptions') > 0 AND note IS NULL THEN
    RAISE EXCEPTION '% exceptions need the supervisor''s note', jsonb_array_length(c -> 'exceptions')
      USING ERRCODE = 'MS006';
  END IF;

  closed := jsonb_build_object(
    'supervisor', btrim(p_supervisor),
    'cashier_id', p_cashier_id,
    'terminal_id', p_terminal_id,
    'terminal_name', (SELECT t.terminal_name FROM public.terminals t
      WHERE t.store = p_store AND t.mode = p_mode AND t.terminal_id = p_terminal_id),
    'note', note,
    'exceptions_acknowledged', jsonb_array_length(c -> 'exceptions'),
    'recorded_at', public.store_db_close_time(v_now));
  canonical := public.store_db_canonical_json(jsonb_set(c, '{closed}', closed));
  RETURN QUERY
  INSERT INTO public.store_day_closes AS d
    (store, mode, store_day, content, sha256, closed_by, terminal_id, sent_by)
  VALUES (p_store, p_mode, p_day, canonical,
    encode(pg_catalog.sha256(convert_to(canonical, 'UTF8')), 'hex'), btrim(p_supervisor),
    p_terminal_id, session_user)
  RETURNING true, d.content, d.sha256, d.recorded_at;
END $$;

REVOKE ALL ON FUNCTION store_db_close_time(timestamptz) FROM PUBLIC;
