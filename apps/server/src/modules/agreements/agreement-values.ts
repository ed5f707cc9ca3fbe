import type { AgreementPlaceholder, AgreementSettings } from '@scheduler/contracts/agreements';
import { placeholderValues, type MessageFacts } from '../notifications/mail-content.ts';

/** The office's date of an instant, as the agreement's {today} reads it ("11/28/2026"). */
function officeDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).format(
    instant,
  );
}

/** The buyer's agent as {agent_name} names them: "Casey Agent (Sample Realty)", or "none". */
function buyersAgent(facts: MessageFacts): string {
  const agent = facts.people.find((person) => person.role === 'buyers_agent' && person.name.trim() !== '');
  if (!agent) return 'none';
  return agent.company.trim() ? `${agent.name} (${agent.company.trim()})` : agent.name;
}

/**
 * The values an agreement's placeholders stand for, from the order as its messages read it (the
 * same date with its zone, address, price lines and total as the confirmation e-mail), the
 * company's name and licence number, and the day it is sent on the office's calendar.
 */
export function agreementValues(
  facts: MessageFacts,
  settings: AgreementSettings,
  sentAt: Date,
): Record<AgreementPlaceholder, string> {
  const message = placeholderValues(facts);
  return {
    company_name: facts.companyName,
    licence_number: settings.licence_number,
    client_name: message.client_name,
    address: message.address,
    datetime: message.datetime,
    inspectors: facts.showInspectorNames ? message.inspectors : '',
    services: message.services,
    price_lines: message.price_lines,
    total: message.total,
    agent_name: buyersAgent(facts),
    order_reference: message.order_reference,
    office_name: message.office_name,
    office_phone: message.office_phone,
    today: officeDate(sentAt, facts.office.timeZone),
  };
}
