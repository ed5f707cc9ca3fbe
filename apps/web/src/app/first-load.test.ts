// @vitest-environment happy-dom
// (The page's document: this file is a .ts test, which runs in the unit project.)
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_ELEMENT_ID } from '@scheduler/contracts/first-load';
import { answerLater, answersLoaded } from '../shared/answer-later.ts';
import { queryKeys } from '../shared/queries.ts';
import { officeFixture, orderFixture } from '../test-support/render-step.tsx';
import { seedFirstLoad } from './first-load.ts';
import { createQueryClient, UnauthorizedSessions } from './query-client.ts';

const OFFICE = '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10';
const DATA = {
  company_key: 'demo',
  office_uuid: OFFICE,
  office_contact: { enabled: true, office_phone: '6145550142' },
  currency_code: 'USD',
  office: { office_uuid: OFFICE, company_name: 'Scioto Valley' },
  order: { id: 'o1', datetime: null },
};

/** A document holding the page's block with `text`, and whether it is still there after. */
function pageWith(text: string) {
  document.body.innerHTML = '';
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_LOAD_ELEMENT_ID;
  element.textContent = text;
  document.body.append(element);
  return { document, present: () => document.getElementById(FIRST_LOAD_ELEMENT_ID) !== null };
}

const at = (pathname: string, search: string) => ({ pathname, search });

describe("the first screen's data from the page", () => {
  it("fills the four queries of the URL's session, and removes the block", () => {
    const page = pageWith(JSON.stringify(DATA));
    const client = createQueryClient(new UnauthorizedSessions());
    expect(
      seedFirstLoad(
        client,
        at('/demo/online-scheduler/calendar', `?t=tok&office=${OFFICE.toUpperCase()}`),
        page.document,
      ),
    ).toBe(true);
    const scope = { companyKey: 'demo', credentials: { token: 'tok', officeUuid: OFFICE } };
    expect(client.getQueryData(queryKeys.office(scope))).toEqual(DATA.office);
    expect(client.getQueryData(queryKeys.order(scope))).toEqual(DATA.order);
    expect(client.getQueryData(queryKeys.officeContact('demo', OFFICE))).toEqual(DATA.office_contact);
    expect(client.getQueryData(queryKeys.currency('demo'))).toEqual({ currency_code: 'USD' });
    expect(page.present()).toBe(false);
  });

  it('fills nothing for another company, another office, no token, or a block that is not JSON', () => {
    const cases = [
      { url: at('/other/online-scheduler', `?t=tok&office=${OFFICE}`), text: JSON.stringify(DATA) },
      {
        url: at('/demo/online-scheduler', '?t=tok&office=c0000000-0000-4000-8000-0000000000ee'),
        text: JSON.stringify(DATA),
      },
      { url: at('/demo/online-scheduler', `?office=${OFFICE}`), text: JSON.stringify(DATA) },
      { url: at('/demo/online-schedulerx', `?t=tok&office=${OFFICE}`), text: JSON.stringify(DATA) },
      { url: at('/demo/online-scheduler', `?t=tok&office=${OFFICE}`), text: '{"company_key":' },
    ];
    for (const { url, text } of cases) {
      const page = pageWith(text);
      const client = createQueryClient(new UnauthorizedSessions());
      expect(seedFirstLoad(client, url, page.document)).toBe(false);
      expect(client.getQueryCache().getAll()).toEqual([]);
      expect(page.present()).toBe(false);
    }
  });

  it('keeps the data once the parser has read it as its contract describes, and drops what is not', async () => {
    const url = at('/demo/online-scheduler/calendar', `?t=tok&office=${OFFICE}`);
    const scope = { companyKey: 'demo', credentials: { token: 'tok', officeUuid: OFFICE } };
    const office = officeFixture({ office_uuid: OFFICE });
    const contact = {
      ...DATA.office_contact,
      company_name: 'Scioto Valley',
      office_uuid: OFFICE,
      office_name: 'Columbus',
    };
    const described = {
      ...DATA,
      office_contact: { ...contact, office_email: 'schedule@example.com', may_try: false, hide_logo: false },
      office,
      order: orderFixture(),
    };
    const kept = createQueryClient(new UnauthorizedSessions());
    expect(seedFirstLoad(kept, url, pageWith(JSON.stringify(described)).document)).toBe(true);
    const dropped = createQueryClient(new UnauthorizedSessions());
    expect(seedFirstLoad(dropped, url, pageWith(JSON.stringify(DATA)).document)).toBe(true);
    // A call brings the parser (or a test before this one did); the checks run when it comes.
    answerLater('currency');
    await answersLoaded;
    await Promise.resolve();
    expect(kept.getQueryData(queryKeys.office(scope))).toEqual(office);
    expect(kept.getQueryData(queryKeys.currency('demo'))).toEqual({ currency_code: 'USD' });
    expect(dropped.getQueryData(queryKeys.office(scope))).toBeUndefined();
    expect(dropped.getQueryData(queryKeys.order(scope))).toBeUndefined();
    expect(dropped.getQueryData(queryKeys.currency('demo'))).toBeUndefined();
  });

  it('answers false when the page has no block', () => {
    document.body.innerHTML = '';
    expect(
      seedFirstLoad(createQueryClient(new UnauthorizedSessions()), at('/demo/online-scheduler', '?t=tok'), document),
    ).toBe(false);
  });
});
