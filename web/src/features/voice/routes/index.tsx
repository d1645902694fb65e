/** AI assistant screens. Placeholders until the voice issues build them. */
import { ComingSoon } from '@/components/ui/coming-soon';

export const AssistantsRoute = () => <ComingSoon title="AI Assistants" />;
export const AssistantDetailRoute = () => <ComingSoon title="AI Assistant" />;
export const CreateAssistantRoute = () => <ComingSoon title="Create Interview Assistant" />;
export const SearchInterviewersRoute = () => <ComingSoon title="Search AI Interviewers" />;
