import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiKeySummarySchema,
  type ApiKeyCreateBody,
} from '@scheduler/contracts/public-api';
import { callApi, companyApi } from '../../../shared/api.ts';
import { consoleKeys } from '../../../shared/queries.ts';

/**
 * The company's API keys (issue 46, decision 0087): listed by prefix, never the key; a new key's
 * answer carries the key this once, and the console keeps it nowhere but on the screen.
 */
const apiKeysKey = (companyKey: string) => [...consoleKeys.company(companyKey), 'api-keys'] as const;
const apiKeysPath = (companyKey: string, rest = '') => companyApi(companyKey, `/api-keys${rest}`);

export function apiKeysQueryOptions(companyKey: string) {
  return queryOptions({
    queryKey: apiKeysKey(companyKey),
    queryFn: ({ signal }) => callApi(apiKeysPath(companyKey), apiKeyListSchema, { signal }),
  });
}

export function useCreateApiKey(companyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreateBody) =>
      callApi(apiKeysPath(companyKey), apiKeyCreatedSchema, { method: 'POST', body, answers: [201] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(companyKey) }),
  });
}

export function useRevokeApiKey(companyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callApi(apiKeysPath(companyKey, `/${encodeURIComponent(id)}/revoke`), apiKeySummarySchema, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(companyKey) }),
  });
}
