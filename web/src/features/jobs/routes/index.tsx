/**
 * Job description screens that are still placeholders. The built pages live
 * in their own modules (folders, jd-detail, create-jd, edit-jd, recent, bin),
 * each lazily loaded by the router.
 */
import { ComingSoon } from '@/components/ui/coming-soon';

export const SearchRoute = () => <ComingSoon title="Search JDs & Resumes" />;
export const TemplatesRoute = () => <ComingSoon title="Templates" />;
