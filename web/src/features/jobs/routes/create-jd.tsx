import { useNavigate, useSearchParams } from 'react-router';

import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useGoBack } from '@/lib/use-go-back';

import { toCreatePayload, useCreateJd } from '../api/create-jd';
import { JdForm } from '../components/jd-form';
import { emptyJdForm } from '../lib/jd-rules';
import type { JdErrors, JdField, JdFormValues } from '../lib/jd-rules';

export const CREATE_SUCCESS = 'Job Description created successfully!';
export const CREATE_FAILURE = 'Failed to create job description. Please try again.';

const FIELDS: readonly string[] = ['jdname', 'keySkills', 'experience', 'additionalNotes', 'applyLastDate'] satisfies JdField[];

/** Create New Job Description (SPEC section 2), in the folder of `?folder=` when given. */
export function CreateJdRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const folder = params.get('folder')?.trim() ?? '';
  const createJd = useCreateJd();
  const goBack = useGoBack(paths.folders);

  const submit = async (values: JdFormValues): Promise<JdErrors | void> => {
    try {
      await createJd.mutateAsync(toCreatePayload(values, { folder }));
      toast.success(CREATE_SUCCESS, { keepOnNavigation: true });
      await navigate(paths.folders);
    } catch (error) {
      toast.error(CREATE_FAILURE);
      // A rule the server enforces shows under its field too.
      const field = isApiError(error) ? (error.body as { field?: string } | null)?.field : undefined;
      if (isApiError(error) && field && FIELDS.includes(field)) return { [field]: error.message };
    }
  };

  return (
    <PageFrame title="Create New Job Description" onBack={goBack} narrow>
      <title>Create New Job Description · Hirelane</title>
      <div className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <JdForm
          mode="create"
          initialValues={emptyJdForm}
          busy={createJd.isPending}
          submitLabel="Save"
          busyLabel="Saving..."
          onCancel={goBack}
          onSubmit={submit}
        />
      </div>
    </PageFrame>
  );
}

export { CreateJdRoute as Component };
