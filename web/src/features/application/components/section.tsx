import { useId } from 'react';
import type { ReactNode } from 'react';

import { Card } from '@/components/candidate-page/candidate-page';

/** A titled card of the candidate's page, named by its heading for screen readers' landmarks. */
export function Section({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}
