import type { QueryClient } from '@tanstack/react-query';
import { FIRST_LOAD_ELEMENT_ID, type FirstLoadData } from '@scheduler/contracts/first-load';
import { answersLoaded } from '../shared/answer-later.ts';
import { queryKeys, type SessionScope } from '../shared/queries.ts';

/** The company key of a wizard URL's path, `/{company_key}/online-scheduler...`. */
const WIZARD_PATH = /^\/([^/]+)\/online-scheduler(?:\/|$)/;

/**
 * Puts the first screen's data the server wrote into the page (decision 0022) into the query
 * cache, so that the first step renders without waiting for the four calls every screen starts
 * with. Only for the URL the page was served for: the company, office and token must be the
 * URL's. The element is removed once read, so the data lives on only in the cache. Answers
 * whether anything was seeded.
 *
 * The data is read by its contract (decision 0056) once the page's first call has brought the
 * parser, which no first step's weight budget carries. Data the contract does not describe is
 * dropped with every answer read so far, and the page asks again: each answer then comes from its
 * own call, parsed, and a failure shows as that of any other call.
 */
export function seedFirstLoad(
  queryClient: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
  doc: Pick<Document, 'getElementById'>,
): boolean {
  const element = doc.getElementById(FIRST_LOAD_ELEMENT_ID);
  if (!element) return false;
  element.remove();
  let data: FirstLoadData;
  try {
    data = JSON.parse(element.textContent ?? '') as FirstLoadData;
  } catch {
    return false;
  }
  const companyKey = WIZARD_PATH.exec(location.pathname)?.[1];
  const search = new URLSearchParams(location.search);
  const token = search.get('t') ?? '';
  const officeUuid = (search.get('office') ?? '').toLowerCase();
  if (!companyKey || token === '' || data.company_key !== companyKey || data.office_uuid !== officeUuid) return false;
  const scope: SessionScope = { companyKey, credentials: { token, officeUuid } };
  queryClient.setQueryData(queryKeys.officeContact(companyKey, officeUuid), data.office_contact);
  queryClient.setQueryData(queryKeys.currency(companyKey), { currency_code: data.currency_code });
  queryClient.setQueryData(queryKeys.office(scope), data.office);
  queryClient.setQueryData(queryKeys.order(scope), data.order);
  void answersLoaded.then((answers) => {
    if (!answers.isFirstLoadData(data)) void queryClient.resetQueries();
  });
  return true;
}
