-- 0110: walls between stores (docs/store-database.md "Walls between stores", docs/decisions.md
-- "Walls between stores: the store comes from the database"). A chain keeps many stores in one
-- database; nothing a call carries may take a counter outside its store:
-- - a counter's key is bound to one store when the technician enrolls it with a one-time code
--   (`store_db_enroll`); trust on first use is gone (`store_db_register` only confirms a key);
-- - every signed call (lines, heartbeat, close, mark-off) is refused for any store but the key's
--   own (its live store, and that store's training store);
-- - a login is bound to the stores the owner names (`store_logins`), or is the chain's login
--   through the pooler (`mostrador_shared_login`, any store's key, no plain reads); a signed call
--   must come through a login allowed the key's store;
-- - a login reads, with plain SQL, only the rows of its own stores (row-level security; the views
--   run as their reader); a chain login reads only through signed calls (0112);
-- - a read-only head-office role (`mostrador_head_office`) reads figures and closes, never a DNI
--   (its functions come in 0113).
-- And a pooled server no client can disturb (docs/store-database.md "A pooled server"): counter
-- logins lose TEMP, the signed call checks sizes and its signature before it locks anything and
-- waits for a lock no longer than lock_timeout.
-- Upgrade: the keys and logins that exist are bound to the stores their counters' rows show;
-- `migrate` lists what it could not bind (NOTICE), and a key already writing keeps writing.
-- Needs PostgreSQL 15 (views that run as their reader: security_invoker).

DO $$
BEGIN
  IF current_setting('server_version_num')::integer < 150000 THEN
    RAISE EXCEPTION 'the store database needs PostgreSQL 15 or newer (this server is %)',
      current_setting('server_version');
  END IF;
END $$;

DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'mostrador_head_office') THEN
    CREATE ROLE mostrador_head_office NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END $$;

-- The store a login belongs to, as the owner binds it (`npm run store-db -- add-login --store S`).
-- A login may hold more than one store only where the owner adds each. A chain's login through the
-- pooler is instead a member of mostrador_shared_login (below).
CREATE TABLE store_logins (
  login text NOT NULL CHECK (length(login) BETWEEN 1 AND 63),
  store text NOT NULL CHECK (length(store) BETWEEN 1 AND 128),
  bound_at timestamptz NOT NULL DEFAULT now(),
  bound_by text NOT NULL DEFAULT session_user,
  -- 'add-login' (the owner's command) or 'upgrade' (migrate bound it from its counters' rows).
  how text NOT NULL DEFAULT 'add-login' CHECK (how IN ('add-login', 'upgrade')),
  PRIMARY KEY (login, store)
);
REVOKE ALL ON store_logins FROM PUBLIC;

-- The training store of a live store, as the app names it (electron/store-link/training-store-id.ts):
-- `training:<store>`, or `training:sha256:<hex>` when that is longer than a store id may be.
CREATE FUNCTION store_db_training_store(p_store text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT CASE WHEN length('training:' || p_store) <= 128 THEN 'training:' || p_store
    ELSE 'training:sha256:' || encode(sha256(convert_to(p_store, 'UTF8')), 'hex') END
$$;

-- Each key's store, and how it came to be bound.
ALTER TABLE terminal_keys
  ADD COLUMN store text CHECK (length(store) BETWEEN 1 AND 128),
  ADD COLUMN enrolled_at timestamptz,
  -- The login that sent the enrollment (session_user).
  ADD COLUMN enrolled_by text,
  -- Who made the code (the owner login that ran `enroll`), and the note given with it.
  ADD COLUMN code_made_by text,
  ADD COLUMN code_note text,
  ADD COLUMN enrolled_how text CHECK (enrolled_how IN ('code', 'upgrade'));

-- One-time enrollment codes (`npm run store-db -- enroll --store S [--terminal ID]`): only a hash
-- is kept; a code enrolls one counter in its store once, before it expires. A code naming a
-- terminal re-enrolls that counter (a lost key, a counter moved to this store).
CREATE TABLE enrollment_codes (
  code_sha256 bytea PRIMARY KEY CHECK (octet_length(code_sha256) = 32),
  store text NOT NULL CHECK (length(store) BETWEEN 1 AND 128),
  terminal_id text CHECK (length(terminal_id) BETWEEN 1 AND 64),
  made_by text NOT NULL DEFAULT session_user,
  note text CHECK (length(note) <= 200),
  made_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by_terminal text,
  used_by_login text
);
REVOKE ALL ON enrollment_codes FROM PUBLIC;

-- The alphabet of codes and terminal ids: no 0/O, 1/I (read aloud, typed by hand).
CREATE FUNCTION store_db_normal_code(p_code text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT upper(regexp_replace(coalesce(left(p_code, 64), ''), '[\s-]', '', 'g'))
$$;

-- A new code for a store (the owner's; counters cannot call it): 12 characters of 32 (60 bits),
-- shown once as XXXX-XXXX-XXXX, valid `p_hours` (1 to 72).
CREATE FUNCTION store_db_make_enrollment_code(
  p_store text, p_terminal_id text, p_hours integer, p_note text
) RETURNS TABLE (code text, expires_at timestamptz)
LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  raw bytea := public.gen_random_bytes(12);
  plain text := '';
  until timestamptz := now() + make_interval(hours => p_hours);
BEGIN
  IF p_store IS NULL OR length(p_store) NOT BETWEEN 1 AND 128 OR p_store LIKE 'training:%'
    OR p_hours IS NULL OR p_hours NOT BETWEEN 1 AND 72
    OR (p_terminal_id IS NOT NULL AND length(p_terminal_id) NOT BETWEEN 1 AND 64)
    OR length(coalesce(p_note, '')) > 200 THEN
    RAISE EXCEPTION 'a live store id (1 to 128 characters), 1 to 72 hours, a terminal id of 1 to 64 characters or none, a note of at most 200'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  FOR i IN 0 .. 11 LOOP
    plain := plain || substr(alphabet, get_byte(raw, i) % 32 + 1, 1);
  END LOOP;
  INSERT INTO public.enrollment_codes (code_sha256, store, terminal_id, note, expires_at)
    VALUES (sha256(convert_to(plain, 'UTF8')), p_store, p_terminal_id, p_note, until);
  RETURN QUERY SELECT substr(plain, 1, 4) || '-' || substr(plain, 5, 4) || '-' || substr(plain, 9, 4),
    until;
END $$;
REVOKE ALL ON FUNCTION store_db_make_enrollment_code(text, text, integer, text) FROM PUBLIC;

-- Whether the calling login may carry a key of `p_store`: a login bound to it, the chain's login
-- (mostrador_shared_login: any store, the key decides), or the owner.
CREATE FUNCTION store_db_login_may(p_store text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT session_user = current_user
    OR pg_has_role(session_user, 'mostrador_shared_login', 'MEMBER')
    OR EXISTS (SELECT FROM public.store_logins b WHERE b.login = session_user AND b.store = p_store)
$$;
REVOKE ALL ON FUNCTION store_db_login_may(text) FROM PUBLIC;

-- The stores the calling login reads with plain SQL (row-level security below): its bound stores
-- and their training stores. The chain's login reads none this way (its counters read through
-- signed calls whose store comes from their key): its plain reads fail rather than answer empty,
-- so a counter of an older version says "not checked" instead of "nothing found".
CREATE FUNCTION store_db_login_stores() RETURNS text[]
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  stores text[];
BEGIN
  IF pg_has_role(session_user, 'mostrador_shared_login', 'MEMBER') THEN
    RAISE EXCEPTION 'login % is the chain''s login: it reads through signed calls only', session_user
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT coalesce(array_agg(s), '{}') INTO stores FROM (
    SELECT b.store FROM public.store_logins b WHERE b.login = session_user
    UNION ALL
    SELECT public.store_db_training_store(b.store) FROM public.store_logins b
    WHERE b.login = session_user) x(s);
  RETURN stores;
END $$;
REVOKE ALL ON FUNCTION store_db_login_stores() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION store_db_login_stores() TO mostrador_terminal;

-- The key of `p_terminal_id` when `p_mac` is its HMAC-SHA256 of `p_message`, checked before
-- anything is locked (a call that is not the counter's costs the caller only its own checks),
-- and the calling login may carry the key's store. Raises: MS010 not enrolled (no key, or a key
-- bound to no store), 42501 retired, MS014 not signed by its key (a forged call, or a counter
-- whose key was lost: it is enrolled again with a code that names it), MS011 the login is not
-- the store's.
CREATE FUNCTION store_db_signer(p_terminal_id text, p_message bytea, p_mac bytea)
RETURNS public.terminal_keys
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  k public.terminal_keys;
BEGIN
  SELECT * INTO k FROM public.terminal_keys WHERE terminal_id = p_terminal_id;
  IF NOT FOUND OR k.store IS NULL THEN
    RAISE EXCEPTION 'counter % is not enrolled in a store: enroll it with a code (npm run store-db -- enroll)',
      left(p_terminal_id, 64) USING ERRCODE = 'MS010';
  END IF;
  IF k.retired_at IS NOT NULL THEN
    RAISE EXCEPTION 'terminal % was retired at %', left(p_terminal_id, 64), k.retired_at
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF p_mac IS NULL OR octet_length(p_mac) <> 32
    OR public.hmac(p_message, k.key, 'sha256') <> p_mac THEN
    RAISE EXCEPTION 'the call is not signed by terminal %', left(p_terminal_id, 64)
      USING ERRCODE = 'MS014';
  END IF;
  IF NOT public.store_db_login_may(k.store) THEN
    RAISE EXCEPTION 'login % is not a login of store %', session_user, k.store
      USING ERRCODE = 'MS011';
  END IF;
  RETURN k;
END $$;
REVOKE ALL ON FUNCTION store_db_signer(text, bytea, bytea) FROM PUBLIC;

-- Whether (store, mode) is one the key writes: its live store, or that store's training store.
CREATE FUNCTION store_db_key_writes(p_key_store text, p_store text, p_mode text) RETURNS boolean
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT (p_mode = 'live' AND p_store = p_key_store)
    OR (p_mode = 'training' AND p_store = public.store_db_training_store(p_key_store))
$$;

-- A counter joins its store: its key, with a one-time code the owner made for that store. Race
-- free: the code's row is locked, so of any number of calls with one code one enrolls; a new
-- terminal id is a primary key, so of two codes racing for one id one enrolls. A code naming a
-- terminal re-enrolls it (a new key: a lost one, or a counter moved to this store); the counter's
-- lines stay, and its unsent ones go on under the new key. `p_expected_store` is the store the
-- counter is set to: a code of another store is refused (MS011) before it is used, so a code
-- typed at the wrong counter is not spent binding it elsewhere. Returns the store and the last
-- call number held (the counter numbers its next call after it).
CREATE FUNCTION store_db_enroll(p_terminal_id text, p_key bytea, p_code text,
  p_expected_store text DEFAULT NULL)
RETURNS TABLE (store text, beat bigint)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  SET lock_timeout = '3s' AS $$
DECLARE
  normal text := public.store_db_normal_code(p_code);
  c public.enrollment_codes;
  k public.terminal_keys;
BEGIN
  IF p_terminal_id IS NULL OR length(p_terminal_id) NOT BETWEEN 1 AND 64
    OR p_key IS NULL OR octet_length(p_key) <> 32 OR normal !~ '^[A-HJ-NP-Z2-9]{12}$' THEN
    RAISE EXCEPTION 'an enrollment code is 12 letters and digits (XXXX-XXXX-XXXX), with a terminal id and a key of 32 bytes'
      USING ERRCODE = 'MS012';
  END IF;
  SELECT * INTO c FROM public.enrollment_codes e
    WHERE e.code_sha256 = sha256(convert_to(normal, 'UTF8')) FOR UPDATE;
  IF NOT FOUND OR c.used_at IS NOT NULL OR c.expires_at < now() THEN
    RAISE EXCEPTION 'this enrollment code is not valid: unknown, already used or expired'
      USING ERRCODE = 'MS012';
  END IF;
  IF p_expected_store IS NOT NULL AND c.store <> p_expected_store THEN
    RAISE EXCEPTION 'this code is for store %; this counter is set to store %', c.store,
      left(p_expected_store, 128) USING ERRCODE = 'MS011';
  END IF;
  IF c.terminal_id IS NOT NULL AND c.terminal_id <> p_terminal_id THEN
    RAISE EXCEPTION 'this code re-enrolls counter %, not %', c.terminal_id, left(p_terminal_id, 64)
      USING ERRCODE = 'MS012';
  END IF;
  IF NOT public.store_db_login_may(c.store) THEN
    RAISE EXCEPTION 'login % is not a login of store %: the code is for that store', session_user,
      c.store USING ERRCODE = 'MS011';
  END IF;
  SELECT * INTO k FROM public.terminal_keys t WHERE t.terminal_id = p_terminal_id FOR UPDATE;
  IF FOUND THEN
    IF c.terminal_id IS NULL THEN
      RAISE EXCEPTION 'counter % is already enrolled (store %): re-enrolling it needs a code that names it (enroll --terminal %)',
        p_terminal_id, coalesce(k.store, 'none'), p_terminal_id USING ERRCODE = 'MS012';
    END IF;
    UPDATE public.terminal_keys t
      SET key = p_key, store = c.store, retired_at = NULL, enrolled_at = now(),
        enrolled_by = session_user, code_made_by = c.made_by, code_note = c.note,
        enrolled_how = 'code'
      WHERE t.terminal_id = p_terminal_id
      RETURNING * INTO k;
  ELSE
    BEGIN
      INSERT INTO public.terminal_keys AS t (terminal_id, key, registered_by, store, enrolled_at,
        enrolled_by, code_made_by, code_note, enrolled_how)
      VALUES (p_terminal_id, p_key, session_user, c.store, now(), session_user, c.made_by,
        c.note, 'code')
      RETURNING * INTO k;
    EXCEPTION WHEN unique_violation THEN
      RAISE EXCEPTION 'counter % was enrolled at the same moment with another code', p_terminal_id
        USING ERRCODE = 'MS012';
    END;
  END IF;
  UPDATE public.enrollment_codes e
    SET used_at = now(), used_by_terminal = p_terminal_id, used_by_login = session_user
    WHERE e.code_sha256 = c.code_sha256;
  RETURN QUERY SELECT k.store, k.last_beat;
END $$;
REVOKE ALL ON FUNCTION store_db_enroll(text, bytea, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION store_db_enroll(text, bytea, text, text) TO mostrador_terminal;

-- Counters of an older version confirm their key at connect with this call. It registers nothing
-- now (a counter joins only with an enrollment code): a key it holds must be the enrolled one.
CREATE OR REPLACE FUNCTION store_db_register(p_terminal_id text, p_key bytea) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  k public.terminal_keys;
BEGIN
  IF p_terminal_id IS NULL OR length(p_terminal_id) NOT BETWEEN 1 AND 64
    OR p_key IS NULL OR octet_length(p_key) <> 32 THEN
    RAISE EXCEPTION 'a terminal id of 1 to 64 characters and a key of 32 bytes'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT * INTO k FROM public.terminal_keys WHERE terminal_id = p_terminal_id;
  IF NOT FOUND OR k.store IS NULL THEN
    RAISE EXCEPTION 'counter % is not enrolled in a store: enroll it with a code (npm run store-db -- enroll)',
      left(p_terminal_id, 64) USING ERRCODE = 'MS010';
  END IF;
  IF k.retired_at IS NOT NULL THEN
    RAISE EXCEPTION 'terminal % was retired at %', p_terminal_id, k.retired_at
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF k.key <> p_key THEN
    RAISE EXCEPTION 'terminal % is registered with another key', p_terminal_id
      USING ERRCODE = 'MS014';
  END IF;
  IF NOT public.store_db_login_may(k.store) THEN
    RAISE EXCEPTION 'login % is not a login of store %', session_user, k.store
      USING ERRCODE = 'MS011';
  END IF;
  RETURN k.last_beat;
END $$;

-- The only way a counter writes: its lines and its heartbeat, signed with its key. Cheap checks
-- first (sizes, counts, the zone's spelling), then the signature and the store (no lock taken:
-- a call that is not this counter's never holds its row), then the key's row, locked for the call
-- number, waiting no longer than lock_timeout. Every line and both (store, mode) pairs must be
-- the key's own store (MS011). Otherwise the function is 0104's.
CREATE OR REPLACE FUNCTION store_db_append(
  p_terminal_id text, p_beat bigint, p_stores text[], p_modes text[], p_terminal_name text,
  p_app_version text, p_time_zone text, p_journal_seq bigint, p_waiting integer, p_open integer,
  p_sign_off boolean, p_line_stores text[], p_seqs bigint[], p_lines text[], p_line_bytes bytea[],
  p_mac bytea
) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  SET plan_cache_mode = force_generic_plan SET lock_timeout = '2s' AS $$
DECLARE
  k public.terminal_keys;
  n integer := coalesce(cardinality(p_seqs), 0);
  last_beat bigint;
  conflict bigint;
  held bigint;
  held_before bigint;
BEGIN
  IF n > 5000 OR coalesce(cardinality(p_line_stores), 0) <> n
    OR coalesce(cardinality(p_lines), 0) <> n OR coalesce(cardinality(p_line_bytes), 0) <> n
    OR coalesce(cardinality(p_stores), 0) NOT BETWEEN 1 AND 2
    OR coalesce(cardinality(p_modes), 0) <> cardinality(p_stores)
    OR p_terminal_id IS NULL OR length(p_terminal_id) NOT BETWEEN 1 AND 64
    OR p_beat IS NULL OR p_beat <= 0
    OR p_journal_seq IS NULL OR p_journal_seq NOT BETWEEN 0 AND 1000000000000
    OR p_waiting IS NULL OR p_waiting < 0 OR p_open IS NULL OR p_open NOT BETWEEN 0 AND 1000000
    OR p_sign_off IS NULL OR length(coalesce(p_terminal_name, '')) > 256
    OR length(coalesce(p_app_version, '')) > 256 THEN
    RAISE EXCEPTION 'a batch of at most 5000 lines under 1 or 2 stores, with counts that are not negative'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF EXISTS (SELECT FROM unnest(p_seqs) q WHERE q IS NULL OR q NOT BETWEEN 1 AND 1000000000000) THEN
    RAISE EXCEPTION 'a line''s seq is 1 to 10^12' USING ERRCODE = 'invalid_parameter_value';
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
  k := public.store_db_signer(p_terminal_id, public.store_db_batch_message(p_terminal_id, p_beat,
    p_stores, p_modes, p_terminal_name, p_app_version, p_time_zone, p_journal_seq, p_waiting,
    p_open, p_sign_off, p_line_stores, p_seqs, p_lines, p_line_bytes), p_mac);
  IF EXISTS (SELECT FROM unnest(p_stores, p_modes) AS x(s, m)
      WHERE s IS NULL OR m IS NULL OR NOT public.store_db_key_writes(k.store, s, m))
    OR EXISTS (SELECT FROM unnest(p_line_stores) s WHERE s IS NULL OR NOT s = ANY (p_stores)) THEN
    RAISE EXCEPTION 'counter % writes only in its store % and its training store', p_terminal_id,
      k.store USING ERRCODE = 'MS011';
  END IF;
  -- The call number, under the row's lock: replays are refused, and two calls of one counter
  -- never interleave.
  SELECT t.last_beat INTO last_beat FROM public.terminal_keys t
    WHERE t.terminal_id = p_terminal_id FOR UPDATE;
  IF p_beat <= last_beat THEN
    RAISE EXCEPTION 'call % of terminal % is not after its call %', p_beat, p_terminal_id,
      last_beat USING ERRCODE = 'insufficient_privilege';
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

-- The close, signed by the closing counter (0106), now also only in the key's own store.
CREATE OR REPLACE FUNCTION store_db_close_day(
  p_store text, p_mode text, p_day date, p_content text, p_supervisor text, p_cashier_id text,
  p_terminal_id text, p_note text, p_mac bytea
) RETURNS TABLE (inserted boolean, content text, sha256 text, recorded_at timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  k public.terminal_keys;
BEGIN
  IF length(coalesce(p_content, '')) > 4000000 OR length(coalesce(p_note, '')) > 1000
    OR length(coalesce(p_terminal_id, '')) NOT BETWEEN 1 AND 64 THEN
    RAISE EXCEPTION 'a close of at most 4,000,000 characters, a note of at most 1000, a terminal id'
      USING ERRCODE = 'MS005';
  END IF;
  k := public.store_db_signer(p_terminal_id, public.store_db_close_message(p_store, p_mode, p_day,
    p_content, p_supervisor, p_cashier_id, p_terminal_id, p_note), p_mac);
  IF NOT public.store_db_key_writes(k.store, p_store, p_mode) THEN
    RAISE EXCEPTION 'counter % closes only its store %', p_terminal_id, k.store
      USING ERRCODE = 'MS011';
  END IF;
  RETURN QUERY SELECT * FROM public.store_db_close_day(p_store, p_mode, p_day, p_content,
    p_supervisor, p_cashier_id, p_terminal_id, p_note);
END $$;

-- Marking a silent counter off (0108), signed by the marking counter, only in its own store.
CREATE OR REPLACE FUNCTION store_db_mark_off(
  p_store text, p_mode text, p_terminal_id text, p_day date, p_supervisor text,
  p_by_terminal_id text, p_mac bytea
) RETURNS timestamptz
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  k public.terminal_keys;
  marked timestamptz;
BEGIN
  k := public.store_db_signer(p_by_terminal_id, public.store_db_mark_off_message(p_store, p_mode,
    p_terminal_id, p_day, p_supervisor, p_by_terminal_id), p_mac);
  IF NOT public.store_db_key_writes(k.store, p_store, p_mode) THEN
    RAISE EXCEPTION 'counter % marks off only in its store %', p_by_terminal_id, k.store
      USING ERRCODE = 'MS011';
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

-- A store sees only itself: row-level security on every table holding a store's rows, keyed on
-- the login's binding (never on anything the client sets); the views run as their reader, so the
-- same rows show through them. The functions the owner owns (the signed calls, the close) read
-- every row, and take the store from the key.
ALTER TABLE journal_lines ENABLE ROW LEVEL SECURITY;
ALTER TABLE open_operations ENABLE ROW LEVEL SECURITY;
ALTER TABLE terminals ENABLE ROW LEVEL SECURITY;
ALTER TABLE store_day_closes ENABLE ROW LEVEL SECURITY;
ALTER TABLE terminal_keys ENABLE ROW LEVEL SECURITY;
ALTER TABLE store_logins ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_store ON journal_lines FOR SELECT
  USING (store = ANY ((SELECT public.store_db_login_stores())::text[]));
CREATE POLICY own_store ON open_operations FOR SELECT
  USING (store = ANY ((SELECT public.store_db_login_stores())::text[]));
CREATE POLICY own_store ON terminals FOR SELECT
  USING (store = ANY ((SELECT public.store_db_login_stores())::text[]));
CREATE POLICY own_store ON store_day_closes FOR SELECT
  USING (store = ANY ((SELECT public.store_db_login_stores())::text[]));
CREATE POLICY own_store ON terminal_keys FOR SELECT
  USING (store = ANY ((SELECT public.store_db_login_stores())::text[]));
CREATE POLICY own_login ON store_logins FOR SELECT USING (login = session_user);
ALTER VIEW store_operations SET (security_invoker = on);
ALTER VIEW store_counters SET (security_invoker = on);
-- The view of each counter's standing reads when and how its key was enrolled: those columns,
-- never the key.
GRANT SELECT (terminal_id, registered_at, registered_by, retired_at, store, enrolled_at,
  enrolled_by, code_made_by, enrolled_how) ON terminal_keys TO mostrador_terminal;
GRANT SELECT ON store_logins TO mostrador_terminal;

-- Nothing a pooled connection keeps: no login may make temporary tables (a temp table named like
-- one of ours would stand in front of it for that connection's next client); the owner keeps
-- them, as the database's owner.
DO $$
BEGIN
  EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
END $$;

-- Upgrade: each key that wrote live rows is bound to the store of its latest (a counter that
-- switched stores is bound to the one it writes now, and listed); each login not shared is bound
-- to the stores of the keys it registered. What cannot be bound is listed for the technician.
WITH latest AS (
  SELECT DISTINCT ON (t.terminal_id) t.terminal_id, t.store
  FROM terminals t WHERE t.mode = 'live'
  ORDER BY t.terminal_id, t.last_seen_at DESC
)
UPDATE terminal_keys k SET store = latest.store, enrolled_how = 'upgrade'
FROM latest WHERE latest.terminal_id = k.terminal_id AND k.store IS NULL;

INSERT INTO store_logins (login, store, how)
SELECT DISTINCT k.registered_by, k.store, 'upgrade'
FROM terminal_keys k
JOIN pg_roles r ON r.rolname = k.registered_by
WHERE k.store IS NOT NULL AND k.retired_at IS NULL
  AND NOT pg_has_role(r.oid, 'mostrador_shared_login', 'MEMBER')
ON CONFLICT DO NOTHING;

DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT k.terminal_id, array_agg(DISTINCT t.store) AS stores
    FROM terminal_keys k JOIN terminals t ON t.terminal_id = k.terminal_id AND t.mode = 'live'
    GROUP BY k.terminal_id HAVING count(DISTINCT t.store) > 1
  LOOP
    RAISE NOTICE 'counter % wrote under stores %: bound to the one it wrote last; check it with `terminals`',
      r.terminal_id, array_to_string(r.stores, ', ');
  END LOOP;
  FOR r IN SELECT k.terminal_id FROM terminal_keys k WHERE k.store IS NULL AND k.retired_at IS NULL
  LOOP
    RAISE NOTICE 'counter % has no live line: not bound to a store; enroll it with a code (enroll --store S --terminal %)',
      r.terminal_id, r.terminal_id;
  END LOOP;
  FOR r IN SELECT m.rolname FROM pg_roles m
    WHERE m.rolcanlogin AND pg_has_role(m.oid, 'mostrador_terminal', 'MEMBER')
      AND NOT pg_has_role(m.oid, 'mostrador_shared_login', 'MEMBER') AND NOT m.rolsuper
      AND NOT EXISTS (SELECT FROM store_logins b WHERE b.login = m.rolname)
  LOOP
    RAISE NOTICE 'login % is bound to no store: bind it (npm run store-db -- bind-login --login % --store S)',
      r.rolname, r.rolname;
  END LOOP;
END $$;

REVOKE ALL ON FUNCTION store_db_training_store(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_key_writes(text, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_normal_code(text) FROM PUBLIC;

-- One close of a store's day at a time, by a lock no login can take. 0103 took
-- `pg_advisory_xact_lock(hashtext('store_db_close_day'), hashtext(store|mode|day))`: a key any
-- login can compute, and pg_advisory_lock is a function every login may call, so a login of one
-- store holding that key in a session of its own kept another store's close of that day waiting
-- until its statement timeout, every time (electron/store-db/login-limits.test.ts). The turn is
-- now a row of a table only the owner's functions touch; store_db_close_day is rewritten from its
-- own definition with that one statement changed (as 0107 rewrote it).
CREATE TABLE store_day_close_turns (
  store text NOT NULL,
  mode text NOT NULL,
  store_day date NOT NULL,
  PRIMARY KEY (store, mode, store_day)
);
REVOKE ALL ON store_day_close_turns FROM PUBLIC;

DO $$
DECLARE
  advisory constant text := $l$PERFORM pg_advisory_xact_lock(hashtext('store_db_close_day'),
    hashtext(p_store || '|' || p_mode || '|' || p_day::text));$l$;
  turn constant text := $l$INSERT INTO public.store_day_close_turns AS t (store, mode, store_day)
    VALUES (p_store, p_mode, p_day)
    ON CONFLICT (store, mode, store_day) DO UPDATE SET store = t.store;$l$;
  body text := pg_get_functiondef(
    'store_db_close_day(text, text, date, text, text, text, text, text)'::regprocedure);
BEGIN
  IF (length(body) - length(replace(body, advisory, ''))) / length(advisory) <> 1 THEN
    RAISE EXCEPTION 'store_db_close_day does not take the lock of its day as 0103 wrote it';
  END IF;
  EXECUTE replace(body, advisory, turn);
END $$;
