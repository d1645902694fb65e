/** How a resume was read, where it matters to the recruiter: a name to check, text read by OCR. */

/** Below this the server's name reader was unsure (ats::CHECK_NAME_BELOW). */
export const CHECK_NAME_BELOW = 0.8;

const note = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

/** "check name" beside a name read with little certainty (e.g. from the e-mail address alone). */
export function NameCheck({ confidence }: { confidence: number | null | undefined }) {
  if (confidence == null || confidence >= CHECK_NAME_BELOW) return null;
  return (
    <span
      data-testid="check-name"
      title="The name was read with little certainty (for example from the e-mail address): check it against the resume."
      className={`${note} bg-amber-50 text-amber-800 ring-amber-200`}
    >
      check name
    </span>
  );
}

/** "Read by OCR": the text came from a picture of the page and may hold misread characters. */
export function OcrBadge({ ocr }: { ocr: boolean | undefined }) {
  if (!ocr) return null;
  return (
    <span
      data-testid="ocr"
      title="This resume is a scan: its text was read from the picture (OCR) and may hold misread characters."
      className={`${note} bg-sky-50 text-sky-800 ring-sky-200`}
    >
      Read by OCR
    </span>
  );
}
