import { useState } from 'react';
import { useParams } from 'react-router';

import { Card, CandidatePage, MessageCard, Notice } from '@/components/candidate-page/candidate-page';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { AlertIcon, CalendarIcon, SearchIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/spinner';
import { apiErrorMessage, isApiError } from '@/lib/api-client';
import { formatLongDate, formatTime } from '@/lib/date-time';

import { myDataHref, useMyApplication } from '../api/get-application';
import { useRequestErasure } from '../api/request-erasure';
import type { MyApplication } from '../api/types';
import { useWithdrawApplication } from '../api/withdraw';
import { AccommodationSection } from '../components/accommodation-section';
import { AssessmentSection } from '../components/assessment-section';
import { KeepForOtherJobs } from '../components/keep-for-other-jobs';
import { SelfIdentificationSection } from '../components/self-identification-section';
import { StatusProgress } from '../components/status-progress';
import { hasInterview } from '../lib/progress';

export const LINK_NOT_VALID = 'This link is not valid';
export const ERASURE_SENT = 'Your request was sent; an administrator will confirm it.';
const WITHDRAW_FAILED = 'Your application could not be withdrawn. Please try again.';
const ERASURE_FAILED = 'Your request could not be sent. Please try again.';
const FOOTER = 'Applications are handled with Hirelane.';
/** An action's row: its words, then its button (beside them from 640 px up, under them on a phone). */
const action = 'flex flex-col items-start gap-3 py-4 sm:flex-row sm:items-center sm:justify-between';

/** The interview: its time in the viewer's own zone once booked, and the way to the interview page. */
function Interview({ page }: { page: MyApplication }) {
  if (!hasInterview(page.status) || !page.interviewLink) return null;
  const booked = page.status === 'interviewBooked' && page.interviewAt;
  return (
    <div
      data-testid="application-interview"
      className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-xl bg-brand-50 p-4 ring-1 ring-inset ring-brand-200"
    >
      <div className="flex items-start gap-3">
        <CalendarIcon className="mt-0.5 shrink-0 text-brand-600" />
        {booked ? (
          <p className="text-sm text-brand-900">
            Your interview is on <strong data-testid="interview-date">{formatLongDate(page.interviewAt)}</strong> at{' '}
            <strong data-testid="interview-time">{formatTime(page.interviewAt, { withZone: true })}</strong>.
          </p>
        ) : (
          <p className="text-sm text-brand-900">Your interview is not booked yet.</p>
        )}
      </div>
      <a
        href={page.interviewLink}
        className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {booked ? 'Open your interview page' : 'Choose your interview time'}
      </a>
    </div>
  );
}

function WithdrawDialog({ open, page, token, onClose }: { open: boolean; page: MyApplication; token: string; onClose: () => void }) {
  const withdraw = useWithdrawApplication(token);
  const close = () => {
    withdraw.reset();
    onClose();
  };
  return (
    <Dialog open={open} title="Withdraw your application?" onClose={close} busy={withdraw.isPending}>
      <p className="mt-3 text-sm text-slate-700">
        {page.organization} will stop considering you for {page.jobTitle}. If you have an interview invitation, it is cancelled. You cannot
        undo this.
      </p>
      {withdraw.isError && <ErrorAlert className="mt-4">{apiErrorMessage(withdraw.error, WITHDRAW_FAILED)}</ErrorAlert>}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={withdraw.isPending}>
          Keep my application
        </Button>
        <Button variant="danger" loading={withdraw.isPending} onClick={() => withdraw.mutate(undefined, { onSuccess: close })}>
          {withdraw.isPending ? 'Withdrawing...' : 'Withdraw'}
        </Button>
      </div>
    </Dialog>
  );
}

function ErasureDialog({ open, page, token, onClose }: { open: boolean; page: MyApplication; token: string; onClose: () => void }) {
  const erasure = useRequestErasure(token);
  const close = () => {
    erasure.reset();
    onClose();
  };
  return (
    <Dialog open={open} title="Ask us to erase your data?" onClose={close} busy={erasure.isPending}>
      <p className="mt-3 text-sm text-slate-700">
        An administrator at {page.organization} will erase everything held about you: your applications, resumes, interview recordings and
        the e-mails sent to you, for every job. This page stops working then. You may want to download your data first.
      </p>
      {erasure.isError && <ErrorAlert className="mt-4">{apiErrorMessage(erasure.error, ERASURE_FAILED)}</ErrorAlert>}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={erasure.isPending}>
          Cancel
        </Button>
        <Button variant="danger" loading={erasure.isPending} onClick={() => erasure.mutate(undefined, { onSuccess: close })}>
          {erasure.isPending ? 'Sending...' : 'Ask to erase my data'}
        </Button>
      </div>
    </Dialog>
  );
}

function ApplicationView({ page, token }: { page: MyApplication; token: string }) {
  const [dialog, setDialog] = useState<'withdraw' | 'erase' | null>(null);
  const close = () => setDialog(null);
  const withdrawn = page.status === 'withdrawn';
  return (
    <div className="space-y-6">
      <Card aria-labelledby="page-title">
        <p className="text-sm font-medium text-brand-700">{page.organization}</p>
        <h1 id="page-title" className="mt-1 text-2xl font-semibold tracking-tight text-balance text-slate-900">
          {page.jobTitle}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {page.candidateName ? `${page.candidateName}, you` : 'You'} applied on{' '}
          <time dateTime={page.appliedAt}>{formatLongDate(page.appliedAt)}</time>.
        </p>
        <p data-testid="application-status" className="mt-5 text-base font-medium text-slate-900">
          {page.statusText}
        </p>
        <StatusProgress status={page.status} />
        <Interview page={page} />
      </Card>

      <AssessmentSection token={token} />

      <Card aria-labelledby="your-data-title">
        <h2 id="your-data-title" className="text-lg font-semibold text-slate-900">
          Your application and your data
        </h2>
        <ul className="mt-4 divide-y divide-slate-100">
          <li className={`${action} first:pt-0`}>
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">Withdraw your application</p>
              <p id="withdraw-hint" className="text-sm text-slate-600">
                {withdrawn
                  ? 'You withdrew this application.'
                  : page.canWithdraw
                    ? 'No longer interested? Let the team know and they stop considering you.'
                    : 'A decision has been made, so this application can no longer be withdrawn.'}
              </p>
            </div>
            <Button variant="secondary" disabled={!page.canWithdraw} aria-describedby="withdraw-hint" onClick={() => setDialog('withdraw')}>
              Withdraw
            </Button>
          </li>
          <li className={action}>
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">Download your data</p>
              <p id="download-hint" className="text-sm text-slate-600">
                A ZIP file of everything held about you: your details, applications and resumes.
              </p>
            </div>
            <a
              href={myDataHref(token)}
              download
              aria-describedby="download-hint"
              className="inline-flex items-center justify-center rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Download my data
            </a>
          </li>
          <KeepForOtherJobs page={page} token={token} className="py-4" />
          <li className={`${action} last:pb-0`}>
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">Erase your data</p>
              <p id="erase-hint" className="text-sm text-slate-600">
                Ask for everything held about you to be erased, for every job you applied to.
              </p>
            </div>
            <Button variant="secondary" disabled={page.erasureRequested} aria-describedby="erase-hint" onClick={() => setDialog('erase')}>
              Ask to erase my data
            </Button>
          </li>
        </ul>
        {page.erasureRequested && (
          <Notice tone="success" className="mt-4">
            <span data-testid="erasure-requested">{ERASURE_SENT}</span>
          </Notice>
        )}
      </Card>

      <SelfIdentificationSection token={token} />
      <AccommodationSection page={page} token={token} />

      <WithdrawDialog open={dialog === 'withdraw'} page={page} token={token} onClose={close} />
      <ErasureDialog open={dialog === 'erase'} page={page} token={token} onClose={close} />
    </div>
  );
}

/**
 * The candidate's own page (`/application/:token`, public: the secret in the link every e-mail
 * to them carries is the key). The job, the organisation, when they applied and where it stands
 * (never a score), their interview, how the automated steps assessed them, and what they may do:
 * withdraw, download their data, keep it for other jobs or ask for it to be erased, answer the
 * voluntary self-identification, and ask for an alternative process or an accommodation.
 */
export function ApplicationRoute() {
  const { token = '' } = useParams();
  const application = useMyApplication(token);

  if (application.isPending) {
    return (
      <CandidatePage title="Your application" footer={FOOTER}>
        <PageSpinner label="Loading your application…" />
      </CandidatePage>
    );
  }
  if (application.isError) {
    const unknown = isApiError(application.error) && application.error.status === 404;
    return (
      <CandidatePage title={unknown ? LINK_NOT_VALID : 'Your application'} footer={FOOTER}>
        {unknown ? (
          <MessageCard icon={<SearchIcon width={26} height={26} />} tone="neutral" heading={LINK_NOT_VALID} testId="application-not-found">
            <p>
              Please open the full link from one of the e-mails about your application. If your data was erased, this link no longer works.
            </p>
          </MessageCard>
        ) : (
          <MessageCard icon={<AlertIcon width={26} height={26} />} tone="warning" heading="We could not load your application.">
            <p>Please check your connection and try again.</p>
            <Button className="mt-4" loading={application.isFetching} onClick={() => void application.refetch()}>
              Try again
            </Button>
          </MessageCard>
        )}
      </CandidatePage>
    );
  }
  return (
    <CandidatePage title={`Your application: ${application.data.jobTitle}`} footer={FOOTER}>
      <ApplicationView page={application.data} token={token} />
    </CandidatePage>
  );
}

export { ApplicationRoute as Component };
