/**
 * The candidate analysis page with the pipeline feature's stage bar, the scorecards feature's
 * Scorecards section and the activity feature's Timeline composed in (features cannot import
 * each other).
 */
import { CandidateTimeline } from '@/features/activity/components/candidate-timeline';
import { CandidateAnalysisRoute } from '@/features/candidates/routes/candidate-analysis';
import type { ExtraSection } from '@/features/candidates/routes/candidate-analysis';
import { CandidateStage } from '@/features/pipeline/components/candidate-stage';
import { ScorecardsSection } from '@/features/scorecards/components/scorecards-section';

const sections = (resumeId: string): ExtraSection[] => [
  { key: 'scorecards', title: 'Scorecards', placement: 'afterInterview', content: <ScorecardsSection resumeId={resumeId} /> },
  { key: 'timeline', title: 'Timeline', placement: 'end', content: <CandidateTimeline resumeId={resumeId} /> },
];

export function CandidateAnalysisPage() {
  return (
    <CandidateAnalysisRoute
      extraSections={sections}
      stageBar={({ jdid, resumeId }) => <CandidateStage jdid={jdid} resumeId={resumeId} />}
    />
  );
}

export { CandidateAnalysisPage as Component };
