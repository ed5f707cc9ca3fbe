import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  directoryMergeResultSchema,
  directoryReviewSchema,
  type DirectoryReviewQuery,
} from '@scheduler/contracts/directory-review';
import { publicPersonSchema } from '@scheduler/contracts/public-api';
import { callApi, companyApi } from '../../../shared/api.ts';
import { consoleKeys } from '../../../shared/queries.ts';

/**
 * The directory's review (issue 47, decision 0091): people added online awaiting the office, their
 * likely duplicates, e-mails several people share; accept one, merge one into another.
 */
type ReviewType = DirectoryReviewQuery['type'];

const reviewKey = (companyKey: string) => [...consoleKeys.company(companyKey), 'directory-review'] as const;
const directoryPath = (companyKey: string, rest: string) => companyApi(companyKey, `/directory${rest}`);

export function directoryReviewQueryOptions(companyKey: string, type: ReviewType) {
  return queryOptions({
    queryKey: [...reviewKey(companyKey), type],
    queryFn: ({ signal }) =>
      callApi(directoryPath(companyKey, `/review?type=${type}`), directoryReviewSchema, { signal }),
  });
}

export function useAcceptPerson(companyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callApi(directoryPath(companyKey, `/people/${encodeURIComponent(id)}/accept`), publicPersonSchema, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKey(companyKey) }),
  });
}

export function useMergePerson(companyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, into }: { id: string; into: string }) =>
      callApi(directoryPath(companyKey, `/people/${encodeURIComponent(id)}/merge`), directoryMergeResultSchema, {
        method: 'POST',
        body: { into },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKey(companyKey) }),
  });
}
