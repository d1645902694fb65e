-- What a strong answer to each of an assistant's questions covers, set by a recruiter: the key
-- points (JSON array of text) and the competency the question measures (technical,
-- problemSolving). Keyed by the question's text (`question_key`, the sha256 of its lowercased
-- words), so reordering or re-creating the questions keeps them.
CREATE TABLE question_rubrics (
    assistant_id  TEXT    NOT NULL,
    question_key  TEXT    NOT NULL,
    question      TEXT    NOT NULL,
    key_points    TEXT    NOT NULL,
    competency    TEXT    NOT NULL,
    updated_by    INTEGER REFERENCES recruiters(id) ON DELETE SET NULL,
    updated_at    INTEGER NOT NULL,
    PRIMARY KEY (assistant_id, question_key)
);
-- Our grader's result for one interview (JSON), computed once from the stored report and the
-- rubric of that moment, with the grader's version. Later edits to the key points never rewrite
-- it; it goes with its call. `overall` (0-100) is the mean grade of the asked questions that have
-- key points, NULL without any: the interview step of the bias audit reads it.
CREATE TABLE answer_gradings (
    call_id    TEXT    PRIMARY KEY REFERENCES voice_calls(id) ON DELETE CASCADE,
    version    TEXT    NOT NULL,
    grading    TEXT    NOT NULL,
    overall    INTEGER,
    graded_at  INTEGER NOT NULL
);
