import { sql, type SQL } from 'drizzle-orm';

/** A typed word of a search, as a LIKE pattern's literal part (its wildcards escaped). */
function likeLiteral(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Below this length a typed word must start a word: two letters inside words match too much to help. */
const CONTAINS_MIN = 3;

/**
 * The LIKE pattern a typed word is looked for with in a folded search text (migration 0004's
 * `people_fold`: case and accents ignored): anywhere from three letters on, at the start of a word
 * below. Search texts start with a space, so '% jo%' finds a word's start anywhere, and a trigram
 * index serves every such pattern (two letters included, through their padded trigrams).
 */
export function foldedWordPattern(word: string): SQL {
  return word.length >= CONTAINS_MIN ? foldedContaining(word) : foldedWordStart(word);
}

/** The LIKE pattern of a folded search text that holds `word` anywhere, whatever its length. */
export function foldedContaining(word: string): SQL {
  return sql`('%' || people_fold(${likeLiteral(word)}) || '%')`;
}

/** The LIKE pattern of a folded search text in which a word starts with `word`. */
export function foldedWordStart(word: string): SQL {
  return sql`('% ' || people_fold(${likeLiteral(word)}) || '%')`;
}

/** The LIKE pattern of a folded search text that starts with `text` (the whole query, say). */
export function foldedStartPattern(text: string): SQL {
  return sql`(' ' || people_fold(${likeLiteral(text)}) || '%')`;
}

/** Up to `limit` words of what was typed. */
export function searchWords(query: string, limit: number): string[] {
  return query
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, limit);
}
