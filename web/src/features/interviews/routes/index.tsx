/** Interview screens. Placeholders until the interview issues build them. */
import { ComingSoon } from '@/components/ui/coming-soon';

export const InterviewHubRoute = () => <ComingSoon title="Voice AI Interview" />;
export const ScheduleCallRoute = () => <ComingSoon title="Schedule Interview Call" />;
export const CallHistoryRoute = () => <ComingSoon title="Interview Call History" />;
export const InterviewAnalysisRoute = () => <ComingSoon title="Interview Analysis" />;
