import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  officeFixture,
  orderFixture,
  renderStep,
  stubServer,
  type RecordedRequest,
} from '../../test-support/render-step.tsx';
import { zoneSuffix } from '@scheduler/domain/time-zone-text';
import { pkg, pricingFixture, service, uuid } from './catalogue-fixtures.ts';
import PackagesStep from './PackagesStep.tsx';

const HOME = service(uuid(1), { name: 'Single-Family Home Inspection' });
const RADON = service(uuid(6), { name: 'Radon Testing', ancillary: true });
const PAC = service(uuid(13), { name: 'Pay at Close', ancillary: true, is_pac: true });
const ESSENTIALS = pkg(1, [HOME, RADON], { name: "Buyer's Essentials" });
const PAC_OFFICE = officeFixture({ pac_enabled: true, pac_service_uuid: PAC.id, settings_data: [] });

/** The server as the step sees it: the catalogue, a pricing, and an answer for each write. */
function server(
  options: {
    pacEligible?: boolean;
    services?: unknown[];
    packages?: unknown[];
    write?: (request: RecordedRequest) => { status: number; body: unknown };
    validate?: { status: 'ok' | 'conflict'; added_inspectors: number[]; appointments: unknown[] };
  } = {},
) {
  return stubServer((request) => {
    if (request.path.includes('/validate_inspectors_services'))
      return { status: 200, body: options.validate ?? { status: 'ok', added_inspectors: [101], appointments: [] } };
    if (request.path.endsWith('/packages')) return { status: 200, body: options.packages ?? [ESSENTIALS] };
    if (request.path.endsWith('/services')) return { status: 200, body: options.services ?? [HOME, RADON, PAC] };
    if (request.path.endsWith('/pricing'))
      return { status: 200, body: pricingFixture({ pac_eligible: options.pacEligible ?? false }) };
    if (request.method === 'POST')
      return (
        options.write?.(request) ?? {
          status: 200,
          body: { status: 'ok', duration: 180, services_changed: false, pac_removed: false },
        }
      );
    return { status: 200, body: {} };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the packages step', () => {
  it('shows every price before tax and says so when a tax applies to any (decision 0024)', async () => {
    const taxedHome = { ...HOME, base: 42500, subtotal: 42500, amount: 42500, total: 45688 };
    server({ services: [taxedHome, RADON, PAC] });
    renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [] }) });
    await screen.findByText('Prices before tax');
    expect(screen.getByText('$425.00')).toBeTruthy();
    expect(screen.queryByText('$456.88')).toBeNull();
  });

  it('says nothing about tax when no listed price carries one', async () => {
    server({ packages: [{ ...ESSENTIALS, total: ESSENTIALS.amount }] });
    renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [] }) });
    await screen.findByRole('button', { name: 'SELECT PACKAGE' });
    expect(screen.queryByText('Prices before tax')).toBeNull();
  });

  it('keeps Next disabled until the cart has something other than pay-at-close', async () => {
    server();
    renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [PAC.id] }) });
    await screen.findByRole('button', { name: 'SELECT PACKAGE' });
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('goes on without a held time: nothing to check', async () => {
    const requests = server();
    const user = userEvent.setup();
    const { goTo } = renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [HOME.id] }) });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(goTo).toHaveBeenCalledWith('review');
    expect(requests.some((r) => r.path.includes('validate_inspectors_services'))).toBe(false);
  });

  it('reminds about pay-at-close before going on, and Continue anyway goes on', async () => {
    server({ pacEligible: true });
    const user = userEvent.setup();
    const { goTo } = renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [HOME.id] }) });
    await screen.findByRole('heading', { name: 'Your inspection qualifies you to Pay at Close!' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Continue anyway' }));
    expect(goTo).toHaveBeenCalledWith('review');
  });

  it('reminds about pay-at-close once per visit: after Go back, Next goes on without it', async () => {
    server({ pacEligible: true });
    const user = userEvent.setup();
    const { goTo } = renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [HOME.id] }) });
    await screen.findByRole('heading', { name: 'Your inspection qualifies you to Pay at Close!' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('dialog', { name: 'Quick Reminder' });
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(goTo).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('review'));
    expect(screen.queryByRole('dialog', { name: 'Quick Reminder' })).toBeNull();
  });

  it('calendar last, the cart changed while a time was held: Next gives the time up, then goes to the calendar (spec 4.3)', async () => {
    const requests = server({ write: () => ({ status: 200, body: { status: 'ok', hold_expires_at: null } }) });
    const user = userEvent.setup();
    const order = orderFixture({
      services: [HOME.id, RADON.id],
      datetime: '2026-12-01T14:00:00.000Z',
      inspectors: [{ id: 101, requested: false }],
      services_changed: true,
    });
    const { goTo } = renderStep(PackagesStep, { office: PAC_OFFICE, order, mode: 'calendar-last' });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('calendar'));
    const writes = requests.filter((r) => r.method === 'POST');
    expect(writes).toEqual([
      expect.objectContaining({ path: expect.stringMatching(/\/set_datetime$/), body: { datetime: null } }),
    ]);
    expect(requests.some((r) => r.path.includes('validate_inspectors_services'))).toBe(false);
  });

  it('calendar last, a held time the cart did not change: Next keeps it and goes to the calendar', async () => {
    const requests = server();
    const user = userEvent.setup();
    const order = orderFixture({
      services: [HOME.id],
      datetime: '2026-12-01T14:00:00.000Z',
      inspectors: [{ id: 101, requested: false }],
    });
    const { goTo } = renderStep(PackagesStep, { office: PAC_OFFICE, order, mode: 'calendar-last' });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(goTo).toHaveBeenCalledWith('calendar');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it("shows a cart rule's refusal with the server's words", async () => {
    const message = 'Only one primary service can be ordered at a time.';
    server({ write: () => ({ status: 400, body: { error: { code: 'single_primary_only', message } } }) });
    const user = userEvent.setup();
    renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [HOME.id, RADON.id] }) });
    await user.click((await screen.findAllByRole('button', { name: 'Remove Service' }))[0]!);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('refuses removing the last primary service before ancillary ones without a call (spec 8.4), and only with the setting on', async () => {
    const message =
      'At least one primary service is required. Please remove any ancillary services before removing this service.';
    const strict = officeFixture({
      pac_enabled: true,
      pac_service_uuid: PAC.id,
      settings_data: [{ key: 'ONLINE_SCHEDULER_V3_REQUIRE_PRIMARY_SERVICE_BEFORE_ANCILLARY', value: '1' }],
    });
    const requests = server();
    const user = userEvent.setup();
    const view = renderStep(PackagesStep, { office: strict, order: orderFixture({ services: [HOME.id, RADON.id] }) });
    // The cart lists Home first: the second half proves the first button removes Home.
    const removeHome = async () => user.click((await screen.findAllByRole('button', { name: 'Remove Service' }))[0]!);
    await removeHome();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    view.unmount();

    renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [HOME.id, RADON.id] }) });
    await removeHome();
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')).toMatchObject({
        path: expect.stringMatching(/\/remove_service$/),
        body: HOME.id,
      }),
    );
  });

  it('says so when the server took pay-at-close out of the cart', async () => {
    const requests = server({
      write: () => ({ status: 200, body: { status: 'ok', duration: 30, services_changed: false, pac_removed: true } }),
    });
    const user = userEvent.setup();
    renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [HOME.id, PAC.id] }) });
    await user.click(await screen.findByRole('button', { name: 'Remove Service' }));
    await screen.findByText('Pay at Close is no longer available for this order and has been removed.');
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: expect.stringMatching(/\/remove_service$/),
      body: HOME.id,
    });
  });
});

