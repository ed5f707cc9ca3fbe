/**
 * The browser saves `text` as a file named `fileName`: a link to it, clicked, then let go. Used for
 * what the console hands over as a file of the person's own (a directory's CSV, a person's data).
 */
export function saveFile(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Let go once the browser has started the download (revoked at once, some browsers save nothing).
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
