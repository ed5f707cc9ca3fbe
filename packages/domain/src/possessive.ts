/**
 * "Scioto Valley's", "Acme Inspections'": a name's possessive as English writes it, a plural (or
 * any name ending in s) taking the apostrophe alone (issue 41: "Inspections's console").
 */
export function possessive(name: string): string {
  const trimmed = name.trimEnd();
  if (trimmed === '') return '';
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}
