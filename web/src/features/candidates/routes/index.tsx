/** Candidate screens. Placeholders until the candidates issues build them. */
import { ComingSoon } from '@/components/ui/coming-soon';

export const CandidateListRoute = () => <ComingSoon title="Candidate List" />;
export const CandidateAnalysisRoute = () => <ComingSoon title="Candidate Analysis" />;
export const JdCandidatesRoute = () => <ComingSoon title="Candidates" />;
