-- 0103: the database keeps the store's day close, and only its own figures (docs/store-close.md
-- "Closing the day", docs/decisions.md "The database checks the close"). A counter login loses
-- INSERT on store_day_closes: store_db_close_day, owned by the owner, is the only way a close is
-- written. It refuses a day not yet ended in the store's time zone, a day with an operation
-- without a definite answer, a content whose figures are not the ones it computes from the lines
-- it holds, and a day where a counter went silent with work unless the supervisor's note names
-- it; a day already closed answers its close. It fills in who closed and when, writes the
-- canonical text and hashes it. Safe on a live store: one nullable column, no rewrite.

-- The login that called store_db_close_day (null on closes from before 0103).
ALTER TABLE store_day_closes ADD COLUMN sent_by text;

-- The canonical JSON the close's hash is taken over (docs/store-close.md "Canonical form";
-- shared/store/close-record.ts canonicalJson): no whitespace, keys in byte order, arrays in
-- their order, strings escaped as JSON.stringify escapes them (PostgreSQL's JSON text escapes
-- the same characters the same way), integers only.
CREATE FUNCTION store_db_canonical_json(v jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  CASE jsonb_typeof(v)
    WHEN 'object' THEN
      RETURN '{' || coalesce((
        SELECT string_agg(to_json(e.k)::text || ':' || public.store_db_canonical_json(e.x), ','
          ORDER BY e.k COLLATE "C")
        FROM jsonb_each(v) AS e(k, x)), '') || '}';
    WHEN 'array' THEN
      RETURN '[' || coalesce((
        SELECT string_agg(public.store_db_canonical_json(a.x), ',' ORDER BY a.n)
        FROM jsonb_array_elements(v) WITH ORDINALITY AS a(x, n)), '') || ']';
    WHEN 'number' THEN
      IF v::text !~ '^-?[0-9]+$' THEN
        RAISE EXCEPTION 'the close holds integers only, not %', v::text
          USING ERRCODE = 'MS005';
      END IF;
      RETURN v::text;
    ELSE
      RETURN v::text;
  END CASE;
END $$;

-- Whether the note names a counter (its name or its id) as a whole word, in any case; the
-- screen asks the same (shared/store/store-close.ts noteNames).
CREATE FUNCTION store_db_note_names(p_note text, p_name text) RETURNS boolean
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT p_note IS NOT NULL AND p_name IS NOT NULL AND p_name <> '' AND p_note ~* (
    '(^|[^[:alnum:]])' || regexp_replace(p_name, '([.^$*+?()\[\]{}|\\-])', '\\\1', 'g')
    || '($|[^[:alnum:]])')
$$;

-- The store day's figures as the database computes them from the lines it holds: per counter
-- (those with operations that day), the store's totals, the sales and undos covered, and the
-- operations still without a definite answer. shared/store/store-close.ts computes the same from
-- the same view for the screen; store_db_close_day refuses a content that says otherwise.
CREATE FUNCTION store_db_day_figures(p_store text, p_mode text, p_day date) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  WITH ops AS (
    SELECT o.*,
      o.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled') AS billing,
      o.operation IN ('v3.undoBilling', 'v2.undoBilling') AS undo
    FROM public.store_operations o
    WHERE o.store = p_store AND o.mode = p_mode AND o.store_day = p_day
  ), last_money AS (
    -- Per customer and code, the last sale or undo that succeeded: an undo sets apart what the
    -- code's billings collected (shared/domain/reconcile.ts undoneCollections).
    SELECT DISTINCT ON (identity_value, coalesce(funding_code, '')) identity_value,
      coalesce(funding_code, '') AS code, undo
    FROM ops
    WHERE status = 'succeeded' AND (billing OR undo) AND coalesce(identity_value, '') <> ''
    ORDER BY identity_value, coalesce(funding_code, ''), started_at DESC, terminal_id DESC,
      op_id DESC
  ), set_apart AS (
    SELECT o.op_id FROM ops o
    JOIN last_money l ON l.identity_value = o.identity_value AND l.code = coalesce(o.funding_code, '')
    WHERE l.undo AND o.billing AND o.status = 'succeeded'
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
      'open', count(*) FILTER (WHERE o.status IN ('pending', 'unknown')
        AND o.operation NOT IN ('v3.verify', 'v2.info', 'v2.daySummary')),
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
        AND operation NOT IN ('v3.verify', 'v2.info', 'v2.daySummary')),
      'operations', count(*)),
    'op_ids', coalesce(jsonb_agg(op_id::text ORDER BY op_id::text COLLATE "C")
      FILTER (WHERE billing OR undo), '[]'::jsonb))
  FROM ops
$$;

