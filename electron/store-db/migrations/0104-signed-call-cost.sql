-- 0104: the signed call costs less per call (docs/decisions.md "A chain on one server"). The
-- message a batch's HMAC is taken over was an SQL function that PostgreSQL (before 18) plans
-- again at every call: about 0.8 ms of the server's CPU per call, the largest part of a one-line
-- call, measured with track_functions. The same query in PL/pgSQL is planned once per connection.
-- The bytes are the same (the same query; electron/store-db/batch-signature.ts builds them too).
-- Safe on a live store: it replaces one function's body, no table is touched.
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
