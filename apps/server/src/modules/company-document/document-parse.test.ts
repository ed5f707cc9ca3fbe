import { describe, expect, it } from 'vitest';
import { companyDocumentSchema, type CompanyDocumentInput } from '@scheduler/contracts/company-document';
import { demoDocument } from '../../test-support/test-app.ts';
import { parseDocumentInSlices, PARSE_SLICE } from './document-parse.ts';

type Document = Record<string, unknown>;

/** The demo company with `agents` agents numbered from 1 and `contacts` contacts numbered from 100,001. */
function withPeople(agents: number, contacts = 0): Document {
  return {
    ...demoDocument(),
    agents: Array.from({ length: agents }, (_, i) => ({
      id: i + 1,
      first: `Agent${i + 1}`,
      kind: i % 2 ? 'insurance' : 'real_estate',
      state: i % 3 ? 1 : null,
    })),
    contacts: Array.from({ length: contacts }, (_, i) => ({ id: 100_001 + i, first: `Contact${i + 1}`, type: 1 })),
  };
}

/** `doc` with `change` made to its agent (or contact) at `index`. */
function changed(doc: Document, list: 'agents' | 'contacts', index: number, change: Record<string, unknown>): Document {
  return {
    ...doc,
    [list]: (doc[list] as Document[]).map((person, i) => (i === index ? { ...person, ...change } : person)),
  };
}

/** The first issue the whole schema finds, as the sliced parse names it. */
function wholeSchemaIssue(input: unknown) {
  const parsed = companyDocumentSchema.safeParse(input);
  if (parsed.success) throw new Error('the document is valid');
  return { path: parsed.error.issues[0]!.path, message: parsed.error.issues[0]!.message };
}

describe('parseDocumentInSlices (issue 39)', () => {
  it('gives what the whole schema gives, defaults, order of keys and all, across several slices of agents and contacts', async () => {
    const input = withPeople(2 * PARSE_SLICE + 1, PARSE_SLICE + 1);
    const parsed = await parseDocumentInSlices(input);
    const whole = companyDocumentSchema.parse(input);
    expect(parsed).toEqual({ success: true, data: whole });
    if (!parsed.success) return;
    expect(Object.keys(parsed.data)).toEqual(Object.keys(whole));
    expect(Object.keys(parsed.data.agents[PARSE_SLICE]!)).toEqual(Object.keys(whole.agents[PARSE_SLICE]!));
  });

  it('takes absent directories as empty, and refuses one that is not a list as the schema does', async () => {
    const { agents: _agents, contacts: _contacts, ...without } = withPeople(0);
    expect(await parseDocumentInSlices(without)).toEqual({ success: true, data: companyDocumentSchema.parse(without) });
    for (const agents of [null, 'all of them', { 0: {} }]) {
      const input = { ...withPeople(0), agents };
      expect(await parseDocumentInSlices(input)).toEqual({ success: false, issue: wholeSchemaIssue(input) });
    }
    expect(await parseDocumentInSlices('a document')).toEqual({
      success: false,
      issue: wholeSchemaIssue('a document'),
    });
  });

  it("names a person's field by the person's place in the whole list, on either side of a slice's edge", async () => {
    const doc = withPeople(2 * PARSE_SLICE, PARSE_SLICE + 1);
    for (const index of [0, PARSE_SLICE - 1, PARSE_SLICE, 2 * PARSE_SLICE - 1]) {
      const input = changed(doc, 'agents', index, { first: '' });
      expect(await parseDocumentInSlices(input)).toEqual({ success: false, issue: wholeSchemaIssue(input) });
      expect(wholeSchemaIssue(input).path).toEqual(['agents', index, 'first']);
    }
    const unknownField = changed(doc, 'contacts', PARSE_SLICE, { nickname: 'Bob' });
    expect(await parseDocumentInSlices(unknownField)).toEqual({
      success: false,
      issue: wholeSchemaIssue(unknownField),
    });
  });

  it('applies the text rule to every slice, naming the person', async () => {
    const input = changed(withPeople(2 * PARSE_SLICE), 'agents', PARSE_SLICE + 5, { last: 'Nul\u0000l' });
    expect(await parseDocumentInSlices(input)).toEqual({
      success: false,
      issue: { path: ['agents', PARSE_SLICE + 5, 'last'], message: wholeSchemaIssue(input).message },
    });
    expect(wholeSchemaIssue(input).path).toEqual(['agents', PARSE_SLICE + 5, 'last']);
  });

  it('checks the directory whole after its slices: an id twice in two slices, an unknown state or contact type, an id kept for people added online', async () => {
    const doc = withPeople(2 * PARSE_SLICE, PARSE_SLICE + 1);
    const inputs = [
      changed(doc, 'agents', PARSE_SLICE + 3, { id: 4 }),
      changed(doc, 'agents', PARSE_SLICE + 3, { state: 999 }),
      changed(doc, 'contacts', PARSE_SLICE, { type: 999 }),
      changed(doc, 'contacts', PARSE_SLICE, { id: 1_000_000_000 }),
    ];
    for (const input of inputs)
      expect(await parseDocumentInSlices(input)).toEqual({ success: false, issue: wholeSchemaIssue(input) });
  });

  it('names a problem of the rest of the document as the schema does', async () => {
    const input: CompanyDocumentInput = { ...(withPeople(PARSE_SLICE + 1) as CompanyDocumentInput), name: '' };
    expect(await parseDocumentInSlices(input)).toEqual({ success: false, issue: wholeSchemaIssue(input) });
  });

  it('lets other work run between slices of people', async () => {
    /** How many turns of the event loop passed while `input` was parsed. */
    const turnsDuring = async (input: Document) => {
      let turns = 0;
      let counting = true;
      const count = () => {
        turns++;
        if (counting) setImmediate(count);
      };
      setImmediate(count);
      await parseDocumentInSlices(input);
      counting = false;
      return turns;
    };
    const oneSlice = await turnsDuring(withPeople(PARSE_SLICE));
    const threeSlices = await turnsDuring(withPeople(3 * PARSE_SLICE));
    // Each slice after the first waits for a turn and more; the pauses between the document's parts are the same for both.
    expect(threeSlices - oneSlice).toBeGreaterThanOrEqual(2);
  });
});
