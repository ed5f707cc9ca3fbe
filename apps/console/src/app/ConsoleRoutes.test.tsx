import { configure, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { OWNER, versionSummary } from '../test-support/configuration-server.ts';
import { stubServer } from '../test-support/render-page.tsx';
import { CONFIGURATION_PAGES } from './configuration-pages.ts';
import { ConsoleRoutes } from './ConsoleRoutes.tsx';
import { Providers } from './Providers.tsx';
import { createQueryClient } from './query-client.ts';

/**
 * The console's addresses: each configuration page at the one name its label gives it (issue
 * 40), and the earlier addresses of four of them still opening them, for a bookmark.
 */

// Each page's code loads on demand: allow a busy machine more than Testing Library's default second.
configure({ asyncUtilTimeout: 10_000 });
// The shared layout and the pages these tests open, imported once before them: the first import
// of a page transforms its whole tree, which is not what a test's wait is for.
beforeAll(() =>
  Promise.all([
    import('./ConfigurationLayout.tsx'),
    import('../pages/configuration/services/ServicesPage.tsx'),
    import('../pages/configuration/fees-taxes-coupons/FeesTaxesCouponsPage.tsx'),
    import('../pages/configuration/property-questions/PropertyQuestionsPage.tsx'),
    import('../pages/configuration/booking-changes/BookingChangesPage.tsx'),
    import('../pages/configuration/privacy/PrivacyPage.tsx'),
    import('../pages/configuration/agreements/AgreementsPage.tsx'),
  ]),
);

/** The live-update stream, which the shell opens: silent here. */
class SilentEventSource extends EventTarget {
  close() {}
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function openConsole(path: string) {
  vi.stubGlobal('EventSource', SilentEventSource);
  stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: OWNER };
    if (request.path === '/api/console/companies/demo/configuration')
      return {
        status: 200,
        body: {
          version: versionSummary(7),
          document: { key: 'demo', name: 'Scioto Valley Home Inspections', settings: [] },
        },
      };
    return undefined;
  });
  return render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <ConsoleRoutes />
        <Where />
      </MemoryRouter>
    </Providers>,
  );
}

describe("the console's configuration addresses", () => {
  it.each([
    ['catalogue', 'services', 'Services and prices'],
    ['pricing', 'fees-taxes-coupons', 'Fees, taxes and coupons'],
    ['questions', 'property-questions', 'Property questions'],
    ['booking-policy', 'booking-changes', 'Booking changes'],
  ])('opens /demo/%s, an earlier address, at /demo/%s: %s', async (earlier, now, heading) => {
    openConsole(`/demo/${earlier}`);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/demo/${now}`));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('lists each editor by its label, linked at its one address, the one open marked', async () => {
    openConsole('/demo/embedding');
    const nav = await screen.findByRole('navigation', { name: 'Configuration' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      CONFIGURATION_PAGES.map((page) => [page.label, `/demo/${page.path}`]),
    );
    expect(within(nav).getByRole('link', { name: 'Website embedding' }).getAttribute('aria-current')).toBe('page');
    // The label is the page's own heading.
    expect(await screen.findByRole('heading', { level: 1, name: 'Website embedding' })).toBeTruthy();
  });

  it('opens the Privacy page among the editors, after Website embedding, Webhooks and API keys, before Agreements and History', async () => {
    openConsole('/demo/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Configuration' });
    expect(within(nav).getByRole('link', { name: 'Privacy' }).getAttribute('aria-current')).toBe('page');
    const labels = CONFIGURATION_PAGES.map((page) => page.label);
    expect(labels.slice(labels.indexOf('Website embedding'))).toEqual([
      'Website embedding',
      'Webhooks',
      'API keys',
      'Privacy',
      'Agreements',
      'History',
    ]);
  });

  it('opens the Webhooks page after Website embedding, its link marked, for an owner', async () => {
    openConsole('/demo/webhooks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Configuration' });
    expect(within(nav).getByRole('link', { name: 'Webhooks' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the Agreements page after Privacy, its link marked', async () => {
    openConsole('/demo/agreements');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Configuration' });
    expect(within(nav).getByRole('link', { name: 'Agreements' }).getAttribute('aria-current')).toBe('page');
  });

  it('writes each address as its label in lower case, words joined by hyphens, with two named exceptions', () => {
    const slug = (label: string) => label.toLowerCase().replace(/,/g, '').replace(/ and /g, ' ').replace(/ /g, '-');
    const differing = CONFIGURATION_PAGES.filter((page) => slug(page.label) !== page.path).map((page) => [
      page.path,
      page.label,
    ]);
    // "Services and prices" is named by its first word; "Website embedding" by its last.
    expect(differing).toEqual([
      ['services', 'Services and prices'],
      ['embedding', 'Website embedding'],
    ]);
  });
});

describe('an address typed without the company (issue 41)', () => {
  it.each([
    ['/orders', '/demo/orders'],
    ['/schedule', '/demo/schedule'],
    ['/services', '/demo/services'],
    ['/orders/3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f601', '/demo/orders/3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f601'],
  ])("takes %s to the member's company: %s", async (typed, company) => {
    openConsole(typed);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(company));
    expect(screen.queryByRole('heading', { level: 1, name: 'No access' })).toBeNull();
  });

  it("still says No access at a company the person is not a member of, and takes no page's name for a company's", async () => {
    openConsole('/other/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/other/orders');
  });

  it('still says a deeper address of a company that is no page is not found', async () => {
    openConsole('/demo/nonsense/deeper');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
