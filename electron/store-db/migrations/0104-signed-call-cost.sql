-- 0104: the signed call costs less per call (docs/decisions.md "A chain on one server"). The
-- message a batch's HMAC is taken over was an SQL function that PostgreSQL (before 18) plans
-- again at every call: about 0.8 ms of the server's CPU per call, the largest part of a one-line
-- call, measured with track_functions. The same query in PL/pgSQL is planned once per connection.
-- The bytes are the same (the same query; electron/store-db/batch-signature.ts builds them too).
-- Safe on a live store: it replaces two functions' bodies, no table is touched.
CREATE OR REPLACE FUNCTION store_db_batch_message(
  p_terminal_id text, p_beat bigint, p_stores text[], p_modes text[], p_terminal_name text,
  p_app_version text, p_time_zone text, p_journal_seq bigint, p_waiting integer, p_open integer,
  p_sign_off boolean, p_line_stores text[], p_seqs bigint[], p_lines text[], p_line_bytes bytea[]
) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RETURN (
    WITH head AS (
      SELECT string_agg(CASE WHEN v IS NULL THEN '-;' ELSE octet_length(v) || ':' || v || ';' END,
        '' ORDER BY k) AS t
      FROM (
        VALUES (1, 'mostrador-batch/1'), (2, p_terminal_id), (3, p_beat::text),
          (4, p_terminal_name), (5, p_app_version), (6, p_time_zone), (7, p_journal_seq::text),
          (8, p_waiting::text), (9, p_open::text), (10, p_sign_off::text),
          (11, coalesce(cardinality(p_stores), 0)::text)
      ) AS h(k, v)
    ), pairs AS (
      SELECT coalesce(string_agg(octet_length(s) || ':' || s || ';' || octet_length(m) || ':' || m || ';',
        '' ORDER BY n), '') AS t
      FROM unnest(p_stores, p_modes) WITH ORDINALITY AS x(s, m, n)
    ), lines AS (
      SELECT coalesce(string_agg(
        octet_length(s) || ':' || s || ';' || octet_length(q::text) || ':' || q || ';'
          || octet_length(l) || ':' || l || ';'
          || CASE WHEN b IS NULL THEN '-;' ELSE octet_length(b) || ':' || encode(b, 'hex') || ';' END,
        '' ORDER BY n), '') AS t
      FROM unnest(p_line_stores, p_seqs, p_lines, p_line_bytes) WITH ORDINALITY AS x(s, q, l, b, n)
    )
    SELECT convert_to(head.t || pairs.t || coalesce(cardinality(p_seqs), 0) || ';' || lines.t, 'UTF8')
    FROM head, pairs, lines
  );
END $$;

-- The signed call compares a batch's lines with the lines held only when it can hold some: a
-- line above the last seq held for its counter cannot differ from one. On a database never
-- analyzed, the comparison's cached plan took `journal_lines_op` instead of the primary key and
-- read every line of the counter for each line sent, so a first catch-up slowed as it went
-- (0.03x plain INSERT in the bench); new lines now skip it, and a resend still compares.
-- Otherwise the function is 0102's, unchanged.
CREATE OR REPLACE FUNCTION store_db_append(
  p_terminal_id text, p_beat bigint, p_stores text[], p_modes text[], p_terminal_name text,
  p_app_version text, p_time_zone text, p_journal_seq bigint, p_waiting integer, p_open integer,
  p_sign_off boolean, p_line_stores text[], p_seqs bigint[], p_lines text[], p_line_bytes bytea[],
  p_mac bytea
) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  k public.terminal_keys;
  n integer := coalesce(cardinality(p_seqs), 0);
  conflict bigint;
  held bigint;
  held_before bigint;
