import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import NotFoundPage from '../pages/account/not-found/NotFoundPage.tsx';
import { OFFICE_ME } from '../test-support/fixtures.ts';
import { stubServer, type Answer } from '../test-support/render-page.tsx';
import { CompanySwitcher } from './CompanySwitcher.tsx';
import { HomeRedirect } from './HomeRedirect.tsx';
import { Providers } from './Providers.tsx';
import { createQueryClient } from './query-client.ts';
import { SignedIn } from './SignedIn.tsx';

/** The console's ways in: /console itself, a page for the signed-in only, an address it does not have, and the company chooser. */

const TWO_COMPANIES: ConsoleMe = {
  ...OFFICE_ME,
  memberships: [
    OFFICE_ME.memberships[0]!,
    {
      ...OFFICE_ME.memberships[0]!,
      company_key: 'north',
      company_name: 'North Ohio Inspections',
      organization_id: 'org-north',
    },
  ],
};

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function open(path: string, me: Answer) {
  const requests = stubServer((request) => (request.path === '/api/console/me' ? me : undefined));
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/"
            element={
              <SignedIn>
                <HomeRedirect />
              </SignedIn>
            }
          />
          <Route
            path="/:companyKey/schedule"
            element={
              <SignedIn>
                <p>The schedule</p>
              </SignedIn>
            }
          />
          <Route path="/:companyKey/switch" element={<CompanySwitcherHere />} />
          <Route path="/sign-in" element={<p>Sign in here</p>} />
          <Route path="/new-company" element={<p>Set up a company</p>} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Providers>,
  );
  return requests;
}

function CompanySwitcherHere() {
  const key = useLocation().pathname.split('/')[1] ?? '';
  return <CompanySwitcher memberships={TWO_COMPANIES.memberships} companyKey={key} />;
}

const location = () => screen.getByTestId('location').textContent;

describe('/console itself', () => {
  it("opens the first company's schedule", async () => {
    open('/', { status: 200, body: TWO_COMPANIES });
    await waitFor(() => expect(location()).toBe('/demo/schedule'));
    expect(screen.getByText('The schedule')).toBeTruthy();
  });

  it('tells a person of no company how to join one, or to set one up', async () => {
    open('/', { status: 200, body: { ...OFFICE_ME, memberships: [] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'No company yet' })).toBeTruthy();
    expect(
      screen.getByText(
        "Joining your company's console? Ask its owner to invite you, and open the link of the invitation.",
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Set up a new company' }));
    await waitFor(() => expect(location()).toBe('/new-company'));
  });
});

describe('a page for the signed-in', () => {
  it('sends a person not signed in to sign in, and back here after', async () => {
    open('/demo/schedule?date=2026-12-01', {
      status: 401,
      body: { error: { code: 'unauthenticated', message: 'Sign in first.' } },
    });
    await waitFor(() => expect(location()).toBe('/sign-in?next=%2Fdemo%2Fschedule%3Fdate%3D2026-12-01'));
  });

  it('says another failure in words, with a way to try again', async () => {
    const requests = open('/demo/schedule', { status: 403, body: { error: { code: 'forbidden', message: 'No.' } } });
    expect((await screen.findByRole('alert')).textContent).toContain("You don't have access to this.");
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/console/me').length).toBe(2));
  });
});

describe('an address the console does not have', () => {
  it('says so, with the way back to the schedule', async () => {
    open('/demo/nowhere/at/all', { status: 200, body: OFFICE_ME });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your schedule' }).getAttribute('href')).toBe('/');
  });
});

describe('the company chooser', () => {
  it("offers a person's companies by name, and opens the one chosen at its schedule", async () => {
    open('/demo/switch', { status: 200, body: TWO_COMPANIES });
    const chooser = await screen.findByRole('combobox', { name: 'Company' });
    expect(chooser.textContent).toBe('Scioto Valley Home Inspections');
    await userEvent.click(chooser);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Scioto Valley Home Inspections',
      'North Ohio Inspections',
    ]);
    await userEvent.click(options[1]!);
    await waitFor(() => expect(location()).toBe('/north/schedule'));
  });

  it('names the one company of a person in one, with nothing to choose', () => {
    stubServer(() => undefined);
    render(
      <MemoryRouter>
        <CompanySwitcher memberships={OFFICE_ME.memberships} companyKey="demo" />
      </MemoryRouter>,
    );
    expect(screen.getByText('Scioto Valley Home Inspections')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
