import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OFFICE } from '../../../test-support/fixtures.ts';
import { renderPage, type Answer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import { saves, serveConfigurationOf } from '../../../test-support/configuration-server.ts';
import InspectorsPage from './InspectorsPage.tsx';
import { enterText } from '../../../test-support/enter-text.ts';
import {
  DAY,
  DOCUMENT,
  FULL_HOME,
  MIKE,
  PAST,
  SARAH,
  UPCOMING,
} from '../../../test-support/configuration-documents/inspectors-test-document.ts';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';

type Document = typeof DOCUMENT;

const GEOCODE = '/api/console/geocode?address=';

const server = serveConfigurationOf<Record<string, unknown>>(DOCUMENT, 'inspectors');
/** The server: "who am I", the configuration, a save that becomes version 8 unless `put` says otherwise, and the geocoder. */
const serve = ({
  put,
  geocode,
}: { put?: (request: RecordedRequest) => Answer; geocode?: (address: string) => Answer } = {}) =>
  server.serve({
    put,
    routes: (request) =>
      request.path.startsWith(GEOCODE)
        ? geocode?.(new URL(request.path, 'http://localhost:3000').searchParams.get('address') ?? '')
        : // No inspector has a calendar connected here (InspectorCalendars.test.tsx shows them).
          request.path.startsWith('/api/console/companies/demo/calendar-connections')
          ? { status: 200, body: { connections: [], offered_providers: [] } }
          : undefined,
  });

const renderInspectors = () =>
  renderPage(<InspectorsPage />, { path: '/demo/inspectors', pattern: '/:companyKey/inspectors' });
/** The selected inspector's form (the other form on the page checks postal codes). */
const editor = () =>
  screen.getAllByRole('form').find((form) => form.getAttribute('aria-label') !== 'Check postal codes')!;
const field = (name: string | RegExp) => within(editor()).getByRole('textbox', { name }) as HTMLInputElement;
const sentDocument = (requests: RecordedRequest[], index = 0) =>
  (saves(requests)[index] as { base_version: number; document: Document }).document;
const withInspector = (changed: typeof SARAH) => ({
  ...DOCUMENT,
  inspectors: DOCUMENT.inspectors.map((one) => (one.id === changed.id ? changed : one)),
});

/** A date field (type="date" has no textbox role): the one in the group named `group`. */
function dateIn(group: string): HTMLInputElement {
  return within(screen.getByRole('group', { name: group })).getByLabelText(/^Date/) as HTMLInputElement;
}

async function loaded() {
  await screen.findByRole('heading', { level: 2, name: 'Sarah Chen' });
}

describe('the inspectors page: date overrides', () => {
  it('lists upcoming dates, hides past ones behind "Show past dates", and shows them when asked', async () => {
    serve();
    renderInspectors();
    await loaded();
    const list = screen.getByRole('list', { name: 'Date overrides' });
    expect(
      within(list)
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-label')),
    ).toEqual(['Wednesday, December 24, 2098']);
    expect((within(list).getByRole('textbox', { name: 'Note' }) as HTMLInputElement).value).toBe('Christmas Eve');

    await userEvent.click(screen.getByRole('switch', { name: 'Show past dates (1)' }));
    expect(
      within(screen.getByRole('list', { name: 'Date overrides' }))
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-label')),
    ).toEqual(['Tuesday, May 1, 2001', 'Wednesday, December 24, 2098']);
  });

  it('adds a date with other hours and saves the exact document, the overrides sorted and the past one kept', async () => {
    const requests = serve();
    renderInspectors();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Add a date' }));
    const group = screen.getByRole('group', { name: 'New date' });
    expect(document.activeElement).toBe(dateIn('New date'));
    fireEvent.change(dateIn('New date'), { target: { value: '2098-12-20' } });
    await enterText(within(group).getByRole('textbox', { name: 'Hours that day' }), '9 AM-1 PM');
    await enterText(within(group).getByRole('textbox', { name: 'Note' }), 'Half day');
    await userEvent.click(screen.getByRole('button', { name: 'Save inspector' }));

    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: withInspector({
        ...SARAH,
        overrides: [
          { date: PAST, intervals: [], note: 'Long ago' },
          { date: '2098-12-20', intervals: [{ start: '09:00', end: '13:00' }], note: 'Half day' },
          { date: UPCOMING, intervals: [], note: 'Christmas Eve' },
        ],
      }),
    });
    expect(await screen.findByText('Saved as version 8. Visitors see the new hours and areas now.')).toBeTruthy();
  });

  it('refuses a date already in the list at its row, sends nothing, and saves once it is changed; removes a date', async () => {
    const requests = serve();
    renderInspectors();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Add a date' }));
    fireEvent.change(dateIn('New date'), { target: { value: UPCOMING } });
    await userEvent.click(screen.getByRole('button', { name: 'Save inspector' }));
    await waitFor(() =>
      expect(accessibleDescription(dateIn('New date'))).toBe(
        'This date is already in the list: change that one instead.',
      ),
    );
    expect(saves(requests)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Wednesday, December 24, 2098' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save inspector' }));
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    // The new row took the removed one's date: one day off, no note.
    expect(sentDocument(requests).inspectors[0]!.overrides).toEqual([
      { date: PAST, intervals: [], note: 'Long ago' },
      { date: UPCOMING, intervals: [], note: '' },
    ]);
  });
});

