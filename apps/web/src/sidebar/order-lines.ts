import { DEFAULT_DATE_FORMAT, formatIsoDate } from '@scheduler/contracts/date-format';
import type { Control, OfficeResponse } from '@scheduler/contracts/office';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { SchedulerMode } from '@scheduler/domain/route-table';
import { enteredAmountCents, formatMoney } from '@scheduler/domain/money-format';
import { sidebarTexts as t } from './sidebar-texts.ts';

export type PanelSection = 'calendar' | 'address' | 'contacts' | 'property-info' | 'packages';

/** Spec 2.10: the sections in order; with the calendar last, Date & Time moves to the end. Property Info only where the company asks questions. */
export function panelSections(mode: SchedulerMode, hasControls: boolean): PanelSection[] {
  const rest: PanelSection[] = [
    'address',
    'contacts',
    ...(hasControls ? (['property-info'] as const) : []),
    'packages',
  ];
  return mode === 'calendar-last' ? [...rest, 'calendar'] : ['calendar', ...rest];
}

/** Spec 2.10 Address: address1, address2, city, state abbreviation, postal code (empty parts left out). */
export function addressLines(order: OrderResponse, states: OfficeResponse['states']): string[] {
  const state = states.find((s) => s.id === order.state)?.abbreviation ?? '';
  const place = [order.city, [state, order.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [order.address1, order.address2, place].filter((line) => line.trim() !== '');
}

/** Spec 2.10 Contact Info: the clients, the buyer's, seller's and insurance agents, and the other contacts. */
export function contactCount(order: OrderResponse): number {
  const clients = order.clients ?? (order.client ? [order.client] : []);
  const agents = [order.buyers_agent, order.sellers_agent, order.insurance_agent].filter((person) => person !== null);
  return clients.length + agents.length + order.contacts.length;
}

const optionLabel = (control: Control, id: string | number | null | undefined): string => {
  for (const option of control.options)
    if (typeof option !== 'string' && String(option.id) === String(id)) return option.value;
  return '';
};

/**
 * Spec 2.10 Property Info: Square Feet, Year Built, Sale Price as currency, Foundation (its option
 * label); each checked CheckBox by its label; a DropDown as "label: option label"; every other
 * answered control as "label: value". Unanswered questions are left out.
 */
export function propertyLines(
  order: OrderResponse,
  controls: readonly Control[],
  currency: string,
  dateFormat = DEFAULT_DATE_FORMAT,
): string[] {
  const lines: string[] = [];
  if (order.sqft) lines.push(`${t.property.sqft}: ${order.sqft.toLocaleString('en-US')}`);
  if (order.yb) lines.push(`${t.property.yb}: ${order.yb}`);
  const salesPrice = enteredAmountCents(order.sales_price);
  if (salesPrice !== null) lines.push(`${t.property.salesPrice}: ${formatMoney(salesPrice, currency)}`);
  if (order.foundation_type) lines.push(`${t.property.foundation}: ${order.foundation_type.value}`);
  for (const control of controls) {
    const answer = order.controls.find((a) => a.id === control.id);
    if (!answer) continue;
    const value = answer.value ?? '';
    switch (control.type) {
      case 'SquareFeet':
      case 'YearBuilt':
      case 'SalesPrice':
      case 'FoundationType':
      case 'ReferReason':
        break;
      case 'CheckBox':
        if (answer.checked) lines.push(control.label);
        break;
      case 'DropDown': {
        const label = optionLabel(control, value);
        if (label) lines.push(`${control.label}: ${label}`);
        break;
      }
      case 'TriggeredDropDown':
      case 'TriggeredTextBox':
        if (answer.checked && value.trim()) lines.push(`${control.label}: ${value}`);
        break;
      case 'Date':
      case 'ClosingDate':
        // Stored as ISO dates, shown as the company writes them (spec 3.3).
        if (value.trim()) lines.push(`${control.label}: ${formatIsoDate(value, dateFormat)}`);
        break;
      default:
        if (value.trim()) lines.push(`${control.label}: ${value}`);
    }
  }
  return lines;
}
