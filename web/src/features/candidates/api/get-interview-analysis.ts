/** The analysis of one interview call: the shared query (the voice pages read the same one). */
export { getInterviewAnalysis, interviewAnalysisQueryOptions, useInterviewAnalysis } from '@/lib/queries/interview-analysis';
