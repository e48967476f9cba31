-- 0106: the store close is signed by the counter that asks for it (docs/store-database.md "What
-- one counter's login can and cannot do: the day close"). 0103 made the database check every
-- figure of a close, but who asked was the caller's word: a login could close a day in another
-- counter's name. The close now carries an HMAC-SHA256 under the closing counter's key, over
-- the same length-prefixed fields as a batch's message (electron/store-db/close-signature.ts
-- builds the same bytes). No call number: a close is kept once per day, so a replay can only
-- repeat the close it signed (also one refused then and valid later: docs/decisions.md). Counters
-- of an older version cannot close until upgraded.
-- Safe on a live store: two functions and grants, no table is touched.
CREATE FUNCTION store_db_close_message(
  p_store text, p_mode text, p_day date, p_content text, p_supervisor text, p_cashier_id text,
  p_terminal_id text, p_note text
) RETURNS bytea
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT convert_to(string_agg(
    CASE WHEN v IS NULL THEN '-;' ELSE octet_length(v) || ':' || v || ';' END, '' ORDER BY k),
    'UTF8')
  FROM (VALUES (1, 'mostrador-close/1'), (2, p_store), (3, p_mode), (4, to_char(p_day, 'YYYY-MM-DD')),
    (5, p_content), (6, p_supervisor), (7, p_cashier_id), (8, p_terminal_id), (9, p_note)
  ) AS f(k, v)
$$;

CREATE FUNCTION store_db_close_day(
  p_store text, p_mode text, p_day date, p_content text, p_supervisor text, p_cashier_id text,
  p_terminal_id text, p_note text, p_mac bytea
) RETURNS TABLE (inserted boolean, content text, sha256 text, recorded_at timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  k public.terminal_keys;
BEGIN
  SELECT * INTO k FROM public.terminal_keys WHERE terminal_id = p_terminal_id;
  IF NOT FOUND OR k.retired_at IS NOT NULL THEN
    RAISE EXCEPTION 'terminal % is not registered', left(p_terminal_id, 64)
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF p_mac IS NULL OR public.hmac(public.store_db_close_message(p_store, p_mode, p_day, p_content,
      p_supervisor, p_cashier_id, p_terminal_id, p_note), k.key, 'sha256') <> p_mac THEN
    RAISE EXCEPTION 'the close is not signed by terminal %', left(p_terminal_id, 64)
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN QUERY SELECT * FROM public.store_db_close_day(p_store, p_mode, p_day, p_content,
    p_supervisor, p_cashier_id, p_terminal_id, p_note);
END $$;

REVOKE ALL ON FUNCTION store_db_close_message(text, text, date, text, text, text, text, text)
  FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_close_day(text, text, date, text, text, text, text, text, bytea)
  FROM PUBLIC;
GRANT EXECUTE ON FUNCTION store_db_close_day(text, text, date, text, text, text, text, text, bytea)
  TO mostrador_terminal;
-- The unsigned close is the signed one's inside now, no longer a counter's to call.
REVOKE EXECUTE ON FUNCTION store_db_close_day(text, text, date, text, text, text, text, text)
  FROM mostrador_terminal;
