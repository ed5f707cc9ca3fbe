// zod/mini, as the wizard's form schemas: the page's chunk carries only the checks it uses.
import * as z from 'zod/mini';
import { CANCEL_REASON_MAX as REASON_MAX } from '@scheduler/contracts/manage-limits';
import { manageTexts as t } from './manage-texts.ts';

/** The cancel dialog's one field: an optional reason, as long as the wire schema (`manageCancelBodySchema`) takes. */
export const cancelFormSchema = z.object({
  reason: z.string().check(z.maxLength(REASON_MAX, t.cancelDialog.reasonTooLong(REASON_MAX))),
});
export type CancelFormInput = z.input<typeof cancelFormSchema>;
