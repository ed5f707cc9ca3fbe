import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { orderAgreementsSchema } from '@scheduler/contracts/agreements';
import { callApi, companyApi } from '../../../shared/api.ts';
import { consoleKeys } from '../../../shared/queries.ts';

/**
 * An order's agreements and their signers (issue 43). The key sits under the order's, so that the
 * live event stream, which reads every order again when one changes (a client signing is one),
 * reads these again too.
 */
const agreementsKey = (companyKey: string, orderId: string) =>
  [...consoleKeys.order(companyKey, orderId), 'agreements'] as const;
const agreementsPath = (orderId: string, rest = '') => `/orders/${encodeURIComponent(orderId)}/agreements${rest}`;

export function orderAgreementsQueryOptions(companyKey: string, orderId: string) {
  return queryOptions({
    queryKey: agreementsKey(companyKey, orderId),
    queryFn: ({ signal }) =>
      callApi(companyApi(companyKey, agreementsPath(orderId)), orderAgreementsSchema, { signal }),
  });
}

/** GET …/agreements/{id}/pdf: the sealed agreement, as it was sealed. */
export const agreementPdfPath = (companyKey: string, orderId: string, agreementId: string) =>
  companyApi(companyKey, agreementsPath(orderId, `/${encodeURIComponent(agreementId)}/pdf`));

/** POST …/signers/{id}/resend: the signer's link e-mailed again (204); the list is read again for its new "sent" time. */
export function useResendSigningLink(companyKey: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agreementId, signerId }: { agreementId: string; signerId: string }) =>
      callApi(
        companyApi(
          companyKey,
          agreementsPath(orderId, `/${encodeURIComponent(agreementId)}/signers/${encodeURIComponent(signerId)}/resend`),
        ),
        z.null(),
        { method: 'POST', answers: [204] },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agreementsKey(companyKey, orderId) }),
  });
}
