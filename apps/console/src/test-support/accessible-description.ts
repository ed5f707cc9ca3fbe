/**
 * The text an element's aria-describedby points to, as a screen reader reads it after the label:
 * the described-by elements' text in order, joined by spaces (empty when it points nowhere).
 */
export function accessibleDescription(element: Element): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}
