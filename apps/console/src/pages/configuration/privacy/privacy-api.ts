import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { privacyEraseResultSchema, privacyExportSchema, privacyLookupSchema } from '@scheduler/contracts/privacy';
import { callApi, companyApi } from '../../../shared/api.ts';
import { consoleKeys } from '../../../shared/queries.ts';
import { saveFile } from '../../../shared/save-file.ts';

/**
 * A person's request about their data (issue 49): the orders they are on, their data as a file,
 * and its erasure, each by the e-mail they are known by. Owners and admins only (`privacy.manage`).
 */

const privacyKey = (companyKey: string) => [...consoleKeys.company(companyKey), 'privacy'] as const;

const withEmail = (companyKey: string, route: string, email: string) =>
  companyApi(companyKey, `/privacy/${route}?${new URLSearchParams({ email }).toString()}`);

/** The orders the person is on, and how many of the company's People entries have their e-mail. */
export function privacyLookupQueryOptions(companyKey: string, email: string) {
  return queryOptions({
    queryKey: [...privacyKey(companyKey), 'orders', email] as const,
    queryFn: ({ signal }) => callApi(withEmail(companyKey, 'orders', email), privacyLookupSchema, { signal }),
    // What is erased changes under the office's feet (the pruning job): each Find asks afresh.
    staleTime: 0,
  });
}

/** The file the person is given: `personal-data-<email>.json`. */
export const exportFileName = (email: string) => `personal-data-${email}.json`;

/** Fetches the person's data and hands it to the browser as a file. */
export function useDownloadPersonalData(companyKey: string) {
  return useMutation({
    mutationFn: async (email: string) => {
      const data = await callApi(withEmail(companyKey, 'export', email), privacyExportSchema);
      saveFile(exportFileName(email), `${JSON.stringify(data, null, 2)}\n`, 'application/json');
      return data;
    },
  });
}

/**
 * Erases the person's data from every order whose inspection is over. Afterwards the list is read
 * again, and so are the orders the office may have open (their people now read "(erased)").
 */
export function useErasePersonalData(companyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      callApi(companyApi(companyKey, '/privacy/erase'), privacyEraseResultSchema, {
        method: 'POST',
        body: { email },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: privacyKey(companyKey) }),
        queryClient.invalidateQueries({ queryKey: consoleKeys.orders(companyKey) }),
        queryClient.invalidateQueries({ queryKey: [...consoleKeys.company(companyKey), 'order'] }),
      ]),
  });
}
