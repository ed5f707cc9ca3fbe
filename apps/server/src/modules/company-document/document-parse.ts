import { z } from 'zod';
import {
  agentSchema,
  companyDocumentSchema,
  directoryContactSchema,
  directoryIssues,
  type CompanyDocument,
  type DocumentIssue,
} from '@scheduler/contracts/company-document';
import { withAcceptableText } from '@scheduler/contracts/text';
import { letWaitingRequestsIn } from '../../event-loop.ts';

/**
 * People parsed between two turns of the event loop: a few milliseconds of work. Parsed whole, a
 * 20,000-agent directory held the process for 100 to 300 ms, during which no other company's
 * request was answered (issue 39).
 */
export const PARSE_SLICE = 1_000;

/** The document schema's rules for a slice of each directory: the person's own, and the text rule. */
const SLICE_SCHEMAS = {
  agents: withAcceptableText(z.array(agentSchema)),
  contacts: withAcceptableText(z.array(directoryContactSchema)),
};

export type DocumentParse = { success: true; data: CompanyDocument } | { success: false; issue: DocumentIssue };

/** The first issue zod found, its path under `prefix` and its first index moved by `offset` (a slice's start). */
export function firstIssue(error: z.ZodError, prefix: Array<string | number> = [], offset = 0): DocumentIssue {
  const issue = error.issues[0]!;
  const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  if (prefix.length > 0 && typeof path[0] === 'number') path[0] += offset;
  return { path: [...prefix, ...path], message: issue.message };
}

async function parseSlices<K extends keyof typeof SLICE_SCHEMAS>(
  name: K,
  people: readonly unknown[],
): Promise<{ data: Array<z.output<(typeof SLICE_SCHEMAS)[K]>[number]> } | { issue: DocumentIssue }> {
  const data: Array<z.output<(typeof SLICE_SCHEMAS)[K]>[number]> = [];
  for (let from = 0; from < people.length; from += PARSE_SLICE) {
    if (from > 0) await letWaitingRequestsIn();
    const parsed = SLICE_SCHEMAS[name].safeParse(people.slice(from, from + PARSE_SLICE));
    if (!parsed.success) return { issue: firstIssue(parsed.error, [name], from) };
    for (const person of parsed.data) data.push(person);
  }
  return { data };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Absent, a directory is empty (the schema's default); anything but an array the schema refuses. */
const isListOrAbsent = (value: unknown): value is unknown[] | undefined => value === undefined || Array.isArray(value);

/**
 * What `companyDocumentSchema` makes of `input` (the document, or an issue where it would find
 * one), with the agents and contacts parsed a slice at a time, the event loop turning between
 * slices, and then checked whole (`directoryIssues`). The rest of the document is small and
 * parsed at once. When a document has problems in several places, the one named may differ from
 * the whole schema's first: the rest of the document is looked at before its people.
 */
export async function parseDocumentInSlices(input: unknown): Promise<DocumentParse> {
  if (!isRecord(input) || !isListOrAbsent(input.agents) || !isListOrAbsent(input.contacts)) {
    // Not even the shape of a document: the schema says what is wrong, at no cost.
    const whole = companyDocumentSchema.safeParse(input);
    return whole.success ? { success: true, data: whole.data } : { success: false, issue: firstIssue(whole.error) };
  }
  const rest = companyDocumentSchema.safeParse({ ...input, agents: [], contacts: [] });
  if (!rest.success) return { success: false, issue: firstIssue(rest.error) };
  await letWaitingRequestsIn();
  const agents = await parseSlices('agents', input.agents ?? []);
  if ('issue' in agents) return { success: false, issue: agents.issue };
  await letWaitingRequestsIn();
  const contacts = await parseSlices('contacts', input.contacts ?? []);
  if ('issue' in contacts) return { success: false, issue: contacts.issue };
  // Spread and assigned, the two keep their places in the parsed document.
  const doc: CompanyDocument = { ...rest.data, agents: agents.data, contacts: contacts.data };
  const [issue] = directoryIssues(doc);
  return issue ? { success: false, issue } : { success: true, data: doc };
}
