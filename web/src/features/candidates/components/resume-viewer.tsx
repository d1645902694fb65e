import { useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/list-state';
import { PageSpinner } from '@/components/ui/spinner';

import { resumeFileIdOf } from '../api/delete-resume';
import { useResumePreview } from '../api/get-resume-preview';

export const PREVIEW_FAILED = 'The resume could not be loaded.';
export const DOCX_NOTE = 'Shown as text from the Word file. Download it for its original layout.';

/** The few elements the server's DOCX conversion writes, styled as a readable page. */
const documentStyle = [
  'rounded-lg bg-white p-5 text-sm leading-relaxed text-slate-800 ring-1 ring-slate-200 sm:p-8',
  '[&_h1]:text-2xl [&_h1]:font-bold [&_h1]:text-slate-900',
  '[&_h2]:mt-5 [&_h2]:border-b [&_h2]:border-slate-200 [&_h2]:pb-1 [&_h2]:text-base [&_h2]:font-semibold [&_h2]:text-slate-900',
  '[&_h3]:mt-4 [&_h3]:font-semibold [&_h4]:mt-3 [&_h4]:font-semibold',
  '[&_p]:mt-1.5 [&_ul]:mt-1.5 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:mt-1.5 [&_ol]:list-decimal [&_ol]:pl-5',
  '[&_table]:mt-2 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 [&_td]:align-top',
  '[&_a]:text-brand-700 [&_a]:underline',
].join(' ');

const linkButton =
  'inline-flex items-center justify-center rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

function ResumeBody({ resumeFileId, title, onClose }: { resumeFileId: string; title: string; onClose: () => void }) {
  const preview = useResumePreview(resumeFileId);
  const data = preview.data;
  let body: ReactNode;
  if (preview.isPending) body = <PageSpinner label="Loading resume…" />;
  else if (!data) body = <LoadError message={PREVIEW_FAILED} query={preview} />;
  else if (data.fileType === 'pdf')
    // The browser's own viewer, from the signed link the server lets our pages frame.
    body = <iframe title={title} src={data.filePath} className="h-[70dvh] w-full rounded-lg ring-1 ring-slate-200" />;
  else if (data.html)
    body = (
      <>
        <p className="mb-3 text-xs text-slate-600">{DOCX_NOTE}</p>
        {/* Sanitised on the server: the file's text escaped, only a few plain elements written. */}
        <article
          aria-label={title}
          data-testid="resume-document"
          className={documentStyle}
          dangerouslySetInnerHTML={{ __html: data.html }}
        />
      </>
    );
  else
    body = (
      <p
        role="status"
        data-testid="resume-problem"
        className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200"
      >
        {data.problem}
      </p>
    );

  return (
    <div className="mt-2">
      {/* The actions come first, so focus on opening does not scroll past a long resume. */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 break-all text-sm text-slate-600">{data?.fileName}</p>
        <div className="flex gap-2">
          {data && (
            <a href={data.filePath} download={data.fileName} className={linkButton}>
              Download
            </a>
          )}
          <Button variant="secondary" onClick={onClose} data-autofocus>
            Close
          </Button>
        </div>
      </div>
      <div className="mt-4">{body}</div>
    </div>
  );
}

export type ViewResumeLinkProps = {
  resumeFileId?: string | null;
  /** The signed link to the original file (a new tab, or a plain browser without the app, still opens it). */
  filePath: string;
  candidateName?: string | null;
  className?: string;
  children: ReactNode;
};

/**
 * 'View Resume': a link to the file that, clicked, shows the resume in a
 * dialog inside the app instead (a PDF in the browser's viewer, a DOCX as
 * HTML, which browsers would otherwise download), with Download beside it.
 * A click meant for a new tab or window keeps the link's own behaviour.
 */
export function ViewResumeLink({ resumeFileId, filePath, candidateName, className, children }: ViewResumeLinkProps) {
  const [open, setOpen] = useState(false);
  const fileId = resumeFileIdOf({ resumeFileId, filePath });
  const title = candidateName ? `Resume of ${candidateName}` : 'Resume';
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!fileId || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(true);
  };
  return (
    <>
      <a href={filePath} target="_blank" rel="noopener noreferrer" aria-haspopup="dialog" onClick={onClick} className={className}>
        {children}
      </a>
      {fileId && (
        <Dialog open={open} title={title} onClose={() => setOpen(false)} className="sm:max-w-4xl">
          {open && <ResumeBody resumeFileId={fileId} title={title} onClose={() => setOpen(false)} />}
        </Dialog>
      )}
    </>
  );
}
