-- 0107: which operations only read the service, kept once in the database (docs/how-to/
-- add-a-bridge-method.md, "A read of the service"). An unanswered read changes nothing at the
-- service, so it never holds the store close. 0103 wrote the three reads of its day into the
-- close's figures and its check as literal lists; the app keeps the same fact in `OPERATIONS`
-- (shared/journal-entry.ts), and a read added to one and not the other made every close of a
-- day with an unanswered one refused as "changed". Now the functions read this table, a new
-- read is one INSERT in its own migration, and electron/store-db/read-operations.test.ts fails
-- while the table and `OPERATIONS` disagree.
-- Safe on a live store: a small new table, and two functions re-created with the same body but
-- for the list (rewritten from their current definition below, so nothing else of them changes).
CREATE TABLE read_operations (
  operation text PRIMARY KEY CHECK (length(operation) BETWEEN 1 AND 64)
);
INSERT INTO read_operations (operation) VALUES ('v3.verify'), ('v2.info'), ('v2.daySummary');
GRANT SELECT ON read_operations TO mostrador_terminal;

DO $$
DECLARE
  literal constant text := $l$NOT IN ('v3.verify', 'v2.info', 'v2.daySummary')$l$;
  lookup constant text := 'NOT IN (SELECT r.operation FROM public.read_operations r)';
  f record;
  body text;
BEGIN
  FOR f IN SELECT * FROM (VALUES
      ('store_db_day_figures(text, text, date)'::regprocedure, 2),
      ('store_db_close_day(text, text, date, text, text, text, text, text)'::regprocedure, 1)
    ) AS x(fn, expected)
  LOOP
    body := pg_get_functiondef(f.fn);
    IF (length(body) - length(replace(body, literal, ''))) / length(literal) <> f.expected THEN
      RAISE EXCEPTION '% does not hold the list of reads % times as 0103 wrote it', f.fn,
        f.expected;
    END IF;
    EXECUTE replace(body, literal, lookup);
  END LOOP;
END $$;
