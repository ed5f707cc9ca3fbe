import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_LOAD_ELEMENT_ID } from '@scheduler/contracts/first-load';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { answerLater, answersLoaded } from '../shared/answer-later.ts';
import { officeToday } from '../shared/scheduling-api.ts';
import { texts } from '../shared/texts.ts';
import {
  officeFixture,
  orderFixture,
  renderStep,
  stubServer,
  type RecordedRequest,
} from '../test-support/render-step.tsx';
import AddressStep from '../steps/address/AddressStep.tsx';
import CalendarStep from '../steps/calendar/CalendarStep.tsx';
import PackagesStep from '../steps/packages/PackagesStep.tsx';
import PostalCodeStep from '../steps/postal-code/PostalCodeStep.tsx';
import { seedFirstLoad } from './first-load.ts';
import { createQueryClient, UnauthorizedSessions, UnauthorizedSessionsContext } from './query-client.ts';
import { RenderFailure } from './RenderFailure.tsx';
import { SchedulerPage } from './SchedulerPage.tsx';

// Decision 0056: every answer is read by its contract's schema. One the contract does not describe
// is the server's fault, and the visitor sees it as any failed call: the failure notice with the
// office's phone, never a crash or a blank page.
const FAILURE = /Something went wrong\. Please try again, or call our office at/;
// A query asks twice more before it fails, as after any failed answer (app/query-client.ts).
const AFTER_RETRIES = { timeout: 6000 };
// The scheduler page's first render compiles its steps' chunks in the test's worker.
const FIRST_RENDER = { timeout: 5000 };

const office = officeFixture({ settings_data: [] });
const day = addDays(officeToday(office.time_zone), 3);
const nine: AppointmentSlot = {
  id: `${day}-9`,
  date: day,
  start: '9:00 AM',
  start_datetime: `${day} 09:00:00`,
  end_datetime: `${day} 12:00:00`,
  timestamp: Date.parse(`${day}T14:00:00Z`) / 1000,
  users: [101],
};
/** A slot without its times: not what the availability contract describes. */
const slotWithoutTimes = { id: 'x', date: day, users: [101] };

// The page's funnel sends what is pending as it unmounts: to the stubbed server still.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an answer its contract does not describe, on a first step', () => {
  it('the calendar shows the failure instead of times, and Try again asks again', async () => {
    let slots: unknown[] = [slotWithoutTimes];
    const requests = stubServer((request) =>
      request.path.includes('/availability') ? { status: 200, body: slots } : { status: 200, body: {} },
    );
    const user = userEvent.setup();
    renderStep(CalendarStep, { office, mode: 'default' });
    const retry = await screen.findByRole('button', { name: 'Try again' }, AFTER_RETRIES);
    expect(screen.getByText(FAILURE)).toBeTruthy();
    expect(screen.queryByText('9:00 AM')).toBeNull();
    // Once the server answers as its contract says, the same page shows the times.
    slots = [nine];
    const asked = requests.length;
    await user.click(retry);
    await screen.findByText('9:00 AM');
    expect(requests.length).toBeGreaterThan(asked);
    expect(screen.queryByText(FAILURE)).toBeNull();
  });

  it.each([
    ['set_postal_code', { status: 'saved' }],
    ['availability', [slotWithoutTimes]],
  ])('the postal-code step shows the failure when %s answers out of contract, and stays', async (call, body) => {
    stubServer((request) => {
      if (request.path.includes(`/${call}`)) return { status: 200, body };
      if (request.path.includes('/availability')) return { status: 200, body: [nine] };
      return { status: 200, body: { status: 'ok' } };
    });
    const user = userEvent.setup();
    const { goTo } = renderStep(PostalCodeStep, { office });
    await user.type(screen.getByRole('textbox', { name: /Postal Code/ }), '43017{Enter}');
    await screen.findByText(FAILURE);
    expect(goTo).not.toHaveBeenCalled();
  });

  it('the address step shows the failure when set_address answers out of contract, and stays', async () => {
    const requests = stubServer((request) => {
      if (request.path.endsWith('/set_address')) return { status: 200, body: { status: 'saved' } };
      // The geocoder's answer out of contract too: like its failure, it shows no suggestion (spec 8.5).
      return { status: 200, body: { no_results: false } };
    });
    const user = userEvent.setup();
    const { goTo } = renderStep(AddressStep, { office, mode: 'calendar-last' });
    await user.type(screen.getByRole('textbox', { name: /Address Line 1/ }), '6000 Sawmill Rd');
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Dublin');
    await user.type(screen.getByRole('textbox', { name: /Zip Code/ }), '43017');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText(FAILURE);
    expect(requests.some((r) => r.path.endsWith('/set_address'))).toBe(true);
    expect(goTo).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull();
  });
});

