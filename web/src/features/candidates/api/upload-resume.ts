import { ApiError, apiUrl, formData, isErrorBody, withSessionRetry } from '@/lib/api-client';
import type { ApiAnswer, ApiBody } from '@/lib/api/types';

/** The server's report on each uploaded file. */
export type UploadResumeAnswer = ApiAnswer<'/Drive/UploadResume', 'post'>;

type XhrResult = { status: number; body: unknown };

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text || null;
  }
}

/** One multipart POST through XMLHttpRequest, the only browser API that reports upload progress. */
function sendWithProgress({
  url,
  form,
  token,
  onProgress,
  signal,
}: {
  url: string;
  form: FormData;
  token: string | null;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}) {
  return new Promise<XhrResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) });
    xhr.onerror = () => reject(new ApiError({ status: 0, body: null, message: 'Network error. Please check your connection.' }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Waits before each retry of a transient failure (5xx). */
export const UPLOAD_RETRY_DELAYS_MS = [500, 1500];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Uploads one resume to a JD (multipart `resumeFile`), reporting progress
 * 0-100. A 401 refreshes the session once and sends again, like every call.
 * A 5xx answer is retried twice: nothing was recorded (the server commits a
 * row or nothing), and a repeated file is deduplicated by e-mail anyway.
 */
export async function uploadResume({
  jdId,
  file,
  onProgress = () => {},
  signal,
}: {
  jdId: string;
  file: File;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}): Promise<UploadResumeAnswer> {
  const url = apiUrl('post', '/Drive/UploadResume', { query: { jdId } });
  const body: ApiBody<'/Drive/UploadResume', 'post'> = { resumeFile: [file] };
  const attempt = () =>
    withSessionRetry('/Drive/UploadResume', (token) => sendWithProgress({ url, form: formData(body), token, onProgress, signal }));
  let result = await attempt();
  for (const delay of UPLOAD_RETRY_DELAYS_MS) {
    if (result.status < 500 || signal?.aborted) break;
    await wait(delay);
    result = await attempt();
  }
  if (result.status >= 200 && result.status < 300) return result.body as UploadResumeAnswer;
  throw new ApiError({ status: result.status, body: isErrorBody(result.body) ? result.body : null });
}
