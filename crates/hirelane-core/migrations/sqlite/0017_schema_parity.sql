-- `candidates.text_from_ocr` was declared INTEGER here and BOOLEAN on PostgreSQL; the
-- schema-parity test (tests/api/schema.rs) found it. The values (0/1) are kept.
ALTER TABLE candidates ADD COLUMN text_from_ocr_flag BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE candidates SET text_from_ocr_flag = text_from_ocr;
ALTER TABLE candidates DROP COLUMN text_from_ocr;
ALTER TABLE candidates RENAME COLUMN text_from_ocr_flag TO text_from_ocr;
