import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setPropertyInfoResponseSchema, type SetPropertyInfoBody } from '@scheduler/contracts/property';
import { callApi } from '../../shared/api-client.ts';
import { answerBy } from '../../shared/answer-by.ts';
import { invalidateOrder, type SessionScope } from '../../shared/queries.ts';

/** POST /set_property_info (spec 7.5): the property's answers; the order is read again after it. */
export function useSavePropertyInfo(scope: SessionScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPropertyInfoBody) =>
      callApi(`/${scope.companyKey}/json/online_scheduler/set_property_info`, {
        session: scope.credentials,
        method: 'POST',
        body,
        parse: answerBy(setPropertyInfoResponseSchema),
      }),
    onSuccess: () => invalidateOrder(queryClient, scope),
  });
}
