import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PricePreviewBody, PricePreviewResponse } from '@scheduler/contracts/price-preview';
import type { Pricing } from '@scheduler/contracts/pricing';
import { saves, serveConfigurationOf, type ServeOptions } from '../../../test-support/configuration-server.ts';
import { OFFICE } from '../../../test-support/fixtures.ts';
import { renderPage, type RecordedRequest } from '../../../test-support/render-page.tsx';
import ServicesPage from './ServicesPage.tsx';
import { nameProblem } from './services-form.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import {
  DOCUMENT,
  HOME,
  RADON,
  service,
} from '../../../test-support/configuration-documents/services-test-document.ts';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';

const PREVIEW_PATH = '/api/console/companies/demo/price-preview';

type Document = typeof DOCUMENT;

/**
 * A stand-in for the pricing engine, enough to see the page send the draft and show what comes
 * back: each sample service at its draft price, the package at its own, no fees or taxes.
 */
function pricingOf(body: PricePreviewBody): PricePreviewResponse {
  const document = body.document as unknown as Document;
  const services = body.sample.services.map((id) => document.services.find((s) => s.uuid === id)!);
  const pkg = document.packages.find((p) => p.id === body.sample.package_id) ?? null;
  const subtotal = services.reduce((sum, s) => sum + s.price_cents, pkg?.price_cents ?? 0);
  const pricing: Pricing = {
    package: pkg && {
      id: pkg.id,
      name: pkg.name,
      base: pkg.price_cents,
      subtotal: pkg.price_cents,
      amount: pkg.price_cents,
      savings: 0,
      rer: pkg.rer,
      services: pkg.services.map((id) => ({ id, fees: [] })),
    },
    services: services.map((s) => ({
      id: s.uuid,
      name: s.name,
      base: s.price_cents,
      subtotal: s.price_cents,
      fees: [],
      modifier_savings: 0,
      amount: s.price_cents,
      is_pac: false,
      ancillary: s.ancillary,
      rer: s.rer,
    })),
    additional: { total: 0, fees: [] },
    taxes: [],
    coupons: [],
    totals: { subtotal, discounts: 0, additional: 0, taxes: 0, grand_total: subtotal, display_total: subtotal },
    convenience_fee_message: '',
    pac_eligible: false,
    pac_removed: false,
    fees_hidden: false,
    taxes_hidden: false,
  };
  return { office: { uuid: OFFICE.uuid, name: OFFICE.name }, pricing, duration: 60 };
}

const server = serveConfigurationOf(DOCUMENT, 'name');
/** The server: "who am I", the configuration at version 7, a save (version 8 unless `put` answers otherwise), and the sample price. */
const serve = (options: Pick<ServeOptions<Document>, 'me' | 'put'> = {}) =>
  server.serve({
    ...options,
    routes: (request) =>
      request.method === 'POST' && request.path === PREVIEW_PATH
        ? { status: 200, body: pricingOf(request.body as PricePreviewBody) }
        : undefined,
  });

const renderServices = () => renderPage(<ServicesPage />, { path: '/demo/services', pattern: '/:companyKey/services' });
const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
const serviceEditor = () => screen.getByRole('region', { name: /^Service: / });
const packageEditor = () => screen.getByRole('region', { name: /^Package: / });
const sampleSection = () => screen.getByRole('region', { name: 'Sample price' });
const inEditor = (editor: HTMLElement, label: string) =>
  within(editor).getByRole('textbox', { name: label }) as HTMLInputElement;
const previews = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === PREVIEW_PATH).map((r) => r.body as PricePreviewBody);

async function chooseService(name: string) {
  await userEvent.click(
    within(await screen.findByRole('navigation', { name: 'Services' })).getByRole('button', {
      name: new RegExp(`^${name}`),
    }),
  );
}

async function retype(input: HTMLInputElement, text: string) {
  await userEvent.clear(input);
  await enterText(input, text);
}