BEGIN
  SELECT * INTO k FROM public.terminal_keys WHERE terminal_id = p_terminal_id FOR UPDATE;
  IF NOT FOUND OR k.retired_at IS NOT NULL THEN
    RAISE EXCEPTION 'terminal % is not registered', left(p_terminal_id, 64)
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF p_mac IS NULL OR public.hmac(public.store_db_batch_message(p_terminal_id, p_beat, p_stores,
      p_modes, p_terminal_name, p_app_version, p_time_zone, p_journal_seq, p_waiting, p_open,
      p_sign_off, p_line_stores, p_seqs, p_lines, p_line_bytes), k.key, 'sha256') <> p_mac THEN
    RAISE EXCEPTION 'the batch is not signed by terminal %', p_terminal_id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF p_beat IS NULL OR p_beat <= k.last_beat THEN
    RAISE EXCEPTION 'call % of terminal % is not after its call %', p_beat, p_terminal_id,
      k.last_beat USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF n > 5000 OR coalesce(cardinality(p_line_stores), 0) <> n
    OR coalesce(cardinality(p_lines), 0) <> n OR coalesce(cardinality(p_line_bytes), 0) <> n
    OR coalesce(cardinality(p_stores), 0) NOT BETWEEN 1 AND 2
    OR coalesce(cardinality(p_modes), 0) <> cardinality(p_stores)
    OR EXISTS (SELECT FROM unnest(p_line_stores) s WHERE s IS NULL OR NOT s = ANY (p_stores))
    OR EXISTS (SELECT FROM unnest(p_modes) m WHERE m IS NULL OR m NOT IN ('live', 'training')) THEN
    RAISE EXCEPTION 'a batch of at most 5000 lines, each under one of its 1 or 2 stores'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  -- IANA zone names only, as 0102: PostgreSQL reads a POSIX offset such as '+09:00' with its sign
  -- reversed and files a sale under another day (docs/decisions.md "The store time zone is an
  -- IANA name (issue 26, item 8)").
  IF p_time_zone IS NULL OR NOT (p_time_zone = 'UTC' OR p_time_zone ~
      '^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)/[A-Za-z0-9_+-]+(/[A-Za-z0-9_+-]+)?$')
  THEN
    RAISE EXCEPTION 'the store time zone % is not an IANA name', left(p_time_zone, 64)
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  UPDATE public.terminal_keys SET last_beat = p_beat WHERE terminal_id = p_terminal_id;

  -- Only a line at or below the last seq held can differ from a held one: new lines (every call
  -- but a resend) skip the comparison. The last seq held is read by the primary key backwards.
  SELECT max(l.seq) INTO held_before FROM unnest(p_stores) AS s(store)
  CROSS JOIN LATERAL (
    SELECT j.seq FROM public.journal_lines j
    WHERE j.store = s.store AND j.terminal_id = p_terminal_id
    ORDER BY j.seq DESC LIMIT 1
  ) l;
  IF n > 0 AND (SELECT min(q) FROM unnest(p_seqs) AS q) <= coalesce(held_before, 0) THEN
    SELECT min(x.q) INTO conflict
    FROM unnest(p_line_stores, p_seqs, p_lines) AS x(s, q, l)
    JOIN public.journal_lines j ON j.store = x.s AND j.terminal_id = p_terminal_id AND j.seq = x.q
    WHERE j.line <> x.l;
  END IF;

  INSERT INTO public.journal_lines
    (store, terminal_id, seq, time_zone, line, line_bytes, signed_by, sent_by)
  SELECT x.s, p_terminal_id, x.q, p_time_zone, x.l, x.b, p_terminal_id, session_user
  FROM unnest(p_line_stores, p_seqs, p_lines, p_line_bytes) WITH ORDINALITY AS x(s, q, l, b, o)
  WHERE conflict IS NULL OR x.q < conflict
  ORDER BY x.o
  ON CONFLICT (store, terminal_id, seq) DO NOTHING;

  SELECT max(l.seq) INTO held FROM unnest(p_stores) AS s(store)
  CROSS JOIN LATERAL (
    SELECT j.seq FROM public.journal_lines j
    WHERE j.store = s.store AND j.terminal_id = p_terminal_id
    ORDER BY j.seq DESC LIMIT 1
  ) l;

  INSERT INTO public.terminals AS t (store, mode, terminal_id, terminal_name, app_version,
    last_seen_at, journal_seq, waiting_lines, open_operations, signed_off_at, waiting_since,
    conflict_seq)
  SELECT x.s, x.m, p_terminal_id, left(p_terminal_name, 32), left(p_app_version, 32), now(),
    p_journal_seq, p_waiting, p_open,
    CASE WHEN p_sign_off AND p_waiting = 0 AND p_open = 0 THEN now() END,
    CASE WHEN coalesce(held, 0) < coalesce(p_journal_seq, 0) OR p_waiting > 0 THEN now() END,
    conflict
  FROM unnest(p_stores, p_modes) AS x(s, m)
  ON CONFLICT (store, mode, terminal_id) DO UPDATE
    SET terminal_name = excluded.terminal_name,
        app_version = excluded.app_version,
        last_seen_at = excluded.last_seen_at,
        journal_seq = excluded.journal_seq,
        waiting_lines = excluded.waiting_lines,
        open_operations = excluded.open_operations,
        signed_off_at = excluded.signed_off_at,
        waiting_since = CASE WHEN excluded.waiting_since IS NULL THEN NULL
          ELSE coalesce(t.waiting_since, excluded.waiting_since) END,
        -- A heartbeat sends no line: it leaves the alarm of the last batch as it was.
        conflict_seq = CASE WHEN n > 0 THEN excluded.conflict_seq ELSE t.conflict_seq END;
  RETURN conflict;
END $$;
