// zod/mini, as the wizard's form schemas: the page's chunk carries only the checks it uses.
import * as z from 'zod/mini';
import { TYPED_NAME_MAX } from '@scheduler/contracts/agreements';
import { signingTexts as t } from './signing-texts.ts';

/**
 * The signing form's fields (the drawing is the pad's, checked on submit). The wire schema is
 * `signBodySchema`; these are its checks in the page's own words.
 */
export const signFormSchema = z.object({
  consent: z.boolean().check(z.refine((value) => value, t.form.consentRequired)),
  typed_name: z.string().check(
    z.refine((value) => value.trim().length > 0, t.form.nameRequired),
    z.refine((value) => value.trim().length <= TYPED_NAME_MAX, t.form.nameTooLong(TYPED_NAME_MAX)),
  ),
  method: z.enum(['drawn', 'typed']),
});
export type SignFormInput = z.input<typeof signFormSchema>;
