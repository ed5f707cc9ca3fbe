import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  webhookDeliveriesSchema,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  webhookSecretSchema,
  type WebhookEndpointInput,
} from '@scheduler/contracts/webhooks';
import { callApi, companyApi } from '../../../shared/api.ts';
import { consoleKeys } from '../../../shared/queries.ts';

/**
 * The company's webhooks (issue 46, decision 0086): owners and admins only
 * (`integrations.manage`). A change answers with the endpoint as it now is; the list is read again.
 */
const webhooksKey = (companyKey: string) => [...consoleKeys.company(companyKey), 'webhooks'] as const;
const endpointPath = (companyKey: string, id: string, rest = '') =>
  companyApi(companyKey, `/webhooks/${encodeURIComponent(id)}${rest}`);
const queuedSchema = z.object({ delivery_id: z.number().int() });

export function webhooksQueryOptions(companyKey: string) {
  return queryOptions({
    queryKey: [...webhooksKey(companyKey), 'list'] as const,
    queryFn: ({ signal }) => callApi(companyApi(companyKey, '/webhooks'), webhookEndpointsSchema, { signal }),
  });
}

/** One page of an endpoint's log, newest first; `before` the last id of the page before. */
export function deliveriesQueryOptions(companyKey: string, endpointId: string, before: number | null) {
  return queryOptions({
    queryKey: [...webhooksKey(companyKey), 'deliveries', endpointId, before] as const,
    queryFn: ({ signal }) =>
      callApi(
        endpointPath(companyKey, endpointId, `/deliveries?limit=20${before === null ? '' : `&before=${before}`}`),
        webhookDeliveriesSchema,
        { signal },
      ),
  });
}

function useWebhooksMutation<A, T>(companyKey: string, call: (argument: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(companyKey) }),
  });
}

/** A new endpoint (no id) or a save of one. */
export function useSaveEndpoint(companyKey: string) {
  return useWebhooksMutation(companyKey, ({ id, input }: { id: string | null; input: WebhookEndpointInput }) =>
    id === null
      ? callApi(companyApi(companyKey, '/webhooks'), webhookEndpointSchema, {
          method: 'POST',
          body: input,
          answers: [201],
        })
      : callApi(endpointPath(companyKey, id), webhookEndpointSchema, { method: 'PUT', body: input }),
  );
}

export function useDeleteEndpoint(companyKey: string) {
  return useWebhooksMutation(companyKey, (id: string) =>
    callApi(endpointPath(companyKey, id), z.null(), { method: 'DELETE', answers: [204] }),
  );
}

/** The secret, shown (each reveal is recorded) or made anew (the old one signs too for 24 hours). */
export function useSecret(companyKey: string) {
  return useWebhooksMutation(companyKey, ({ id, rotate }: { id: string; rotate: boolean }) =>
    callApi(endpointPath(companyKey, id, rotate ? '/secret/rotate' : '/secret'), webhookSecretSchema, {
      method: 'POST',
    }),
  );
}

export function useSendTest(companyKey: string) {
  return useWebhooksMutation(companyKey, (id: string) =>
    callApi(endpointPath(companyKey, id, '/test'), queuedSchema, { method: 'POST', answers: [202] }),
  );
}

export function useResend(companyKey: string) {
  return useWebhooksMutation(companyKey, ({ id, deliveryId }: { id: string; deliveryId: number }) =>
    callApi(endpointPath(companyKey, id, `/deliveries/${deliveryId}/resend`), queuedSchema, {
      method: 'POST',
      answers: [202],
    }),
  );
}
