-- 0100: the store's day close (docs/store-close.md "Closing the day"). One record per
-- store, mode and store day, insert-only for the counters: the first close of a day is the close.
-- `content` is the close's canonical JSON (docs/store-close.md "Checking a printed close") and
-- `sha256` the hex SHA-256 of its UTF-8 bytes; the database refuses a record whose hash does not
-- match its content, so the printed hash can be checked against the database with psql alone.
CREATE TABLE store_day_closes (
  store text NOT NULL CHECK (length(store) BETWEEN 1 AND 128),
  mode text NOT NULL CHECK (mode IN ('live', 'training')),
  store_day date NOT NULL,
  content text NOT NULL CHECK (content::jsonb IS NOT NULL),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  closed_by text NOT NULL CHECK (length(closed_by) BETWEEN 1 AND 64),
  terminal_id text NOT NULL CHECK (length(terminal_id) BETWEEN 1 AND 64),
  -- When the database took the record, by its own clock (set by the trigger below).
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store, mode, store_day),
  CONSTRAINT store_day_closes_hash CHECK (encode(sha256(convert_to(content, 'UTF8')), 'hex') = sha256),
  -- The key columns say what the content says.
  CONSTRAINT store_day_closes_key CHECK (
    content::jsonb ->> 'store' = store
    AND content::jsonb ->> 'mode' = mode
    AND content::jsonb ->> 'store_day' = store_day::text)
);

CREATE FUNCTION store_day_closes_stamp() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  NEW.recorded_at := now();
  RETURN NEW;
END $$;

CREATE TRIGGER store_day_closes_stamp BEFORE INSERT ON store_day_closes
  FOR EACH ROW EXECUTE FUNCTION store_day_closes_stamp();

-- A counter adds a close and reads closes; it never changes or removes one.
GRANT SELECT, INSERT ON store_day_closes TO mostrador_terminal;
