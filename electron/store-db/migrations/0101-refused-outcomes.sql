-- 0101: what the store's day close needs to find the money still held for refused sales
-- (docs/store-close.md) without reading a year of the store's lines: the refused outcomes (few,
-- so the index is small) and every line of an operation by its id (its intent and its notes).
CREATE INDEX journal_lines_refused ON journal_lines (store, terminal_id, op_id)
  WHERE type = 'outcome' AND status = 'refused';
CREATE INDEX journal_lines_op ON journal_lines (store, terminal_id, op_id);
