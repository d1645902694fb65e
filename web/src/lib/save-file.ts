/**
 * Hands `blob` to the browser as a download named `fileName`: for a file fetched with the API
 * client (which adds the bearer token a plain link could not send).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has started the download, which reads the URL synchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
