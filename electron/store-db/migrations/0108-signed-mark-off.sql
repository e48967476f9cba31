-- 0108: marking a silent counter off for the day is signed by the counter whose supervisor does
-- it, as the close is (0106; docs/store-database.md "What one counter's login can and cannot do:
-- the day close"). Marked off, a silent counter with work no longer has to be named in the
-- close's note: a login that could mark any counter off in anyone's name could switch that check
-- off. The call now carries the marking counter's id and an HMAC-SHA256 under its key over every
-- argument (electron/store-db/close-signature.ts builds the same bytes), and `terminals` keeps
-- which counter marked it. No call number: marking the same counter off for the same day again
-- changes nothing but the time. Safe on a live store: a new nullable column, two functions.
ALTER TABLE terminals ADD COLUMN off_marked_by text;

CREATE FUNCTION store_db_mark_off_message(
  p_store text, p_mode text, p_terminal_id text, p_day date, p_supervisor text,
  p_by_terminal_id text
) RETURNS bytea
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT convert_to(string_agg(
    CASE WHEN v IS NULL THEN '-;' ELSE octet_length(v) || ':' || v || ';' END, '' ORDER BY k),
    'UTF8')
  FROM (VALUES (1, 'mostrador-mark-off/1'), (2, p_store), (3, p_mode), (4, p_terminal_id),
    (5, to_char(p_day, 'YYYY-MM-DD')), (6, p_supervisor), (7, p_by_terminal_id)
  ) AS f(k, v)
$$;

CREATE FUNCTION store_db_mark_off(
  p_store text, p_mode text, p_terminal_id text, p_day date, p_supervisor text,
  p_by_terminal_id text, p_mac bytea
) RETURNS timestamptz
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  k public.terminal_keys;
  marked timestamptz;
BEGIN
  SELECT * INTO k FROM public.terminal_keys WHERE terminal_id = p_by_terminal_id;
  IF NOT FOUND OR k.retired_at IS NOT NULL THEN
    RAISE EXCEPTION 'terminal % is not registered', left(p_by_terminal_id, 64)
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF p_mac IS NULL OR public.hmac(public.store_db_mark_off_message(p_store, p_mode, p_terminal_id,
      p_day, p_supervisor, p_by_terminal_id), k.key, 'sha256') <> p_mac THEN
    RAISE EXCEPTION 'the mark-off is not signed by terminal %', left(p_by_terminal_id, 64)
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NOT EXISTS (SELECT FROM public.terminals t WHERE t.store = p_store AND t.mode = p_mode
      AND t.terminal_id = p_by_terminal_id) THEN
    RAISE EXCEPTION 'terminal % is not a counter of this store', left(p_by_terminal_id, 64)
      USING ERRCODE = 'MS005';
  END IF;
  marked := public.store_db_mark_off(p_store, p_mode, p_terminal_id, p_day, p_supervisor);
  UPDATE public.terminals t SET off_marked_by = p_by_terminal_id
    WHERE t.store = p_store AND t.mode = p_mode AND t.terminal_id = p_terminal_id;
  RETURN marked;
END $$;

REVOKE ALL ON FUNCTION store_db_mark_off_message(text, text, text, date, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_mark_off(text, text, text, date, text, text, bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION store_db_mark_off(text, text, text, date, text, text, bytea)
  TO mostrador_terminal;
-- The unsigned mark-off is the signed one's inside now, no longer a counter's to call.
REVOKE EXECUTE ON FUNCTION store_db_mark_off(text, text, text, date, text) FROM mostrador_terminal;
