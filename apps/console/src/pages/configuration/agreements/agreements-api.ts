import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  agreementPreviewSchema,
  agreementSettingsSchema,
  agreementTemplateSchema,
  agreementTemplatesSchema,
  agreementTemplateVersionDetailSchema,
  type AgreementSettings,
  type AgreementTemplateInput,
} from '@scheduler/contracts/agreements';
import { callApi, companyApi } from '../../../shared/api.ts';
import { consoleKeys } from '../../../shared/queries.ts';

/**
 * The company's agreement templates and their settings (issue 43): owners and admins only
 * (`agreements.manage`). A save answers with the template as it now is; the list is read again.
 */

const agreementsKey = (companyKey: string) => [...consoleKeys.company(companyKey), 'agreements'] as const;

export function agreementsQueryOptions(companyKey: string) {
  return queryOptions({
    queryKey: [...agreementsKey(companyKey), 'list'] as const,
    queryFn: ({ signal }) => callApi(companyApi(companyKey, '/agreements'), agreementTemplatesSchema, { signal }),
  });
}

/** A past version's wording: it never changes once saved, so it is read once. */
export function agreementVersionQueryOptions(companyKey: string, templateId: string, version: number) {
  return queryOptions({
    queryKey: [...agreementsKey(companyKey), 'version', templateId, version] as const,
    queryFn: ({ signal }) =>
      callApi(
        companyApi(companyKey, `/agreements/${encodeURIComponent(templateId)}/versions/${version}`),
        agreementTemplateVersionDetailSchema,
        { signal },
      ),
    staleTime: Infinity,
  });
}

/** A new template (no id) or a save of one. */
export function useSaveAgreement(companyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: AgreementTemplateInput }) =>
      id === null
        ? callApi(companyApi(companyKey, '/agreements'), agreementTemplateSchema, {
            method: 'POST',
            body: input,
            answers: [201],
          })
        : callApi(companyApi(companyKey, `/agreements/${encodeURIComponent(id)}`), agreementTemplateSchema, {
            method: 'PUT',
            body: input,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...agreementsKey(companyKey), 'list'] }),
  });
}

export function useSaveAgreementSettings(companyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AgreementSettings) =>
      callApi(companyApi(companyKey, '/agreements/settings'), agreementSettingsSchema, {
        method: 'PUT',
        body: settings,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...agreementsKey(companyKey), 'list'] }),
  });
}

/** The body as a signer would read it, filled with a sample order by the server. */
export function usePreviewAgreement(companyKey: string) {
  return useMutation({
    mutationFn: (bodyHtml: string) =>
      callApi(companyApi(companyKey, '/agreements/preview'), agreementPreviewSchema, {
        method: 'POST',
        body: { body_html: bodyHtml },
      }),
  });
}
