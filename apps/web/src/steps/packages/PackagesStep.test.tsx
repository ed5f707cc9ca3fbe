import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { officeFixture, orderFixture, renderStep, stubServer, type RecordedRequest } from '../../test-support/render-step.tsx';
import { pkg, pricingFixture, service, uuid } from './catalogue-fixtures.ts';
import PackagesStep from './PackagesStep.tsx';

const HOME = service(uuid(1), { name: 'Single-Family Home Inspection' });
const RADON = service(uuid(6), { name: 'Radon Testing', ancillary: true });
const PAC = service(uuid(13), { name: 'Pay at Close', ancillary: true, is_pac: true });
const ESSENTIALS = pkg(1, [HOME, RADON], { name: "Buyer's Essentials" });
const PAC_OFFICE = officeFixture({ pac_enabled: true, pac_service_uuid: PAC.id, settings_data: [] });

/** The server as the step sees it: the catalogue, a pricing, and an answer for each write. */
function server(options: { pacEligible?: boolean; services?: unknown[]; packages?: unknown[]; write?: (request: RecordedRequest) => { status: number; body: unknown } } = {}) {
  return stubServer((request) => {
    if (request.path.endsWith('/packages')) return { status: 200, body: options.packages ?? [ESSENTIALS] };
    if (request.path.endsWith('/services')) return { status: 200, body: options.services ?? [HOME, RADON, PAC] };
    if (request.path.endsWith('/pricing')) return { status: 200, body: pricingFixture({ pac_eligible: options.pacEligible ?? false }) };
    if (request.method === 'POST') return options.write?.(request) ?? { status: 200, body: { status: 'ok', duration: 180, services_changed: false, pac_removed: false } };
    return { status: 200, body: {} };
  });
}

afterEach(() => vi.unstubAllGlobals());

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

  it('reminds about pay-at-close before going on, and Go back stays', async () => {
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
    await user.click(await screen.findByRole('button', { name: 'Continue anyway' }));
    expect(goTo).toHaveBeenCalledWith('review');
  });

  it('calendar last, the cart changed while a time was held: Next gives the time up, then goes to the calendar (spec 4.3)', async () => {
    const requests = server({ write: () => ({ status: 200, body: { status: 'ok', hold_expires_at: null } }) });
    const user = userEvent.setup();
    const order = orderFixture({ services: [HOME.id, RADON.id], datetime: '2026-12-01T14:00:00.000Z', inspectors: [{ id: 101, requested: false }], services_changed: true });
    const { goTo } = renderStep(PackagesStep, { office: PAC_OFFICE, order, mode: 'calendar-last' });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('calendar'));
    const writes = requests.filter((r) => r.method === 'POST');
    expect(writes).toEqual([expect.objectContaining({ path: expect.stringMatching(/\/set_datetime$/), body: { datetime: null } })]);
    expect(requests.some((r) => r.path.includes('validate_inspectors_services'))).toBe(false);
  });

  it('calendar last, a held time the cart did not change: Next keeps it and goes to the calendar', async () => {
    const requests = server();
    const user = userEvent.setup();
    const order = orderFixture({ services: [HOME.id], datetime: '2026-12-01T14:00:00.000Z', inspectors: [{ id: 101, requested: false }] });
    const { goTo } = renderStep(PackagesStep, { office: PAC_OFFICE, order, mode: 'calendar-last' });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(goTo).toHaveBeenCalledWith('calendar');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it("shows a cart rule's refusal with the server's words", async () => {
    const message = 'At least one primary service is required. Please remove any ancillary services before removing this service.';
    server({ write: () => ({ status: 400, body: { error: { code: 'primary_required', message } } }) });
    const user = userEvent.setup();
    renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [HOME.id, RADON.id] }) });
    await user.click((await screen.findAllByRole('button', { name: 'Remove Service' }))[0]!);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('says so when the server took pay-at-close out of the cart', async () => {
    const requests = server({ write: () => ({ status: 200, body: { status: 'ok', duration: 30, services_changed: false, pac_removed: true } }) });
    const user = userEvent.setup();
    renderStep(PackagesStep, { office: PAC_OFFICE, order: orderFixture({ services: [HOME.id, PAC.id] }) });
    await user.click(await screen.findByRole('button', { name: 'Remove Service' }));
    await screen.findByText('Pay at Close is no longer available for this order and has been removed.');
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({ path: expect.stringMatching(/\/remove_service$/), body: HOME.id });
  });
});
