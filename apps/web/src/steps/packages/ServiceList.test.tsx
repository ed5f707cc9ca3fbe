import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Cart } from './cart-rules.ts';
import { pkg, service, uuid } from './catalogue-fixtures.ts';
import { ServiceList } from './ServiceList.tsx';

// $425.00 before tax, $456.88 with Franklin County's 7.5 %: the list shows the price before tax (decision 0024).
const HOME = service(uuid(1), {
  name: 'Single-Family Home Inspection',
  base: 42500,
  subtotal: 42500,
  amount: 42500,
  total: 45688,
});
const HEADING = service(uuid(14), { name: 'Environmental Testing', label: true, ancillary: true });
const RADON = service(uuid(6), { name: 'Radon Testing', ancillary: true, total: 15000 });
const TERMITE = service(uuid(8), { name: 'Termite Inspection', ancillary: true, total: 9500 });
const PAC = service(uuid(13), { name: 'Pay at Close', ancillary: true, is_pac: true });
const SERVICES = [HOME, HEADING, RADON, TERMITE, PAC];
const ESSENTIALS = pkg(1, [HOME, TERMITE]);

function renderList(
  cart: Cart,
  changes: { requirePrimaryFirst?: boolean; singlePrimaryOnly?: boolean; busyId?: string | null } = {},
) {
  const onAdd = vi.fn();
  const onRemove = vi.fn();
  render(
    <ServiceList
      services={SERVICES}
      packages={[ESSENTIALS]}
      cart={cart}
      settings={{
        requirePrimaryFirst: changes.requirePrimaryFirst ?? true,
        singlePrimaryOnly: changes.singlePrimaryOnly ?? false,
        pacServiceId: PAC.id,
      }}
      currency="USD"
      feesHidden={false}
      busyId={changes.busyId ?? null}
      onAdd={onAdd}
      onRemove={onRemove}
    />,
  );
  const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
  return { onAdd, onRemove, row };
}

describe('the services list (spec 2.9)', () => {
  it('shows a label service as a heading without a button, and never the pay-at-close service', () => {
    const { row } = renderList({ packageId: null, services: [] });
    expect(screen.getByRole('heading', { level: 3, name: 'Environmental Testing' })).toBeTruthy();
    expect(within(row('Environmental Testing')).queryByRole('button')).toBeNull();
    expect(screen.queryByText('Pay at Close')).toBeNull();
    expect(within(row('Single-Family Home Inspection')).getByText('$425.00')).toBeTruthy();
    expect(within(row('Single-Family Home Inspection')).queryByText('$456.88')).toBeNull();
  });

  it('asks for a primary service before an ancillary one, and adds a primary with Add Service', async () => {
    const user = userEvent.setup();
    const { row, onAdd } = renderList({ packageId: null, services: [] });
    const radon = within(row('Radon Testing')).getByRole('button') as HTMLButtonElement;
    expect(radon.textContent).toBe("Please add a 'primary' service to your cart first");
    expect(radon.disabled).toBe(true);
    await user.click(within(row('Single-Family Home Inspection')).getByRole('button', { name: 'Add Service' }));
    expect(onAdd).toHaveBeenCalledWith(HOME.id);
  });

  it('shows Remove Service for what is in the cart and a disabled In Package for what the package covers', async () => {
    const user = userEvent.setup();
    const { row, onRemove } = renderList({ packageId: 1, services: [RADON.id] });
    const termite = within(row('Termite Inspection')).getByRole('button', { name: 'In Package' }) as HTMLButtonElement;
    expect(termite.disabled).toBe(true);
    expect(
      (within(row('Single-Family Home Inspection')).getByRole('button', { name: 'In Package' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    await user.click(within(row('Radon Testing')).getByRole('button', { name: 'Remove Service' }));
    expect(onRemove).toHaveBeenCalledWith(RADON.id);
  });

  it('makes only the pressed button wait', () => {
    const { row } = renderList({ packageId: null, services: [HOME.id] }, { busyId: RADON.id });
    expect((within(row('Radon Testing')).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(row('Termite Inspection')).getByRole('button', { name: 'Add Service' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(
      (
        within(row('Single-Family Home Inspection')).getByRole('button', {
          name: 'Remove Service',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(false);
  });
});
