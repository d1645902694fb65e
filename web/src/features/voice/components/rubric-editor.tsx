import { useId, useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { inputClass } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-client';
import { useFolders } from '@/lib/queries/folders';
import { toast } from '@/lib/toast';

import { useRubric, useSaveRubric } from '../api/rubric';
import type { AssistantRubric } from '../api/types';
import { draftOf, questionProblem, rubricBody } from '../lib/rubric-rules';
import type { DraftQuestion } from '../lib/rubric-rules';
import { KeyPointsEditor } from './key-points-editor';

export const RUBRIC_SAVED = 'Key points saved. Interviews from now on are graded against them.';
export const RUBRIC_SAVE_FAILED = 'The key points could not be saved.';
export const RUBRIC_LOAD_FAILED = 'The key points could not be loaded.';

/** Which JD's key skills to suggest as points; the app's JD list, "none" by default. */
function JdPicker({ value, onChange }: { value: string | null; onChange: (jdId: string | null) => void }) {
  const id = useId();
  const folders = useFolders();
  if (!folders.data?.length) return null;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Suggest points from a job&apos;s key skills
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        className={`mt-1.5 ${inputClass()} sm:w-72`}
      >
        <option value="">No job</option>
        {folders.data.map((folder) => (
          <option key={folder.jdid} value={folder.jdid}>
            {folder.jdname}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The form over the stored rubric: the draft starts from it and a save replaces the draft with
 * what the server stored. `suggestions` are the picked JD's, per question number.
 */
function RubricForm({
  assistantId,
  stored,
  suggestions,
}: {
  assistantId: string;
  stored: AssistantRubric;
  suggestions: AssistantRubric | undefined;
}) {
  const [draft, setDraft] = useState<DraftQuestion[]>(() => draftOf(stored));
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveRubric(assistantId);
  const limits = { maxKeyPoints: stored.maxKeyPoints, maxKeyPointChars: stored.maxKeyPointChars };
  const suggestionsOf = (number: number) => suggestions?.questions.find((q) => q.number === number)?.suggestions ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = draft.map((question) => questionProblem(question, limits)).find(Boolean);
    if (problem) {
      setFailure(problem);
      return;
    }
    setFailure(null);
    try {
      const saved = await save.mutateAsync(rubricBody(draft));
      setDraft(draftOf(saved));
      toast.success(RUBRIC_SAVED);
    } catch (error) {
      setFailure(apiErrorMessage(error, RUBRIC_SAVE_FAILED));
    }
  };

  if (draft.length === 0) return <p className="text-sm text-slate-600">This assistant has no questions to grade.</p>;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {draft.map((question, i) => (
        <KeyPointsEditor
          key={question.number}
          question={question}
          suggestions={suggestionsOf(question.number)}
          limits={limits}
          disabled={save.isPending}
          onChange={(changed) => setDraft((all) => all.map((q, j) => (j === i ? changed : q)))}
        />
      ))}
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <Button type="submit" loading={save.isPending}>
        Save key points
      </Button>
    </form>
  );
}

/**
 * "What a strong answer covers" (issue 31 §3): per question of the assistant, the key points our
 * grader checks answers against and the competency the question measures, with a JD's fitting
 * key skills offered as points.
 */
export function RubricEditor({ assistantId }: { assistantId: string }) {
  const titleId = useId();
  const [jdId, setJdId] = useState<string | null>(null);
  const stored = useRubric(assistantId);
  // The same rubric asked with a JD: only its suggestions are read.
  const withJd = useRubric(assistantId, jdId, { enabled: jdId !== null });
  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <div>
        <h2 id={titleId} className="text-sm font-semibold text-slate-900">
          What a strong answer covers
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The key points our grader looks for in each answer, and whether the question measures technical skill or problem solving. The
          grades inform your decision; a person always sets Pass or Fail.
        </p>
      </div>
      <JdPicker value={jdId} onChange={setJdId} />
      {stored.data ? (
        <RubricForm assistantId={assistantId} stored={stored.data} suggestions={jdId === null ? undefined : withJd.data} />
      ) : stored.isError ? (
        <ErrorAlert>{RUBRIC_LOAD_FAILED}</ErrorAlert>
      ) : (
        <p className="text-sm text-slate-500">Loading key points…</p>
      )}
    </section>
  );
}
