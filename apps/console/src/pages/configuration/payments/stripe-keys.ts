import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { stripeSecretsStatusSchema, type StripeSecretsBody } from '@scheduler/contracts/payments';
import { answerOf, callApi, companyApi, errorOf } from '../../../shared/api.ts';
import { consoleKeys } from '../../../shared/queries.ts';

/**
 * The company's Stripe keys (issue 26): write-only. The console reads only whether they are set
 * and when; a save sends them once and forgets them.
 */
const stripeKeysKey = (companyKey: string) => [...consoleKeys.company(companyKey), 'stripe-keys'] as const;
const stripeKeysPath = (companyKey: string) => companyApi(companyKey, '/payments/stripe');

export function stripeKeysQueryOptions(companyKey: string) {
  return queryOptions({
    queryKey: stripeKeysKey(companyKey),
    queryFn: ({ signal }) => callApi(stripeKeysPath(companyKey), stripeSecretsStatusSchema, { signal }),
  });
}

/** The shared client sends no PUT: this route alone needs it. */
async function putKeys(companyKey: string, body: StripeSecretsBody) {
  const response = await fetch(stripeKeysPath(companyKey), {
    method: 'PUT',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (response.status !== 200) throw await errorOf(response);
  return answerOf(200, stripeSecretsStatusSchema, await response.json());
}

export function useSaveStripeKeys(companyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StripeSecretsBody) => putKeys(companyKey, body),
    onSuccess: (status) => queryClient.setQueryData(stripeKeysKey(companyKey), status),
  });
}
