import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SIGNING_PAGE_SEGMENT, signingViewSchema, type SignBody } from '@scheduler/contracts/agreements';
import { ApiError } from '@scheduler/ui/api-error';
import { answerBy } from '../shared/answer-by.ts';
import { callApi } from '../shared/api-client.ts';

/**
 * The signing page's calls (issue 43). As with the manage link, the token is the credential and
 * travels only in the API path: no header, no storage, no other URL.
 */
export interface SigningLink {
  companyKey: string;
  token: string;
  /** Opened from a client's manage page: `token` is the manage link's, and this the agreement it signs. */
  agreementId?: string;
}

const baseOf = ({ companyKey, token, agreementId }: SigningLink) =>
  agreementId
    ? `/${encodeURIComponent(companyKey)}/json/manage/${encodeURIComponent(token)}/agreements/${encodeURIComponent(agreementId)}`
    : `/${encodeURIComponent(companyKey)}/json/${SIGNING_PAGE_SEGMENT}/${encodeURIComponent(token)}`;

/** GET …/sign/{token}/pdf: the sealed agreement, once it is complete. */
export const signedPdfPath = (link: SigningLink) => `${baseOf(link)}/pdf`;

/** The page's query key, here rather than in shared/queries.ts, which every visitor's first download carries. */
export const signingViewKey = ({ companyKey, token, agreementId }: SigningLink) =>
  ['sign', companyKey, token, agreementId ?? '', 'view'] as const;

/**
 * How the page reads a refused call: a link that is unknown, voided or tampered with is one page
 * for all (404), never naming which; 409 is an agreement that changed since the page read it; a
 * 400 that names a field goes beside that field.
 */
export type SigningFailure =
  | { kind: 'invalid-link' }
  | { kind: 'changed' }
  | { kind: 'field'; field: string; message: string }
  | { kind: 'busy' }
  | { kind: 'other' };

export function signingFailure(error: unknown): SigningFailure | null {
  if (error === null || error === undefined) return null;
  if (!(error instanceof ApiError)) return { kind: 'other' };
  if (error.status === 404) return { kind: 'invalid-link' };
  if (error.status === 409) return { kind: 'changed' };
  if (error.status === 400 && error.field) return { kind: 'field', field: error.field, message: error.message };
  if (error.status === 429) return { kind: 'busy' };
  return { kind: 'other' };
}

/** A refusal of the request itself (4xx) will not change by asking again; a 503 or a dropped call may. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2;

/** GET …/sign/{token}: the agreement as the signer reads it, and where their signing stands. */
export function signingViewQueryOptions(link: SigningLink) {
  return queryOptions({
    queryKey: signingViewKey(link),
    queryFn: ({ signal }) => callApi(baseOf(link), { signal, parse: answerBy(signingViewSchema) }),
    retry: retryUnlessRefused,
  });
}

/**
 * POST …/sign/{token}: the signature. Its answer is the view as it is now (signed, or complete),
 * which replaces the one shown. A 409 reads the agreement again before the mutation settles, so
 * that the page shows what is to be signed now beside the refusal.
 */
export function useSign(link: SigningLink) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignBody) => callApi(baseOf(link), { method: 'POST', body, parse: answerBy(signingViewSchema) }),
    onSuccess: (view) => queryClient.setQueryData(signingViewKey(link), view),
    onError: async (error) => {
      if (signingFailure(error)?.kind === 'changed')
        await queryClient.invalidateQueries({ queryKey: signingViewKey(link) });
    },
  });
}
