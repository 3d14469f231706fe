/** The name a downloaded set of recovery codes gets. */
export const RECOVERY_CODES_FILE = 'hothfield-nurseries-recovery-codes.txt';

/** Recovery codes as the copied and downloaded text: one per line, after a line saying what they are for. */
export function recoveryCodesText(codes: readonly string[], account?: string): string {
  const heading = `Hothfield Nurseries recovery codes${account ? ` for ${account}` : ''}. Each code logs you in once.`;
  return [heading, '', ...codes, ''].join('\n');
}

/** Saves text as a file through the browser's download (an object URL on a temporary link). */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