describe('the services and prices page', () => {
  it('lists the services in the order visitors see them, and its parts under headings', async () => {
    serve();
    renderServices();
    const nav = await screen.findByRole('navigation', { name: 'Services' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Services and prices');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Services',
      'Packages',
      'Rush report',
      'Sample price',
    ]);
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Single-Family Home Inspection425.00 · 180 min',
      'Environmental TestingHeading',
      'Radon Testing150.00 · 60 min · add-on',
    ]);
    expect(inEditor(serviceEditor(), 'Price').value).toBe('425.00');
    expect(inEditor(packageEditor(), 'Length (minutes)').value).toBe('0');
    expect(accessibleDescription(inEditor(packageEditor(), 'Length (minutes)'))).toContain(
      '0 means the sum of its services’ lengths (now 180 minutes)',
    );
    expect((screen.getByRole('textbox', { name: 'Rush report fee' }) as HTMLInputElement).value).toBe('99.00');
  });

  it("edits a service's price and saves exactly that change", async () => {
    const requests = serve();
    renderServices();
    await chooseService('Radon Testing');
    await retype(inEditor(serviceEditor(), 'Price'), '175.50');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: {
        ...DOCUMENT,
        services: [{ ...DOCUMENT.services[0], price_cents: 17550 }, ...DOCUMENT.services.slice(1)],
      },
    });
    expect(await screen.findByText('Saved as version 8. Visitors see the new services and prices now.')).toBeTruthy();
  });

  it('hides the price and length of a heading', async () => {
    serve();
    renderServices();
    await chooseService('Environmental Testing');
    expect(within(serviceEditor()).queryByRole('textbox', { name: 'Price' })).toBeNull();
    await userEvent.click(within(serviceEditor()).getByRole('checkbox', { name: /^Heading only/ }));
    expect(inEditor(serviceEditor(), 'Price').value).toBe('0.00');
  });

  it('adds a package with its services, refusing it without any, and saves it with the next id', async () => {
    const requests = serve();
    renderServices();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a package' }));
    const editor = packageEditor();
    expect(document.activeElement).toBe(inEditor(editor, 'Name'));
    await enterText(inEditor(editor, 'Name'), 'Radon bundle');
    await retype(inEditor(editor, 'Price'), '525');
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(within(packageEditor()).getByText('Choose at least one service for the package.')).toBeTruthy(),
    );
    expect(saves(requests)).toEqual([]);

    const includes = within(packageEditor()).getByRole('group', { name: 'Services it includes' });
    // A heading is not something a package can include.
    expect(
      within(includes)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Single-Family Home Inspection', 'Radon Testing']);
    await userEvent.click(within(includes).getByRole('checkbox', { name: 'Single-Family Home Inspection' }));
    await userEvent.click(within(includes).getByRole('checkbox', { name: 'Radon Testing' }));
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: {
        ...DOCUMENT,
        packages: [
          ...DOCUMENT.packages,
          {
            id: 2,
            name: 'Radon bundle',
            description: '',
            best: false,
            best_text: '',
            rer: false,
            price_cents: 52500,
            duration_minutes: 0,
            services: [HOME, RADON],
            sort: 11,
            prepare: '',
          },
        ],
      },
    });
  });

  it('adds a service with a new id, and says a missing name at its field', async () => {
    const requests = serve();
    renderServices();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a service' }));
    await userEvent.click(saveButton());
    await waitFor(() => expect(accessibleDescription(inEditor(serviceEditor(), 'Name'))).toBe(nameProblem));
    await enterText(inEditor(serviceEditor(), 'Name'), 'Mold Air Sampling');
    await retype(inEditor(serviceEditor(), 'Price'), '275');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    const sent = (saves(requests)[0] as { document: Document }).document;
    expect(sent.services).toHaveLength(4);
    expect(sent.services[3]).toEqual(
      service(sent.services[3]!.uuid, 'Mold Air Sampling', 71, { price_cents: 27500, duration_minutes: 60 }),
    );
    expect(sent.services[3]!.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('refuses to remove a service a package includes, naming the package, and removes one nothing uses', async () => {
    const requests = serve();
    renderServices();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Single-Family Home Inspection' }));
    expect(
      (await screen.findByText(/can’t be removed while it is used by: package “Essentials”/)).closest(
        '[role="status"]',
      ),
    ).not.toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Services' })).getAllByRole('listitem')).toHaveLength(3);

    await chooseService('Environmental Testing');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Environmental Testing' }));
    expect(screen.getByText(/“Environmental Testing” removed/)).toBeTruthy();
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect((saves(requests)[0] as { document: Document }).document.services.map((s) => s.uuid)).toEqual([RADON, HOME]);
  });

  it('moves a service up and saves the new order as sort', async () => {
    const requests = serve();
    renderServices();
    await chooseService('Radon Testing');
    await userEvent.click(screen.getByRole('button', { name: 'Move Radon Testing up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move Radon Testing up' }));
    expect(
      within(screen.getByRole('navigation', { name: 'Services' })).getAllByRole('listitem')[0]!.textContent,
    ).toMatch(/^Radon Testing/);
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect((saves(requests)[0] as { document: Document }).document.services.map((s) => [s.name, s.sort])).toEqual([
      ['Radon Testing', 10],
      ['Single-Family Home Inspection', 20],
      ['Environmental Testing', 30],
    ]);
  });

  it('prices a sample cart from the unsaved values, and again after an edit', async () => {
    const requests = serve();
    renderServices();
    await screen.findByRole('navigation', { name: 'Services' });
    expect(within(sampleSection()).getByText('Choose a package or a service to see its price.')).toBeTruthy();
    await userEvent.click(
      within(within(sampleSection()).getByRole('group', { name: 'Services' })).getByRole('checkbox', {
        name: 'Radon Testing',
      }),
    );
    await enterText(within(sampleSection()).getByRole('textbox', { name: 'Square feet' }), '2400');
    const lines = await within(sampleSection()).findByRole('list', { name: 'Sample price lines' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Radon Testing$150.00']);
    expect(within(sampleSection()).getByText('Total:').parentElement?.textContent).toBe('Total:$150.00');
    expect(previews(requests).at(-1)?.sample).toEqual({
      package_id: null,
      services: [RADON],
      square_feet: 2400,
      year_built: null,
      rush_rer: false,
    });

    await chooseService('Radon Testing');
    await retype(inEditor(serviceEditor(), 'Price'), '175');
    await waitFor(() =>
      expect(within(sampleSection()).getByText('Total:').parentElement?.textContent).toBe('Total:$175.00'),
    );
    const draft = previews(requests).at(-1)!.document as unknown as Document;
    expect(draft.services[0]!.price_cents).toBe(17500);
    // Nothing was saved: the sample priced the form as typed.
    expect(saves(requests)).toEqual([]);

    await retype(inEditor(serviceEditor(), 'Price'), 'abc');
    expect(
      await within(sampleSection()).findByText(/The price shows again once the values above can be saved/),
    ).toBeTruthy();
  });
});
