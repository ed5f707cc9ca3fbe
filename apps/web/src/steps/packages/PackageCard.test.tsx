import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pkg, service, uuid } from './catalogue-fixtures.ts';
import { PackageCard, type PackageCardProps } from './PackageCard.tsx';

const HOME = service(uuid(1), {
  name: 'Home <em>Inspection</em>',
  base: 42500,
  fees: [{ gross: 15000, value: 0, description: 'Home size' }],
});
const TERMITE = service(uuid(8), { name: 'Termite', base: 9500 });
// $575 + $95 one by one; the package is $480 before tax (it waives the home-size fee), $516.00 with its 7.5 % tax.
const ESSENTIALS = pkg(1, [HOME, TERMITE], {
  name: "Buyer's <strong>Essentials</strong>",
  description: '<p>Every buyer needs it.</p><script>alert(1)</script>',
  base: 48000,
  subtotal: 63000,
  amount: 48000,
  total: 51600,
  savings: 19000,
});

const renderCard = (changes: Partial<PackageCardProps> = {}) => {
  const props: PackageCardProps = {
    pkg: ESSENTIALS,
    chosen: false,
    currency: 'USD',
    feesHidden: false,
    busy: false,
    onSelect: vi.fn(),
    onRemove: vi.fn(),
    ...changes,
  };
  render(<PackageCard {...props} />);
  return { props, card: screen.getByRole('article') };
};

describe('a package card (spec 2.9)', () => {
  it('shows its HTML name and description sanitised, its price before tax, its services at their gross subtotals and its savings', () => {
    const { card } = renderCard();
    expect(within(card).getByRole('heading', { level: 2 }).innerHTML).toBe("Buyer's <strong>Essentials</strong>");
    expect(card.querySelector('script')).toBeNull();
    expect(within(card).getByText('Every buyer needs it.')).toBeTruthy();
    expect(within(card).getByText('$480.00')).toBeTruthy();
    expect(within(card).queryByText('$516.00')).toBeNull();
    // 425 + the 150 home-size fee at its gross amount, though the package waives it.
    expect(within(card).getByText('$575.00')).toBeTruthy();
    expect(within(card).getByText('$95.00')).toBeTruthy();
    expect(within(card).getByText('$190.00 in savings')).toBeTruthy();
    expect(within(card).queryByText('Best Offer!')).toBeNull();
  });

  it("adds up on the card: the included services' amounts less the savings are the price it shows, to the cent (issue 20)", () => {
    const { card } = renderCard();
    const cents = (text: string | null) => Math.round(Number(text!.replace(/[^\d.]/g, '')) * 100);
    const [price] = within(card)
      .getAllByText(/^\$[\d,.]+$/)
      .filter((element) => element.tagName === 'P');
    const included = [...card.querySelectorAll('li span:last-child')].map((element) => cents(element.textContent));
    const savings = cents(within(card).getByText(/in savings$/).textContent);
    expect(included).toEqual([57500, 9500]);
    expect(included.reduce((sum, amount) => sum + amount, 0) - savings).toBe(cents(price!.textContent));
  });

  it('lists the services by name only when the package costs more than they do one by one', () => {
    const { card } = renderCard({ pkg: { ...ESSENTIALS, amount: 70000, total: 75250, savings: 0 } });
    expect(within(card).getByText('$700.00')).toBeTruthy();
    expect(card.querySelectorAll('li span')).toHaveLength(2);
    expect(within(card).queryByText(/in savings/)).toBeNull();
  });

  it('hides every amount when fees are hidden', () => {
    const { card } = renderCard({ feesHidden: true });
    expect(card.textContent).not.toMatch(/\$/);
  });

  it('tags the best package with "Best Offer!" or the company\'s own words', () => {
    renderCard({ pkg: { ...ESSENTIALS, best: true } });
    expect(screen.getByText('Best Offer!')).toBeTruthy();
  });

  it("uses the company's bestText when it has one", () => {
    renderCard({ pkg: { ...ESSENTIALS, best: true, bestText: 'Most Popular' } });
    expect(screen.getByText('Most Popular')).toBeTruthy();
    expect(screen.queryByText('Best Offer!')).toBeNull();
  });

  it('selects with SELECT PACKAGE', async () => {
    const user = userEvent.setup();
    const { props } = renderCard();
    await user.click(screen.getByRole('button', { name: 'SELECT PACKAGE' }));
    expect(props.onSelect).toHaveBeenCalledOnce();
  });

  it('removes a chosen package', async () => {
    const user = userEvent.setup();
    const { props } = renderCard({ chosen: true });
    await user.click(screen.getByRole('button', { name: 'REMOVE PACKAGE' }));
    expect(props.onRemove).toHaveBeenCalledOnce();
    expect(props.onSelect).not.toHaveBeenCalled();
  });

  it('waits on its own call: disabled and busy', () => {
    renderCard({ busy: true });
    const button = screen.getByRole('button', { name: 'SELECT PACKAGE' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
