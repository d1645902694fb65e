import { useSearchParams } from 'react-router';

import { CandidatePage } from '@/components/candidate-page/candidate-page';
import { PageSpinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';

import { useNextStep } from '../api/next-step';
import { ScheduledView } from '../components/scheduled-view';
import { PICKER_PARAMS, SlotPicker } from '../components/slot-picker';
import { CompletedView, LoadErrorView, NoDataView, WindowClosedView } from '../components/status-views';

/** `?reschedule=1` keeps a scheduled candidate on the slot picker across reloads. */
const RESCHEDULE_PARAM = 'reschedule';

/**
 * The invite page `/nextstep?inviteId=` (SPEC section 2): one of five views by the invite's
 * `showPageId`, fetched again after every change.
 */
export function NextStepRoute() {
  const [params, setParams] = useSearchParams();
  const inviteId = params.get('inviteId')?.trim() || null;
  const nextStep = useNextStep(inviteId);
  const rescheduling = params.get(RESCHEDULE_PARAM) === '1';

  const setPickerState = (reschedule: boolean) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        // Reschedule starts afresh: no date, no time (and the picker's consent box is new).
        for (const key of PICKER_PARAMS) if (key !== 'tz') next.delete(key);
        if (reschedule) next.set(RESCHEDULE_PARAM, '1');
        else next.delete(RESCHEDULE_PARAM);
        return next;
      },
      { replace: true },
    );

  if (!inviteId) {
    return (
      <CandidatePage title="No data found">
        <NoDataView />
      </CandidatePage>
    );
  }
  if (nextStep.isPending) {
    return (
      <CandidatePage title="Your interview">
        <PageSpinner label="Loading your invite…" />
      </CandidatePage>
    );
  }
  if (nextStep.isError) {
    const unknown = isApiError(nextStep.error) && nextStep.error.status === 404;
    return (
      <CandidatePage title={unknown ? 'No data found' : 'Your interview'}>
        {unknown ? <NoDataView /> : <LoadErrorView onRetry={() => void nextStep.refetch()} retrying={nextStep.isFetching} />}
      </CandidatePage>
    );
  }

  const data = nextStep.data;
  switch (data.showPageId) {
    case 1:
    case 2: {
      const mode = data.showPageId === 2 ? 'reschedule' : 'schedule';
      if (data.showPageId === 2 && !rescheduling) {
        return (
          <CandidatePage title="Interview scheduled">
            <ScheduledView inviteId={inviteId} nextStep={data} onReschedule={() => setPickerState(true)} />
          </CandidatePage>
        );
      }
      return (
        <CandidatePage title={mode === 'reschedule' ? 'Reschedule your interview' : 'Schedule your interview'} wide>
          <SlotPicker
            key={mode}
            inviteId={inviteId}
            nextStep={data}
            mode={mode}
            onCancel={mode === 'reschedule' ? () => setPickerState(false) : undefined}
            onScheduled={() => setPickerState(false)}
          />
        </CandidatePage>
      );
    }
    case 3:
      return (
        <CandidatePage title="Thank you">
          <CompletedView />
        </CandidatePage>
      );
    case 4:
      return (
        <CandidatePage title="Interview window closed">
          <WindowClosedView jobName={data.jdName} />
        </CandidatePage>
      );
    default:
      return (
        <CandidatePage title="No data found">
          <NoDataView />
        </CandidatePage>
      );
  }
}

export { NextStepRoute as Component };
