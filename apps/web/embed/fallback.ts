/**
 * What a placeholder shows when its frame fails (decision 0060): the content the page put inside
 * it (a link to the scheduler, the office's phone), kept aside when the frame took its place; or,
 * when it held none, a line of ours with the office's own link, which works outside a frame.
 */
export function fallbackContent(kept: readonly Node[], officeLink: string): Node[] {
  const meaningful = kept.some((node) => node.nodeType === Node.ELEMENT_NODE || (node.textContent ?? '').trim() !== '');
  if (meaningful) return [...kept];
  const line = document.createElement('p');
  const link = document.createElement('a');
  link.href = officeLink;
  link.textContent = 'Open the scheduler';
  line.append('The scheduler could not be shown here. ', link);
  return [line];
}
