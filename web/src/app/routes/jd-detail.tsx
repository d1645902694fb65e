/**
 * The JD detail page with the candidates feature's upload area and live
 * analysis progress composed in (features cannot import each other).
 */
import { AnalysisProgressPanel } from '@/features/candidates/components/analysis-progress';
import { UploadArea } from '@/features/candidates/components/upload-area';
import { JdDetailRoute } from '@/features/jobs/routes/jd-detail';

export function JdDetailPage() {
  return (
    <JdDetailRoute
      renderUpload={(detail) => (
        <>
          <AnalysisProgressPanel jdid={detail.jdid} />
          <UploadArea jdid={detail.jdid} jobDescId={detail.jobDescId} jdname={detail.jdname} resumeRequired={detail.resumeRequired} />
        </>
      )}
    />
  );
}

export { JdDetailPage as Component };
