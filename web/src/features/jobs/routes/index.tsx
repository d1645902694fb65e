/**
 * Job description screens that are still placeholders (search lives in the candidates feature). The built pages live
 * in their own modules (folders, jd-detail, create-jd, edit-jd, recent, bin),
 * each lazily loaded by the router.
 */
import { ComingSoon } from '@/components/ui/coming-soon';

export const TemplatesRoute = () => <ComingSoon title="Templates" />;
