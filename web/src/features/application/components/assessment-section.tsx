import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';

import { useMyAssessment } from '../api/get-assessment';
import type { MyAssessment } from '../api/types';
import { Section } from './section';

export const ASSESSMENT_TITLE = 'How was my application assessed?';
export const NOT_ASSESSED = 'Your application has not been assessed yet.';
const ASSESSMENT_FAILED = 'The assessment could not be loaded.';

const years = (value: number) => `${value} ${value === 1 ? 'year' : 'years'}`;

function SkillList({ title, skills, found }: { title: string; skills: string[]; found: boolean }) {
  if (skills.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-900">{title}</h3>
      <ul aria-label={title} className="mt-2 flex flex-wrap gap-2">
        {skills.map((skill) => (
          <li
            key={skill}
            className={
              found
                ? 'rounded-full bg-green-50 px-2.5 py-0.5 text-sm text-green-800 ring-1 ring-inset ring-green-200'
                : 'rounded-full bg-slate-100 px-2.5 py-0.5 text-sm text-slate-700 ring-1 ring-inset ring-slate-300'
            }
          >
            {skill}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Findings({ assessment }: { assessment: MyAssessment }) {
  const { reasons, skillsFound, skillsMissing, experienceYears, requiredYears, interviewQuestions } = assessment;
  return (
    <>
      {reasons.length > 0 && (
        <ul aria-label="Reasons" data-testid="assessment-reasons" className="mt-4 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      {(skillsFound.length > 0 || skillsMissing.length > 0) && (
        <div className="mt-5 grid gap-4 sm:grid-cols-2">
          <SkillList title="Skills found in your resume" skills={skillsFound} found />
          <SkillList title="Skills not found" skills={skillsMissing} found={false} />
        </div>
      )}
      {experienceYears !== null && (
        <p className="mt-4 text-sm text-slate-700">
          Experience read from your resume: {years(experienceYears)}
          {requiredYears !== null && ` (the job asks for ${years(requiredYears)})`}.
        </p>
      )}
      {interviewQuestions.length > 0 && (
        <div className="mt-5">
          <h3 className="text-sm font-medium text-slate-900">Interview questions</h3>
          <ul aria-label="Interview questions" className="mt-2 space-y-1.5 text-sm text-slate-700">
            {interviewQuestions.map(({ question, covered, pointsCovered, pointsMissing }) => (
              <li key={question} data-covered={covered} className="flex items-start gap-2">
                {covered ? (
                  <CheckIcon width={16} height={16} className="mt-0.5 shrink-0 text-green-700" />
                ) : (
                  <span aria-hidden="true" className="mt-0.5 w-4 shrink-0 text-center text-slate-500">
                    –
                  </span>
                )}
                <span>
                  {question}
                  {covered ? <span className="sr-only"> (covered)</span> : <span className="text-slate-500"> (not covered)</span>}
                  {pointsCovered.length + pointsMissing.length > 0 && (
                    <ul aria-label={`What the team looks for: ${question}`} className="mt-1 space-y-0.5 text-xs">
                      {pointsCovered.map((point) => (
                        <li key={`c-${point}`} className="text-green-800">
                          Covered: {point}
                        </li>
                      ))}
                      {pointsMissing.map((point) => (
                        <li key={`m-${point}`} className="text-slate-500">
                          Not found in your answer: {point}
                        </li>
                      ))}
                    </ul>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/**
 * What the automated steps concluded and why, in plain sentences: never a score, so the
 * candidate reads reasons they can act on or contest.
 */
export function AssessmentSection({ token }: { token: string }) {
  const assessment = useMyAssessment(token);
  return (
    <Section title={ASSESSMENT_TITLE} testId="assessment">
      {assessment.isPending ? (
        <p className="mt-3 text-sm text-slate-600">Loading…</p>
      ) : assessment.isError ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm text-red-800">{ASSESSMENT_FAILED}</p>
          <Button variant="secondary" loading={assessment.isFetching} onClick={() => void assessment.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {assessment.data.assessed ? (
            <Findings assessment={assessment.data} />
          ) : (
            <p className="mt-3 text-sm text-slate-700">{NOT_ASSESSED}</p>
          )}
          <p data-testid="your-rights" className="mt-5 text-sm text-slate-700">
            {assessment.data.yourRights}
          </p>
          {assessment.data.scoringVersion && (
            <p className="mt-3 text-xs text-slate-500">Assessment version {assessment.data.scoringVersion}</p>
          )}
        </>
      )}
    </Section>
  );
}
