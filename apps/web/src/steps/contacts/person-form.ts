import { z } from 'zod';
import type { ContactTypeRef, Party, PersonField } from '@scheduler/contracts/people';
import type { Person } from '@scheduler/contracts/person';
import type { PanelFields } from '@scheduler/domain/people/person-fields';
import { personFormSchema } from '@scheduler/domain/people/person-form-schema';
import { FIELD_HELPER_TEXT } from '@scheduler/domain/people/person-rules';

/** A person form's values as the inputs hold them: every text a string, the state an id as text. */
export type PersonFormValues = Partial<Record<Exclude<PersonField, 'state'>, string>> & {
  state?: string;
  send_sms?: boolean;
  id?: number | null;
  /** A contact's type, chosen before its form shows (spec 5.4 requires it). */
  type?: ContactTypeRef;
};

/** The state dropdown holds text; the wire (and so the domain's schema) takes an id or null. */
function stateToWire(values: unknown): unknown {
  if (typeof values !== 'object' || values === null) return values;
  const { state, ...rest } = values as Record<string, unknown>;
  return { ...rest, state: state === undefined || state === '' ? null : Number(state) };
}

/**
 * The words under a failing field. Spec 5.4 says "Required"; that is what an empty required field
 * shows. A field that is filled in but wrong says what it wants instead (issue 20: "jordan@" was
 * told "Required"; decision 0027): the rule's own message, the same the server answers with.
 */
function fieldMessage(issue: z.core.$ZodIssue): string {
  const problem = (issue as { params?: { problem?: string } }).params?.problem;
  return problem === undefined || problem === 'required' ? FIELD_HELPER_TEXT : issue.message;
}

/**
 * The zod schema of one person form: the domain's schema of the party for the company's fields
 * (spec 5.4, the same one the server parses with), after the state's text is read as its id;
 * phones are judged for the company's country (`phoneCountry`). The field a message lands on is
 * the domain's.
 */
export function personFormResolverSchema(party: Party, fields: PanelFields, phoneCountry: string) {
  const rules = z.preprocess(stateToWire, personFormSchema(party, fields, phoneCountry));
  return z
    .custom<PersonFormValues>((values) => typeof values === 'object' && values !== null)
    .superRefine((values, ctx) => {
      const result = rules.safeParse(values);
      if (result.success) return;
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: fieldMessage(issue) });
    })
    .transform((values) => rules.parse(values));
}

/** The form's starting values from a person the order holds (or blanks). */
export function personDefaults(person: Partial<Person> | null | undefined, fields: PanelFields): PersonFormValues {
  const values: PersonFormValues = { id: person?.id ?? null };
  for (const field of fields.displayed) {
    if (field === 'state') values.state = person?.state == null ? '' : String(person.state);
    else values[field] = (person?.[field] as string | undefined) ?? '';
  }
  if (person?.send_sms !== undefined) values.send_sms = person.send_sms;
  return values;
}