describe('an answer its contract does not describe, on a later step', () => {
  it('the packages step shows the failure instead of an empty catalogue', async () => {
    stubServer((request) =>
      request.path.endsWith('/packages')
        ? { status: 200, body: [{ id: 1, name: 'Full inspection' }] }
        : { status: 200, body: [] },
    );
    renderStep(PackagesStep, { office });
    await screen.findByText(FAILURE, {}, AFTER_RETRIES);
  });
});

describe("the page's own first-screen data, not as its contract describes", () => {
  const OFFICE = office.office_uuid;
  const contact = {
    company_name: office.company_name,
    office_uuid: OFFICE,
    office_name: office.office_name,
    office_phone: office.office_phone,
    office_email: office.office_email,
    enabled: true,
    may_try: false,
    hide_logo: false,
  };
  // The hold lapses "soon": not the instant the order's contract describes.
  const pageData = {
    company_key: 'demo',
    office_uuid: OFFICE,
    office_contact: contact,
    currency_code: 'USD',
    office: officeFixture(),
    order: orderFixture({ hold_expires_at: 'soon' }),
  };

  /**
   * The page as the server serves it, the data in its element, at the session's URL, once a call
   * has brought the parser (in the browser the first step's first call does; in a test worker an
   * earlier test may have). The server answers the order with `order`.
   */
  async function renderPage(order: unknown, page: unknown = pageData) {
    const requests = stubServer((request: RecordedRequest) => {
      if (request.path.endsWith('/online-scheduler/order')) return { status: 200, body: order };
      if (request.path.endsWith('/online-scheduler/office')) return { status: 200, body: pageData.office };
      if (request.path.includes('/office_contact/')) return { status: 200, body: contact };
      if (request.path.endsWith('/currency_code')) return { status: 200, body: { currency_code: 'USD' } };
      return { status: 200, body: { status: 'ok' } };
    });
    answerLater('currency');
    await answersLoaded;
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = FIRST_LOAD_ELEMENT_ID;
    element.textContent = JSON.stringify(page);
    document.body.append(element);
    const unauthorized = new UnauthorizedSessions();
    const queryClient = createQueryClient(unauthorized);
    const path = '/demo/online-scheduler/postal-code';
    const search = `?t=tok&office=${OFFICE}`;
    expect(seedFirstLoad(queryClient, { pathname: path, search }, document)).toBe(true);
    render(
      <UnauthorizedSessionsContext.Provider value={unauthorized}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[`${path}${search}`]}>
            <RenderFailure>
              <Routes>
                <Route path="/:companyKey/online-scheduler/*" element={<SchedulerPage />} />
              </Routes>
            </RenderFailure>
          </MemoryRouter>
        </QueryClientProvider>
      </UnauthorizedSessionsContext.Provider>,
    );
    return requests;
  }

  const asked = (requests: RecordedRequest[]) => requests.map((r) => r.path.replace(/\?.*$/, '').split('/').at(-1));

  it('is dropped, its answers are asked for again, and a server answering out of contract too shows the failure', async () => {
    const requests = await renderPage(pageData.order);
    await screen.findByText(FAILURE, {}, AFTER_RETRIES);
    expect(asked(requests)).toEqual(expect.arrayContaining([OFFICE, 'currency_code', 'office', 'order']));
    expect(screen.queryByRole('textbox', { name: /Postal Code/ })).toBeNull();
  });

  it("is dropped, and the page goes on with the server's own answers when they are what the contract describes", async () => {
    const requests = await renderPage(orderFixture());
    await screen.findByRole('textbox', { name: /Postal Code/ }, FIRST_RENDER);
    expect(asked(requests)).toEqual(expect.arrayContaining(['office', 'order']));
    expect(screen.queryByText(FAILURE)).toBeNull();
  });

  it('shows the failure with Reload, never a blank page, when it breaks a screen before the parser read it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The office without its property questions: the page counts them as it first renders.
    const { controls: _controls, ...officeWithoutQuestions } = pageData.office;
    await renderPage(pageData.order, { ...pageData, office: officeWithoutQuestions });
    expect(await screen.findByRole('heading', { name: texts.pageFailed })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByText(/call our office at/)).toBeTruthy();
  });
});
