-- Nothing to do: SQLite's migration 17 declares `candidates.text_from_ocr` BOOLEAN, as it has
-- been here since migration 13. Kept so both backends share version numbers.
SELECT 1;
