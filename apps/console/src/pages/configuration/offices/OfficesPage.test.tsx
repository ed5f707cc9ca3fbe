import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refusal, renderPage, type Answer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import { saves, serveConfigurationOf, type ServeOptions } from '../../../test-support/configuration-server.ts';
import OfficesPage from './OfficesPage.tsx';
import { enterText } from '../../../test-support/enter-text.ts';
import { COLUMBUS, DAYTON, DOCUMENT } from '../../../test-support/configuration-documents/offices-test-document.ts';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';

type Document = Record<string, unknown>;

const PLACE = {
  address1: '1 S High St',
  address2: '',
  city: 'Columbus',
  state: 'OH',
  postal_code: '43215',
  latitude: 39.9612,
  longitude: -82.9988,
  time_zone: 'America/Chicago',
};

const server = serveConfigurationOf<Document>(DOCUMENT, 'offices[0].phone');
/** The server: who am I, the configuration, a save, and the geocode route answering `geocode`. */
const serve = ({
  geocode,
  ...options
}: ServeOptions<Document> & { geocode?: (request: RecordedRequest) => Answer } = {}) =>
  server.serve({
    ...options,
    routes: (request) => (request.path.startsWith('/api/console/geocode?') ? geocode?.(request) : undefined),
  });

const renderOffices = () => renderPage(<OfficesPage />, { path: '/demo/offices', pattern: '/:companyKey/offices' });
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
const officeNames = () =>
  within(screen.getByRole('navigation', { name: 'Offices' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function loaded() {
  return screen.findByRole('textbox', { name: 'Phone' });
}

describe('the offices page', () => {
  it('lists the offices and edits the first one under headings', async () => {
    serve();
    renderOffices();
    await loaded();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Offices');
    expect(officeNames()).toEqual(['Columbus', 'Dayton']);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Columbus');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Contact',
      'Address and time zone',
      'Logo',
      'When visitors may book',
      'Advanced: driving estimates',
    ]);
    expect(field('Phone').value).toBe('(614) 555-0142');
    expect(select('State').value).toBe('OH');
    expect(select('Time zone').value).toBe('America/New_York');
    expect(accessibleDescription(field('Booking window (days)'))).toBe('How far ahead visitors may book. 1 to 730.');
    // US zones first.
    expect(
      Array.from(select('Time zone').options)
        .slice(0, 2)
        .map((option) => option.value),
    ).toEqual(['America/New_York', 'America/Detroit']);
  });

  it('saves an edited phone as the whole document, from the loaded version, with nothing else changed', async () => {
    const requests = serve();
    renderOffices();
    await loaded();
    await userEvent.clear(field('Phone'));
    await enterText(field('Phone'), '(614) 555-0199');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: { ...DOCUMENT, offices: [{ ...COLUMBUS, phone: '(614) 555-0199' }, DAYTON] },
    });
    expect(await screen.findByText('Saved as version 8. Visitors see the changes now.')).toBeTruthy();
  });

  it('fills the place and time zone from "Find this address", says where, and lets the zone be changed', async () => {
    const requests = serve({ geocode: () => ({ status: 200, body: PLACE }) });
    renderOffices();
    await loaded();
    await userEvent.clear(field('Street address'));
    await enterText(field('Street address'), '1 S High St');
    await userEvent.clear(field('Suite, floor (optional)'));
    await userEvent.clear(field('City'));
    await userEvent.clear(field('Postal code'));
    await userEvent.click(screen.getByRole('button', { name: 'Find this address' }));
    expect((await screen.findByText('Placed at 39.96, -83.00 in America/Chicago')).getAttribute('role')).toBe('status');
    expect(requests.find((r) => r.path.startsWith('/api/console/geocode'))?.path).toBe(
      '/api/console/geocode?address=1%20S%20High%20St%2C%20OH',
    );
    expect(field('City').value).toBe('Columbus');
    expect(field('Postal code').value).toBe('43215');
    expect(field('Latitude').value).toBe('39.9612');
    expect(field('Longitude').value).toBe('-82.9988');
    expect(select('Time zone').value).toBe('America/Chicago');

    await userEvent.selectOptions(select('Time zone'), 'America/New_York');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: {
        ...DOCUMENT,
        offices: [
          {
            ...COLUMBUS,
            address1: '1 S High St',
            address2: '',
            city: 'Columbus',
            postal_code: '43215',
            latitude: 39.9612,
            longitude: -82.9988,
          },
          DAYTON,
        ],
      },
    });
  });

  it('says at the address when nobody can place it, and keeps what was typed', async () => {
    const message = 'We could not find this address. Check the street and the postal code.';
    serve({ geocode: () => refusal(404, 'address_not_found', message) });
    renderOffices();
    await loaded();
    await enterText(field('Street address'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Find this address' }));
    await waitFor(() => expect(accessibleDescription(field('Street address'))).toBe(message));
    expect(field('Street address').getAttribute('aria-invalid')).toBe('true');
    expect(field('Street address').value).toBe('1105 Schrock Rdx');
    expect(field('Latitude').value).toBe('40.0801');
  });

  it('checks a booking number before saving, naming its bound', async () => {
    const requests = serve();
    renderOffices();
    await loaded();
    await userEvent.clear(field('Booking window (days)'));
    await enterText(field('Booking window (days)'), '731');
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(accessibleDescription(field('Booking window (days)'))).toBe('Enter a whole number from 1 to 730.'),
    );
    expect(saves(requests)).toEqual([]);
  });

  it('offers fixed start times instead of every few minutes, and saves them sorted', async () => {
    const requests = serve();
    renderOffices();
    await loaded();
    await userEvent.click(screen.getByRole('radio', { name: 'At fixed times' }));
    await enterText(field('Fixed start times'), '13:00, 8:00');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: {
        ...DOCUMENT,
        offices: [
          { ...COLUMBUS, scheduling: { ...COLUMBUS.scheduling, fixed_start_times: ['08:00', '13:00'] } },
          DAYTON,
        ],
      },
    });
  });

  it('refuses to remove an office its inspectors belong to, naming them; removes an unused one', async () => {
    const requests = serve();
    renderOffices();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Remove this office' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Columbus can’t be removed while the inspector Sarah Chen belongs to it. Move it to another office, or change it, first.',
    );
    expect(officeNames()).toEqual(['Columbus', 'Dayton']);

    await userEvent.click(screen.getByRole('button', { name: 'Dayton' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove this office' }));
    expect(officeNames()).toEqual(['Columbus']);
    expect(screen.getByText(/Dayton removed/)).toBeTruthy();
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({ base_version: 7, document: { ...DOCUMENT, offices: [COLUMBUS] } });
  });

  it('adds an office with a new id, focused on its name', async () => {
    const requests = serve();
    renderOffices();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Add an office' }));
    expect(officeNames()).toEqual(['Columbus', 'Dayton', 'New office']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Office name/ })));
    await enterText(screen.getByRole('textbox', { name: /Office name/ }), 'Cincinnati');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    const offices = (saves(requests)[0] as { document: { offices: Array<Record<string, unknown>> } }).document.offices;
    expect(offices.slice(0, 2)).toEqual([COLUMBUS, DAYTON]);
    expect(offices[2]).toMatchObject({ name: 'Cincinnati', state: 'OH', time_zone: 'America/New_York', logo: null });
    expect(offices[2]!.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps a chosen SVG logo as a base64 data URL the server serves, and refuses one past 200 KB', async () => {
    const requests = serve();
    renderOffices();
    await loaded();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
    await userEvent.upload(
      screen.getByLabelText('Choose a logo'),
      new File([svg], 'logo.svg', { type: 'image/svg+xml' }),
    );
    const expected = `data:image/svg+xml;base64,${btoa(svg)}`;
    expect((await screen.findByRole('img', { name: 'Logo of Columbus' })).getAttribute('src')).toBe(expected);

    await userEvent.upload(
      screen.getByLabelText('Choose another logo'),
      new File(['x'.repeat(200 * 1024 + 1)], 'big.svg', { type: 'image/svg+xml' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An SVG logo can be at most 200 KB. Choose a smaller file, or a PNG.',
    );
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: { ...DOCUMENT, offices: [{ ...COLUMBUS, logo: expected }, DAYTON] },
    });
  });

  it('removes the logo', async () => {
    const withLogo = { ...DOCUMENT, offices: [{ ...COLUMBUS, logo: 'data:image/png;base64,iVBORw0KGgo=' }, DAYTON] };
    const requests = serve({ document: withLogo });
    renderOffices();
    expect((await screen.findByRole('img', { name: 'Logo of Columbus' })).getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(screen.queryByRole('img', { name: 'Logo of Columbus' })).toBeNull();
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({ base_version: 7, document: { ...withLogo, offices: [COLUMBUS, DAYTON] } });
  });
});
