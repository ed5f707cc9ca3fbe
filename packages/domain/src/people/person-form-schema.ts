import type { z } from 'zod';
import {
  clientSchema,
  contactSchema,
  insuranceAgentSchema,
  realEstateAgentSchema,
  type Party,
} from '@scheduler/contracts/people';
import type { PanelFields } from './person-fields.ts';
import { validatePerson, type PersonValues } from './person-rules.ts';

const WIRE_SCHEMAS = {
  buyers_agent: realEstateAgentSchema,
  sellers_agent: realEstateAgentSchema,
  insurance_agent: insuranceAgentSchema,
  client: clientSchema,
  contact: contactSchema,
} as const;
type WireSchemas = typeof WIRE_SCHEMAS;

/**
 * The zod schema of one person form: the party's wire shape (strict, bounded, no control
 * characters) plus the rules of spec 5.4 for the company's fields. The browser hands it to
 * react-hook-form's zod resolver, the server parses request bodies with it, so both refuse
 * the same input with the same message on the same field.
 */
export function personFormSchema<P extends Party>(party: P, fields: PanelFields, phoneCountry: string): WireSchemas[P] {
  const base = WIRE_SCHEMAS[party] as z.ZodType<PersonValues>;
  return base.superRefine(
    (person, ctx) => {
      const result = validatePerson(party, person, fields, phoneCountry);
      if (result.ok) return;
      // A field the wire shape already refused (too long, wrong type) keeps that one message.
      const refused = new Set(ctx.issues.map((issue) => issue.path?.[0]));
      for (const error of result.errors) {
        if (!refused.has(error.field))
          ctx.addIssue({
            code: 'custom',
            path: [error.field],
            message: error.message,
            params: { problem: error.problem },
          });
      }
    },
    // Run the rules even when a field failed its shape, so that every failing field shows at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  ) as unknown as WireSchemas[P];
}

/** The first failing field of a zod failure, for a 400 answer's `field` and for focus. */
export function firstFailingField(error: z.ZodError): string | undefined {
  const path = error.issues[0]?.path;
  return path && path.length > 0 ? path.map(String).join('.') : undefined;
}