describe('a company without packages (issue 41)', () => {
  const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
  const adds = (requests: RecordedRequest[]) =>
    requests.filter((request) => request.method === 'POST' && request.path.endsWith('/add_service'));

  it('is headed by its services, not "Select a package", and puts its only service in the cart', async () => {
    const requests = server({ packages: [], services: [HOME, PAC] });
    renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [], packages: [] }) });
    await screen.findByRole('button', { name: /Add Service|Remove Service/ });
    expect(heading()).toBe('Add the services that you need');
    expect(screen.queryByText('Select a package')).toBeNull();
    await waitFor(() => expect(adds(requests).map((request) => request.body)).toEqual([HOME.id]));
  });

  it('leaves the cart to the visitor when there are several services, or the only one is in it already, or it has packages', async () => {
    const several = server({ packages: [], services: [HOME, RADON, PAC] });
    const { unmount } = renderStep(PackagesStep, {
      office: PAC_OFFICE,
      order: orderFixture({ services: [], packages: [] }),
    });
    await screen.findAllByRole('button', { name: 'Add Service' });
    expect(heading()).toBe('Add the services that you need');
    unmount();
    vi.unstubAllGlobals();
    const chosen = server({ packages: [], services: [HOME, PAC] });
    const second = renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [HOME.id] }) });
    await screen.findByRole('button', { name: 'Remove Service' });
    second.unmount();
    vi.unstubAllGlobals();
    const packaged = server({ services: [HOME, PAC] });
    renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [], packages: [] }) });
    await screen.findByRole('button', { name: 'SELECT PACKAGE' });
    expect(heading()).toBe('Select a package');
    for (const requests of [several, chosen, packaged]) expect(adds(requests)).toEqual([]);
  });
});