-- The only way a close is written. The counter sends the content it built for the screen (the
-- draft: `closed` null), who closes and the note; the database checks the content against its
-- own figures and the counters' standing, then writes it with `closed` filled in and hashed.
-- SQLSTATEs: MS001 the day has not ended; MS002 an operation has no definite answer; MS003 the
-- content's figures are not the database's; MS004 a silent counter with work is not named in
-- the note; MS005 the content or the arguments are not a close; MS006 exceptions need a note.
CREATE FUNCTION store_db_close_day(
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
    "undone_collected_cents":0,"open":0,"operations":0,"cashiers":[],"by_cashier":[]}';
  unnamed text[];
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
    OR c ->> 'format' IS DISTINCT FROM 'mostrador-store-close/2'
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
      WHERE jsonb_typeof(x) IS DISTINCT FROM 'object'
        OR x ->> 'kind' IS NULL OR x ->> 'kind' NOT IN ('held', 'open', 'reconcile', 'silent'))
    OR (SELECT count(DISTINCT x ->> 'terminal_id') <> count(*)
      FROM jsonb_array_elements(c -> 'counters') x) THEN
    RAISE EXCEPTION 'not a draft close (format mostrador-store-close/2) of store %, mode %, day %',
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
    AND o.operation NOT IN ('v3.verify', 'v2.info', 'v2.daySummary');
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
    'undone_collected_cents', x -> 'undone_collected_cents', 'open', x -> 'open',
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

  -- A counter silent by the database's standing, whose day is not known complete, that had work
  -- that day (lines of it, operations it reported open, its last call during it): the close
  -- lists it, and the note names it.
  SELECT array_agg(coalesce(s.terminal_name, s.terminal_id) ORDER BY s.terminal_id) INTO unnamed
  FROM public.store_counters s
  CROSS JOIN LATERAL (SELECT j.store_day FROM public.journal_lines j
    WHERE j.store = s.store AND j.terminal_id = s.terminal_id ORDER BY j.seq DESC LIMIT 1) l
  WHERE s.store = p_store AND s.mode = p_mode
    -- Marked off for another day is still silent for this one.
    AND (s.standing = 'silent' OR (s.standing = 'off' AND s.off_day IS DISTINCT FROM p_day))
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
    'recorded_at', to_char(v_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  canonical := public.store_db_canonical_json(jsonb_set(c, '{closed}', closed));
  RETURN QUERY
  INSERT INTO public.store_day_closes AS d
    (store, mode, store_day, content, sha256, closed_by, terminal_id, sent_by)
  VALUES (p_store, p_mode, p_day, canonical,
    encode(pg_catalog.sha256(convert_to(canonical, 'UTF8')), 'hex'), btrim(p_supervisor),
    p_terminal_id, session_user)
  RETURNING true, d.content, d.sha256, d.recorded_at;
END $$;

-- A supervisor marks a silent counter off for a store day (PIN at a counter; recorded): the
-- close of that day then reads it `off`, not silent (of any other day it is still silent). Only a
-- counter silent now (or already off), never a current one.
CREATE FUNCTION store_db_mark_off(
  p_store text, p_mode text, p_terminal_id text, p_day date, p_supervisor text
) RETURNS timestamptz
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  standing text;
BEGIN
  IF length(btrim(coalesce(p_supervisor, ''))) NOT BETWEEN 1 AND 64 OR p_day IS NULL THEN
    RAISE EXCEPTION 'a supervisor (1 to 64 characters) and a day' USING ERRCODE = 'MS005';
  END IF;
  SELECT s.standing INTO standing FROM public.store_counters s
    WHERE s.store = p_store AND s.mode = p_mode AND s.terminal_id = p_terminal_id;
  IF standing IS NULL OR standing NOT IN ('silent', 'off') THEN
    RAISE EXCEPTION 'counter % is %, not silent', left(p_terminal_id, 64), coalesce(standing, 'unknown')
      USING ERRCODE = 'MS005';
  END IF;
  UPDATE public.terminals t SET off_day = p_day, off_by = btrim(p_supervisor), off_at = now()
    WHERE t.store = p_store AND t.mode = p_mode AND t.terminal_id = p_terminal_id;
  RETURN now();
END $$;

REVOKE INSERT ON store_day_closes FROM mostrador_terminal;
REVOKE ALL ON FUNCTION store_db_close_day(text, text, date, text, text, text, text, text)
  FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_mark_off(text, text, text, date, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION store_db_close_day(text, text, date, text, text, text, text, text)
  TO mostrador_terminal;
GRANT EXECUTE ON FUNCTION store_db_mark_off(text, text, text, date, text) TO mostrador_terminal;
