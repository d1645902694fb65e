/** The JD folders: one query under one key, shared with the pages that pick a JD. */
export { foldersQueryOptions, getFolders, useFolders } from '@/lib/queries/folders';
