import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentOrder, AgentProfile } from '@scheduler/contracts/agent-portal';
import { createQueryClient, UnauthorizedSessions } from '../app/query-client.ts';
import { PageLayout } from '../frame/PageLayout.tsx';
import { stubServer, type RecordedRequest } from '../test-support/render-step.tsx';
import AgentPortalPage from './AgentPortalPage.tsx';
import { portalTexts } from './portal-texts.ts';

const BASE = '/demo/json/agents';
const SENT =
  "If this e-mail address is one of our agents', we have sent it a sign-in link. It works once, for 15 minutes.";
const PROFILE: AgentProfile = {
  id: 201,
  first: 'Jessica',
  last: 'Moreno',
  email: 'jessica.moreno@olentangyrealtygroup.com',
  mobile_phone: '(614) 555-0120',
  agency: 'Olentangy Realty Group',
  receives_sms: false,
  editing_allowed: true,
  company_name: 'Scioto Valley Home Inspections',
  book_path: '/demo/online-scheduler/5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10',
};
const ORDER: AgentOrder = {
  id: 'a0000000-0000-4000-8000-000000000001',
  status: 'confirmed',
  datetime: '2027-03-04T14:00:00.000Z',
  time_zone: 'America/New_York',
  address: '1105 Schrock Rd, Columbus, 43229',
  client_name: 'Dana Buyer',
  role: 'buyers_agent',
  payment_status: 'unpaid',
  agreement_status: 'pending',
  manageable: true,
};
const SIGNED_OUT = {
  status: 401,
  body: { error: { code: 'unauthenticated', message: 'Please sign in to the agent portal.' } },
};

function server(signedIn: boolean, patch?: (request: RecordedRequest) => { status: number; body: unknown }) {
  return stubServer((request) => {
    if (request.path === `${BASE}/me` && request.method === 'GET')
      return signedIn ? { status: 200, body: PROFILE } : SIGNED_OUT;
    if (request.path === `${BASE}/me` && request.method === 'PATCH')
      return patch?.(request) ?? { status: 200, body: { ...PROFILE, ...(request.body as object) } };
    if (request.path === `${BASE}/sign-in`) return { status: 202, body: { message: SENT } };
    if (request.path.startsWith(`${BASE}/orders?when=upcoming`))
      return { status: 200, body: { orders: [ORDER], next: null } };
    if (request.path.startsWith(`${BASE}/orders?when=past`)) return { status: 200, body: { orders: [], next: null } };
    return { status: 404, body: { error: { code: 'not_found', message: 'Not Found.' } } };
  });
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient(new UnauthorizedSessions())}>
      <MemoryRouter initialEntries={['/demo/agents']}>
        <Routes>
          <Route path="/:companyKey/agents" element={<AgentPortalPage Layout={PageLayout} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the agent portal page', () => {
  it('signed out: asks for the e-mail, checks it, and shows the one neutral answer', async () => {
    const requests = server(false);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: portalTexts.signInTitle });
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'jessica@');
    await user.click(screen.getByRole('button', { name: portalTexts.sendLink }));
    await screen.findByText(portalTexts.emailInvalid);
    expect(requests.some((r) => r.path.endsWith('/sign-in'))).toBe(false);
    await user.clear(screen.getByRole('textbox', { name: /^E-mail/ }));
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), PROFILE.email);
    await user.click(screen.getByRole('button', { name: portalTexts.sendLink }));
    await screen.findByText(SENT);
    expect(requests.filter((r) => r.path.endsWith('/sign-in')).map((r) => r.body)).toEqual([{ email: PROFILE.email }]);
  });

  it("signed in: the agent's inspection with its time in the office's zone, and their details saved, a refused field named", async () => {
    const requests = server(true, (request) =>
      (request.body as { agency: string }).agency === 'Refused Realty'
        ? { status: 400, body: { error: { code: 'invalid_request', message: 'Too long.', field: 'agency' } } }
        : { status: 200, body: { ...PROFILE, ...(request.body as object) } },
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Jessica' });
    const upcoming = screen.getByRole('region', { name: portalTexts.upcoming });
    await within(upcoming).findByText('Dana Buyer');
    expect(within(upcoming).getByText('Thu, Mar 4, 2027, 9:00 AM EST')).toBeTruthy();
    expect(within(upcoming).getByText(portalTexts.awaitingSignature)).toBeTruthy();
    expect(within(upcoming).getByRole('button', { name: /^Manage this inspection/ })).toBeTruthy();
    // One link a role: the wizard opens with the agent's role chosen (decision 0094).
    expect(screen.getByRole('link', { name: portalTexts.bookAsBuyersAgent }).getAttribute('href')).toBe(
      `${PROFILE.book_path}?role=buyers_agent`,
    );
    expect(screen.getByRole('link', { name: portalTexts.bookAsSellersAgent }).getAttribute('href')).toBe(
      `${PROFILE.book_path}?role=sellers_agent`,
    );
    await within(screen.getByRole('region', { name: portalTexts.past })).findByText(portalTexts.nonePast);

    const agency = screen.getByRole('textbox', { name: portalTexts.agency });
    await user.clear(agency);
    await user.type(agency, 'Refused Realty');
    await user.click(screen.getByRole('button', { name: portalTexts.saveDetails }));
    await screen.findByText('Too long.');
    expect(agency.getAttribute('aria-invalid')).toBe('true');
    await user.clear(agency);
    await user.type(agency, 'New Agency');
    await user.click(screen.getByRole('checkbox', { name: portalTexts.receivesSms }));
    await user.click(screen.getByRole('button', { name: portalTexts.saveDetails }));
    await screen.findByText(portalTexts.saved);
    const saved = requests.filter((r) => r.method === 'PATCH').at(-1)!;
    expect(saved.body).toEqual({ mobile_phone: PROFILE.mobile_phone, agency: 'New Agency', receives_sms: true });
    await waitFor(() => expect(screen.queryByText('Too long.')).toBeNull());
  });
});
