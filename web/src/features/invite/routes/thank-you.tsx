import { CandidatePage } from '@/components/candidate-page/candidate-page';

import { CompletedView } from '../components/status-views';

/** `/thank-you` (SPEC section 2), where the join page ends. */
export function ThankYouRoute() {
  return (
    <CandidatePage title="Thank you">
      <CompletedView />
    </CandidatePage>
  );
}

export { ThankYouRoute as Component };
