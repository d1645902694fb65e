/** Job description screens. Placeholders until the jobs issues build them. */
import { ComingSoon } from '@/components/ui/coming-soon';

export const FoldersRoute = () => <ComingSoon title="JD Folders" />;
export const JdDetailRoute = () => <ComingSoon title="Job Description" />;
export const RecentRoute = () => <ComingSoon title="Recent Job Descriptions" />;
export const CreateJdRoute = () => <ComingSoon title="Create New Job Description" />;
export const EditRoute = () => <ComingSoon title="Edit Job Description" />;
export const EditJdRoute = () => <ComingSoon title="Edit Job Description" />;
export const SearchRoute = () => <ComingSoon title="Search JDs & Resumes" />;
export const TemplatesRoute = () => <ComingSoon title="Templates" />;
