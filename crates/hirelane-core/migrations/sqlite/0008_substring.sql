-- Phone searches match digits anywhere in a candidate's search text ('%98765%'), which no
-- B-tree index can serve: at 50,000 candidates every such search read every row. A trigram
-- index over the same text answers LIKE patterns of three or more characters from the index
-- (PostgreSQL has done this with pg_trgm since migration 5). It reads its text from
-- `candidates` (external content) and follows it through triggers.
CREATE VIRTUAL TABLE candidate_text USING fts5(
    search_text, content = 'candidates', content_rowid = 'id', tokenize = 'trigram'
);
INSERT INTO candidate_text (candidate_text) VALUES ('rebuild');
CREATE TRIGGER candidates_text_insert AFTER INSERT ON candidates BEGIN
    INSERT INTO candidate_text (rowid, search_text) VALUES (new.id, new.search_text);
END;
CREATE TRIGGER candidates_text_delete AFTER DELETE ON candidates BEGIN
    INSERT INTO candidate_text (candidate_text, rowid, search_text)
    VALUES ('delete', old.id, old.search_text);
END;
CREATE TRIGGER candidates_text_update AFTER UPDATE OF search_text ON candidates BEGIN
    INSERT INTO candidate_text (candidate_text, rowid, search_text)
    VALUES ('delete', old.id, old.search_text);
    INSERT INTO candidate_text (rowid, search_text) VALUES (new.id, new.search_text);
END;
