import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrderPerson } from '@scheduler/contracts/confirm';
import type { ConsoleOrderDetail } from '@scheduler/contracts/console';
import { ORDER } from '../../../test-support/fixtures.ts';
import { DETAIL, VIEW } from '../../../test-support/order-detail.ts';
import { HistorySection, PeopleSection, PriceSection, PropertySection } from './OrderSections.tsx';

/**
 * The order page's sections, each on its own: what each shows of the order, and what it says
 * when the order has nothing of that kind.
 */

const person = (rest: Partial<AdminOrderPerson>): AdminOrderPerson => ({
  role: 'client',
  name: 'Jane Doe',
  email: '',
  mobile_phone: '',
  work_phone: '',
  home_phone: '',
  work_fax: '',
  home_fax: '',
  company: '',
  agency: '',
  ...rest,
});
const region = (name: string) => within(screen.getByRole('region', { name }));
/** A description list as [term, value] pairs. */
const facts = (list: HTMLElement) =>
  [...list.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
const withView = (order: Partial<ConsoleOrderDetail['view']['order']>): ConsoleOrderDetail => ({
  ...DETAIL,
  view: { ...VIEW, order: { ...VIEW.order, ...order } },
});

describe('the people', () => {
  it('names each person with their role in words, their organisation, and links to write or call them', () => {
    render(
      <PeopleSection
        people={[
          person({ email: 'jane@example.com', mobile_phone: '6145550100', home_phone: '6145550101' }),
          person({ role: 'sellers_agent', name: 'Sal Seller', agency: 'Buckeye Realty', work_phone: '6145550111' }),
          person({ role: 'attorney', name: 'Al Attorney', company: 'Law & Co', agency: 'ignored' }),
        ]}
      />,
    );
    const people = region('People');
    expect(people.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Jane Doe · Client',
      "Sal Seller · Seller's agent",
      'Al Attorney · attorney',
    ]);
    expect(people.getByRole('link', { name: 'jane@example.com' }).getAttribute('href')).toBe('mailto:jane@example.com');
    expect(people.getByText('Mobile:').textContent).toMatch(/^Mobile: \(614\) 555-0100$/);
    expect(people.getByText('Home:').textContent).toMatch(/^Home: \(614\) 555-0101$/);
    expect(people.getByRole('link', { name: '(614) 555-0111' }).getAttribute('href')).toMatch(/^tel:/);
    expect(people.getByText('Buckeye Realty')).toBeTruthy();
    // The company is the organisation when both are given.
    expect(people.getByText('Law & Co')).toBeTruthy();
    expect(people.queryByText('ignored')).toBeNull();
    // Only the phones given are listed.
    expect(people.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('tel:'))).toHaveLength(3);
  });

  it('says when no one was entered', () => {
    render(<PeopleSection people={[]} />);
    expect(region('People').getByText('No one was entered.')).toBeTruthy();
  });
});

describe('the property', () => {
  it('lists only the facts given, the square feet grouped, and links the address to a map in a new tab', () => {
    render(
      <PropertySection
        order={{
          ...ORDER,
          property: { sqft: 12500, year_built: null, foundation: '', sales_price: '$325,000', answers: [] },
        }}
      />,
    );
    const property = region('Property');
    expect(facts(property.getAllByRole('term')[0]!.closest('dl')!)).toEqual([
      ['Square feet', '12,500'],
      ['Sales price', '$325,000'],
    ]);
    const map = property.getByRole('link', { name: 'Open in Google Maps (opens a new tab)' });
    expect(map.getAttribute('target')).toBe('_blank');
    expect(map.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("adds each of the property questions' answers after the facts", () => {
    render(<PropertySection order={ORDER} />);
    const list = region('Property').getAllByRole('term')[0]!.closest('dl')!;
    expect(facts(list)).toEqual([
      ['Square feet', '2,100'],
      ['Year built', '1978'],
      ['Foundation', 'Basement'],
      ['Sales price', '$325,000'],
      ['Is the home vacant?', 'Yes'],
    ]);
  });

  it('shows the address alone when nothing is known of the property', () => {
    render(
      <PropertySection
        order={{ ...ORDER, property: { sqft: null, year_built: null, foundation: '', sales_price: '', answers: [] } }}
      />,
    );
    expect(region('Property').queryByRole('term')).toBeNull();
    expect(region('Property').getByText(/12 Elm Street/)).toBeTruthy();
  });

  it('shows a sales price typed as digits as money, as the wizard does (issue 41: "300000")', () => {
    render(
      <PropertySection order={{ ...ORDER, property: { ...ORDER.property, sales_price: '300000', answers: [] } }} />,
    );
    expect(facts(region('Property').getAllByRole('term')[0]!.closest('dl')!)).toContainEqual([
      'Sales price',
      '$300,000.00',
    ]);
  });
});

describe('the price', () => {
  it('lists the lines as the order gives them, its total, and whether it is paid', () => {
    render(<PriceSection detail={withView({ paid: true })} />);
    const price = region('Price and payment');
    expect(facts(price.getAllByRole('term')[0]!.closest('dl')!)).toEqual([
      ['Full Home Inspection', '$450.00'],
      ['Bundle Savings', '- $40.00'],
      ['Radon Test', '$150.00'],
      ['Ohio Sales (tax)', '$12.50'],
      ['Total', '$572.50'],
    ]);
    expect(price.getByText('Paid')).toBeTruthy();
    expect(price.queryByText(/Late-cancellation fee owed/)).toBeNull();
  });

  it('says when the company shows no amounts, and the late fee a cancelled order owes', () => {
    render(
      <PriceSection
        detail={withView({ price: null, cancelled: { at: '2026-11-30T16:00:00.000Z', fee: '$75.00', reason: null } })}
      />,
    );
    const price = region('Price and payment');
    expect(price.getByText('The company does not show amounts for this order.')).toBeTruthy();
    expect(price.getByText('Not paid')).toBeTruthy();
    expect(price.getByText('Late-cancellation fee owed: $75.00')).toBeTruthy();
  });

  it("adds the price's note under it", () => {
    render(
      <PriceSection
        detail={withView({ price: { ...VIEW.order.price!, note: 'Taxes are estimated until the visit.' } })}
      />,
    );
    expect(region('Price and payment').getByText('Taxes are estimated until the visit.')).toBeTruthy();
  });
});

describe('the history', () => {
  it('lists what happened in order, each on the office clock', () => {
    render(<HistorySection order={ORDER} />);
    const item = region('History').getByRole('listitem');
    expect(within(item).getByText('Booked for Tuesday, December 1st 2026 at 9:30 AM EST')).toBeTruthy();
    expect(within(item).getByText('Friday, November 20th 2026 at 10:00 AM EST')).toBeTruthy();
  });

  it('says when nothing has happened yet', () => {
    render(<HistorySection order={{ ...ORDER, history: [] }} />);
    expect(region('History').getByText('Nothing has happened to this booking yet.')).toBeTruthy();
  });
});
