import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { candidateKeys } from './types';
import type { Done } from './types';

/** Deletes a resume by its file id (SPEC section 7: a GET). */
export function deleteResume({ resumeFileId }: { resumeFileId: string }): Promise<Done> {
  return data(api.GET('/Drive/DeleteResume', { params: { query: { resumeFileId } } }));
}

/**
 * The resume file id of SPEC section 5: `resumeFileId`, else parsed from the
 * file path (`…?id=<id>` or the last path segment).
 */
export function resumeFileIdOf({ resumeFileId, filePath }: { resumeFileId?: string | null; filePath?: string | null }): string | null {
  if (resumeFileId) return resumeFileId;
  if (!filePath) return null;
  try {
    const url = new URL(filePath, 'http://x');
    const id = url.searchParams.get('file') ?? url.searchParams.get('resumeFileId');
    if (id) return id;
    const last = url.pathname.split('/').filter(Boolean).pop();
    return last && last !== 'ResumeFile' ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}

export function useDeleteResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResume,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: candidateKeys.all }),
  });
}