describe('the held time, checked the moment the cart changes (issue 20 item 1)', () => {
  const HELD = '2026-12-01T15:00:00.000Z';
  const TEAM_OFFICE = officeFixture({
    settings_data: [{ key: 'ONLINE_SCHEDULER_V3_SHOW_INSPECTOR_NAMES', value: 'Y' }],
    users: [
      { id: 101, display: 'Mike Alvarez' },
      { id: 102, display: 'Sarah Chen' },
    ],
  });
  const heldOrder = orderFixture({ services: [HOME.id], datetime: HELD, inspectors: [{ id: 101, requested: false }] });
  const changed = { status: 200, body: { status: 'ok', duration: 210, services_changed: true, pac_removed: false } };
  const slotAt = (iso: string, users: number[]) => {
    const local = new Date(Date.parse(iso) - 5 * 3_600_000).toISOString();
    return {
      id: `${iso}-${users.join('.')}`,
      date: local.slice(0, 10),
      start: `${Number(local.slice(11, 13)) % 12 || 12}:${local.slice(14, 16)} ${Number(local.slice(11, 13)) < 12 ? 'AM' : 'PM'}`,
      start_datetime: `${local.slice(0, 10)} ${local.slice(11, 19)}`,
      end_datetime: `${local.slice(0, 10)} ${local.slice(11, 19)}`,
      timestamp: Date.parse(iso) / 1000,
      users,
    };
  };

  it('names who joins when the new services need another inspector, and holds the time again with them', async () => {
    const requests = server({
      validate: { status: 'ok', added_inspectors: [101, 102], appointments: [] },
      write: (request) =>
        request.path.endsWith('/set_datetime')
          ? { status: 200, body: { status: 'ok', hold_expires_at: null } }
          : changed,
    });
    const user = userEvent.setup();
    renderStep(PackagesStep, { office: TEAM_OFFICE, order: heldOrder });
    await user.click(await screen.findByRole('button', { name: 'Add Service' }));
    const note = await screen.findByRole('note');
    // The office's zone is named when this machine's clock reads otherwise (decision 0029).
    expect(note.textContent).toBe(
      `Your services need another inspector: Sarah Chen will inspect on 12/1/2026 at 10:00AM${zoneSuffix('America/New_York', Date.parse(HELD))}. Your time is still held for you.`,
    );
    // The services are not sent: the server checks its own cart, just changed.
    expect(requests.find((r) => r.path.includes('validate_inspectors_services'))?.path).toMatch(/inspectors=101(&|$)/);
    expect(requests.find((r) => r.path.includes('validate_inspectors_services'))?.path).not.toMatch(/services=/);
    expect(requests.find((r) => r.path.endsWith('/set_datetime'))?.body).toEqual({
      datetime: HELD,
      inspectors: [101, 102],
    });
  });

  it('says nothing when the held time still fits as it was', async () => {
    const requests = server({
      write: (request) =>
        request.path.endsWith('/set_datetime')
          ? { status: 200, body: { status: 'ok', hold_expires_at: null } }
          : changed,
    });
    const user = userEvent.setup();
    renderStep(PackagesStep, { office: TEAM_OFFICE, order: heldOrder });
    await user.click(await screen.findByRole('button', { name: 'Add Service' }));
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/set_datetime'))).toBe(true));
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers the nearest times that fit in place when it no longer fits; one chosen is held and said, and Pick another time leads to the calendar', async () => {
    const sameDay = slotAt('2026-12-01T18:00:00.000Z', [101]);
    const nextDay = slotAt('2026-12-02T15:00:00.000Z', [101]);
    const requests = server({
      validate: { status: 'conflict', added_inspectors: [], appointments: [sameDay, nextDay] },
      write: (request) =>
        request.path.endsWith('/set_datetime')
          ? { status: 200, body: { status: 'ok', hold_expires_at: null } }
          : changed,
    });
    const user = userEvent.setup();
    const { goTo } = renderStep(PackagesStep, { office: TEAM_OFFICE, order: heldOrder });
    await user.click(await screen.findByRole('button', { name: 'Add Service' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your held time no longer fits');
    expect(alert.textContent).toContain(
      `12/1/2026 at 10:00AM${zoneSuffix('America/New_York', Date.parse(HELD))} can't take the services you chose.`,
    );
    const choices = screen.getByRole('list', { name: 'The nearest times that fit' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Tuesday, December 1st 2026 at 1:00 PMwith Mike Alvarez',
      'Wednesday, December 2nd 2026 at 10:00 AMwith Mike Alvarez',
    ]);
    await user.click(screen.getByRole('button', { name: 'Pick another time' }));
    expect(goTo).toHaveBeenCalledWith('calendar');
    await user.click(within(choices).getAllByRole('button')[0]!);
    await screen.findByText(/Your inspection is now held for/);
    expect(requests.filter((r) => r.path.endsWith('/set_datetime')).at(-1)?.body).toEqual({
      datetime: '2026-12-01T18:00:00.000Z',
      inspectors: [101],
    });
  });

  it('with the calendar last, checks nothing at the change: the time is picked after the cart', async () => {
    const requests = server({ write: () => changed });
    const user = userEvent.setup();
    renderStep(PackagesStep, { office: TEAM_OFFICE, order: heldOrder, mode: 'calendar-last' });
    await user.click(await screen.findByRole('button', { name: 'Add Service' }));
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/add_service'))).toBe(true));
    expect(requests.some((r) => r.path.includes('validate_inspectors_services'))).toBe(false);
  });
});

describe("a returning agent's usual cart (issue 47, decision 0094)", () => {
  const AGENT = {
    id: 202,
    first: 'Brian',
    last: 'Kowalski',
    email: 'brian.kowalski@shortnorthproperties.com',
    mobile_phone: '',
    agency: '',
    receives_sms: false,
    editing_allowed: true,
    company_name: 'Scioto Valley Home Inspections',
    book_path: null,
  };
  const AS_BUYERS_AGENT = { type: 'BUYERS_AGENT' as const, text: "Buyer's Agent", other: '' };
  /** The wizard's server, and the portal's: an agent signed in or not, their latest booking's cart. */
  function agentServer(options: {
    signedIn?: boolean;
    usual?: { package: number | null; services: string[] };
    refuse?: string;
  }) {
    return stubServer((request) => {
      if (request.path.endsWith('/json/agents/me'))
        return options.signedIn === false
          ? { status: 401, body: { error: { code: 'unauthenticated', message: 'Please sign in.' } } }
          : { status: 200, body: AGENT };
      if (request.path.endsWith('/json/agents/usual-cart'))
        return { status: 200, body: options.usual ?? { package: null, services: [] } };
      if (request.path.endsWith('/packages')) return { status: 200, body: [ESSENTIALS] };
      if (request.path.endsWith('/services')) return { status: 200, body: [HOME, RADON, PAC] };
      if (request.path.endsWith('/pricing')) return { status: 200, body: pricingFixture({ pac_eligible: true }) };
      if (request.method === 'POST')
        return request.body === options.refuse
          ? { status: 400, body: { error: { code: 'invalid_request', message: 'No such service.', field: 'service' } } }
          : { status: 200, body: { status: 'ok', duration: 180, services_changed: false, pac_removed: false } };
      return { status: 200, body: {} };
    });
  }
  const cartWrites = (requests: RecordedRequest[]) =>
    requests.filter((r) => r.method === 'POST').map((r) => [r.path.split('/').pop(), r.body]);

  it('adds the cart of their latest booking, pay-at-close last, and says so on the step', async () => {
    const requests = agentServer({ usual: { package: null, services: [PAC.id, HOME.id] } });
    renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [], user: AS_BUYERS_AGENT }) });
    await screen.findByText(
      "We've added what you booked last time: Single-Family Home Inspection and Pay at Close. Remove anything this client does not need.",
    );
    expect(cartWrites(requests)).toEqual([
      ['add_service', HOME.id],
      ['add_service', PAC.id],
    ]);
  });

  it('chooses the package and leaves out what it covers and what the cart refuses', async () => {
    const gone = uuid(99);
    const requests = agentServer({
      usual: { package: ESSENTIALS.id, services: [HOME.id, gone, RADON.id] },
      refuse: gone,
    });
    renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [], user: AS_BUYERS_AGENT }) });
    await screen.findByText(
      "We've added what you booked last time: Buyer's Essentials. Remove anything this client does not need.",
    );
    expect(cartWrites(requests)).toEqual([['set_packages', [ESSENTIALS.id]]]);
  });

  it('adds it once a visit, only to an empty cart, only for a signed-in agent in an agent role', async () => {
    const usual = { package: null, services: [HOME.id] };
    const cases = [
      { signedIn: true, order: orderFixture({ services: [], user: AS_BUYERS_AGENT }), visited: true },
      { signedIn: true, order: orderFixture({ services: [RADON.id], user: AS_BUYERS_AGENT }), visited: false },
      {
        signedIn: true,
        order: orderFixture({ services: [], user: { type: 'CLIENT_BUYER', text: 'Home Buyer', other: '' } }),
        visited: false,
      },
      { signedIn: false, order: orderFixture({ services: [], user: AS_BUYERS_AGENT }), visited: false },
    ];
    for (const { signedIn, order, visited } of cases) {
      sessionStorage.clear();
      const requests = agentServer({ signedIn, usual });
      // This visit had it already (renderStep's session token).
      if (visited) sessionStorage.setItem('agent-usual-cart-test-token', '1');
      const { unmount } = renderStep(PackagesStep, { office: PAC_OFFICE, order });
      await screen.findByRole('button', { name: 'SELECT PACKAGE' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(cartWrites(requests)).toEqual([]);
      expect(requests.some((r) => r.path.endsWith('/usual-cart'))).toBe(false);
      unmount();
    }
  });
});