describe('the inspectors page: home base', () => {
  it("fills the latitude and longitude from the postal code's centre, and saves them", async () => {
    const requests = serve({
      geocode: (address) =>
        address === '43215'
          ? {
              status: 200,
              body: {
                address1: '',
                address2: '',
                city: 'Columbus',
                state: 'OH',
                postal_code: '43215',
                latitude: 39.9652,
                longitude: -83.0076,
                time_zone: 'America/New_York',
              },
            }
          : { status: 404, body: { error: { code: 'address_not_found', message: 'No place found.' } } },
    });
    renderInspectors();
    await loaded();
    const code = field('Home postal code');
    await userEvent.clear(code);
    await enterText(code, '43215');
    await userEvent.click(screen.getByRole('button', { name: "Use this postal code's centre" }));
    expect(
      await screen.findByText('The centre of 43215 (Columbus, OH) is filled in. Save the inspector to keep it.'),
    ).toBeTruthy();
    expect(field('Latitude').value).toBe('39.9652');
    expect(field('Longitude').value).toBe('-83.0076');
    expect(requests.some((request) => request.path === `${GEOCODE}43215`)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Save inspector' }));
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: withInspector({
        ...SARAH,
        home_base: { latitude: 39.9652, longitude: -83.0076, postal_code: '43215' },
      }),
    });
  });

  it('says so at the postal code when the server cannot place it, and changes nothing', async () => {
    const requests = serve({
      geocode: () => ({ status: 404, body: { error: { code: 'address_not_found', message: 'No place found.' } } }),
    });
    renderInspectors();
    await loaded();
    const code = field('Home postal code');
    await userEvent.clear(code);
    await enterText(code, '99999');
    await userEvent.click(screen.getByRole('button', { name: "Use this postal code's centre" }));
    await waitFor(() =>
      expect(accessibleDescription(code)).toBe(
        'We could not find 99999. Check it, or type the latitude and longitude.',
      ),
    );
    expect(field('Latitude').value).toBe('40.1');
    expect(saves(requests)).toEqual([]);
  });
});

describe('the inspectors page: adding and removing', () => {
  it('adds an inspector with the defaults, named by the person, at the end of the document', async () => {
    const requests = serve();
    renderInspectors();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Add an inspector' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'New inspector' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Inspectors' })).getByText('Not saved yet')).toBeTruthy();
    expect(field('Monday').value).toBe('8:00 AM–5:00 PM');
    expect(field('Saturday').value).toBe('');
    expect((within(editor()).getByRole('checkbox', { name: 'Full Home Inspection' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((within(editor()).getByRole('checkbox', { name: 'Radon Test' }) as HTMLInputElement).checked).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Add inspector' }));
    await waitFor(() => expect(accessibleDescription(field('First name'))).toBe('Enter a first name.'));
    expect(saves(requests)).toEqual([]);

    await enterText(field('First name'), 'Dana');
    await enterText(field('Last name'), 'Brooks');
    await userEvent.click(screen.getByRole('button', { name: 'Add inspector' }));
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: {
        ...DOCUMENT,
        inspectors: [
          SARAH,
          MIKE,
          {
            id: 103,
            office: OFFICE.uuid,
            first: 'Dana',
            last: 'Brooks',
            display: '',
            email: '',
            phone: '',
            active: true,
            preferred_rank: null,
            services: [FULL_HOME],
            max_inspections_per_day: 3,
            home_base: { latitude: 39.96, longitude: -83, postal_code: '43215' },
            max_drive_miles: 40,
            postal_codes: [],
            postal_codes_by_weekday: {},
            weekly_hours: { sun: [], mon: DAY, tue: DAY, wed: DAY, thu: DAY, fri: DAY, sat: [] },
            overrides: [],
          },
        ],
      },
    });
    // Once saved, the page reads the new version and lists them as any other inspector.
    expect(await screen.findByRole('heading', { level: 2, name: 'Dana Brooks' })).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('navigation', { name: 'Inspectors' })).queryByText('Not saved yet')).toBeNull(),
    );
  });

  it('drops a new inspector not yet saved without asking, and sends nothing', async () => {
    const requests = serve();
    renderInspectors();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Add an inspector' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel this inspector' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sarah Chen' })).toBeTruthy();
    expect(screen.queryByText('Not saved yet')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(saves(requests)).toEqual([]);
  });

  it('removes an inspector after asking, suggesting to turn off bookings instead', async () => {
    const requests = serve();
    renderInspectors();
    await loaded();
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Inspectors' })).getByRole('button', { name: /Mike Alvarez/ }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remove inspector' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Mike Alvarez?' });
    expect(dialog.textContent).toContain('turn off "Takes bookings" instead');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves(requests)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove inspector' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({ base_version: 7, document: { ...DOCUMENT, inspectors: [SARAH] } });
  });

  it('turns off bookings instead when the person chooses so', async () => {
    const requests = serve();
    renderInspectors();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Remove inspector' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn off bookings instead' }),
    );
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({ base_version: 7, document: withInspector({ ...SARAH, active: false }) });
  });
});

describe('the inspectors page: check your area', () => {
  it('names the typed codes nobody serves', async () => {
    serve();
    renderInspectors();
    await loaded();
    const section = screen.getByRole('region', { name: 'Check your area' });
    await enterText(within(section).getByRole('textbox', { name: 'Postal codes to check' }), '43001-43006');
    await userEvent.click(within(section).getByRole('button', { name: 'Check' }));
    expect(within(section).getByText('No active inspector serves: 43004-43006.')).toBeTruthy();

    await userEvent.clear(within(section).getByRole('textbox', { name: 'Postal codes to check' }));
    await enterText(within(section).getByRole('textbox', { name: 'Postal codes to check' }), '43099-43001');
    await userEvent.click(within(section).getByRole('button', { name: 'Check' }));
    expect(accessibleDescription(within(section).getByRole('textbox', { name: 'Postal codes to check' }))).toBe(
      'The range 43099-43001 ends before it starts.',
    );
  });
});
