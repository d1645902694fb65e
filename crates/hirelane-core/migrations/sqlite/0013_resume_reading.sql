-- How a resume was read: why it could not be (a stable code beside the recruiter-readable
-- analysis_error), whether some of its text came from OCR, and how sure the name is (0-1; the
-- UI asks the recruiter to check a name below 0.8).
ALTER TABLE candidates ADD COLUMN unreadable_reason TEXT;
ALTER TABLE candidates ADD COLUMN text_from_ocr INTEGER NOT NULL DEFAULT 0;
ALTER TABLE candidates ADD COLUMN name_confidence REAL;
