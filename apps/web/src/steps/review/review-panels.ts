import { usableDateFormat } from '@scheduler/contracts/date-format';
import { lengthText, zoneSuffix } from '@scheduler/domain/time-zone-text';
import type { OfficeResponse } from '@scheduler/contracts/office';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { AgentParty, Party } from '@scheduler/contracts/people';
import type { Person } from '@scheduler/contracts/person';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import { agentPanelText, AGENT_LABEL, OWN_AGENT_PARTY } from '@scheduler/domain/people/contacts-step';
import type { StepName } from '@scheduler/domain/route-table';
import { formatAppointmentDateTime, wallTimeIn } from '@scheduler/domain/scheduling-text';
import type { SettingsReader } from '@scheduler/domain/settings';
import { addressLines, propertyLines } from '../../sidebar/order-lines.ts';
import { reviewTexts as t } from './review-texts.ts';

/** One person of a panel and the form (party) whose displayed fields it shows. */
export interface PanelPerson {
  person: Person;
  party: Party;
}

export type PanelContent =
  | { kind: 'lines'; lines: string[] }
  | { kind: 'people'; people: PanelPerson[]; lines: string[] }
  | { kind: 'cart' }
  | { kind: 'note'; text: string };

/** One card of the review: its title, the step its Change button leads to, and what it shows. */
export interface ReviewPanelModel {
  key: string;
  title: string;
  /** Where "Change" leads; null where no step of this walk edits it. */
  step: StepName | null;
  content: PanelContent;
}

export interface ReviewPanelsInput {
  order: OrderResponse;
  office: Pick<OfficeResponse, 'users' | 'states' | 'controls' | 'time_zone'>;
  settings: SettingsReader;
  currency: string;
  /** The company asks property questions, so the property-info step is part of the walk. */
  hasControls: boolean;
  /** The special note kept in this browser (spec 7.8). */
  specialNote: string;
}

const AGENTS: readonly AgentParty[] = ['buyers_agent', 'sellers_agent', 'insurance_agent'];

function clientsOf(order: OrderResponse): Person[] {
  return order.clients ?? (order.client ? [order.client] : []);
}

/**
 * "M/D/YYYY at h:mmA", or "n/a" before a time is held (spec 2.11); with the office's zone when the
 * visitor's clock reads it otherwise ("… at 9:00AM EST", decision 0029).
 */
export function appointmentText(order: Pick<OrderResponse, 'datetime'>, timeZone: string): string {
  if (!order.datetime) return t.notAvailable;
  return `${formatAppointmentDateTime(wallTimeIn(order.datetime, timeZone))}${zoneSuffix(timeZone, Date.parse(order.datetime))}`;
}

/** The order's inspectors by their display names, as a comma list. */
export function inspectorNames(order: Pick<OrderResponse, 'inspectors'>, users: OfficeResponse['users']): string {
  return order.inspectors
    .map((inspector) => users.find((user) => user.id === inspector.id)?.display ?? '')
    .filter((name) => name !== '')
    .join(', ');
}

/**
 * Spec 2.11: the review's panels in the spec's order. Date and time (with the inspectors when
 * their names are shown), the visitor's own details by role, the address, the property answers,
 * the clients when the visitor is not one, the agents, each extra contact under its type, the
 * cart, and the special note when the company asks for one.
 */
export function reviewPanels({
  order,
  office,
  settings,
  currency,
  hasControls,
  specialNote,
}: ReviewPanelsInput): ReviewPanelModel[] {
  const panels: ReviewPanelModel[] = [];
  const showNames = settings.isOn(SETTING.SHOW_INSPECTOR_NAMES);
  const names = showNames ? inspectorNames(order, office.users) : '';
  const length = lengthText(order.duration);
  panels.push({
    key: 'datetime',
    title: showNames ? t.panels.dateTimeInspector : t.panels.dateTime,
    step: 'calendar',
    // The expected length follows the time: "about 3 hours" (decision 0029).
    content: {
      kind: 'lines',
      lines: [
        appointmentText(order, office.time_zone),
        ...(order.datetime && length ? [`Takes ${length}`] : []),
        ...(names ? [names] : []),
      ],
    },
  });

  const role = order.user?.type ?? null;
  const own = role ? OWN_AGENT_PARTY[role] : undefined;
  const visitorIsClient = role === 'CLIENT_HOMEOWNER' || role === 'CLIENT_BUYER';
  const clients = clientsOf(order);
  const me: PanelContent = own
    ? {
        kind: 'people',
        people: order[own] ? [{ person: order[own], party: own }] : [],
        lines: order[own] ? [] : [t.nothingYet],
      }
    : visitorIsClient
      ? {
          kind: 'people',
          people: clients.map((person) => ({ person, party: 'client' as const })),
          lines: clients.length ? [] : [t.nothingYet],
        }
      : { kind: 'lines', lines: [role === 'OTHER' ? t.other(order.user?.other ?? '') : t.nothingYet] };
  panels.push({ key: 'me', title: t.panels.myInfo(order.user?.text ?? ''), step: 'contacts', content: me });

  const address = addressLines(order, office.states);
  panels.push({
    key: 'address',
    title: t.panels.address,
    step: 'address',
    content: { kind: 'lines', lines: address.length ? address : [t.nothingYet] },
  });

  if (hasControls) {
    const property = propertyLines(
      order,
      office.controls,
      currency,
      usableDateFormat(settings.text(SETTING.DATE_FORMAT)),
    );
    panels.push({
      key: 'property',
      title: t.panels.propertyInfo,
      step: 'property-info',
      content: { kind: 'lines', lines: property.length ? property : [t.nothingYet] },
    });
  }

  if (!visitorIsClient) {
    panels.push({
      key: 'clients',
      title: t.panels.client,
      step: 'contacts',
      content: {
        kind: 'people',
        people: clients.map((person) => ({ person, party: 'client' as const })),
        lines: clients.length ? [] : [t.nothingYet],
      },
    });
  }

  const agentEnabled: Record<AgentParty, boolean> = {
    buyers_agent: true,
    sellers_agent: settings.isOn(PEOPLE_SETTING.SELLERS_AGENT),
    insurance_agent: settings.isOn(PEOPLE_SETTING.INSURANCE_AGENT),
  };
  for (const party of AGENTS) {
    if (party === own) continue;
    const person = order[party];
    if (!person && !agentEnabled[party]) continue;
    panels.push({
      key: party,
      title: AGENT_LABEL[party],
      step: 'contacts',
      content: {
        kind: 'people',
        people: person ? [{ person, party }] : [],
        lines: person ? [] : [agentPanelText(role, party).noneText],
      },
    });
  }

  order.contacts.forEach((person, index) => {
    panels.push({
      key: `contact-${index}`,
      title: person.type?.name.trim() || t.panels.contact,
      step: 'contacts',
      content: { kind: 'people', people: [{ person, party: 'contact' }], lines: [] },
    });
  });

  panels.push({ key: 'cart', title: t.panels.shoppingCart, step: 'packages', content: { kind: 'cart' } });

  if (settings.isOn(SETTING.PROPERTY_INFO_NOTE)) {
    panels.push({
      key: 'note',
      title: t.panels.specialNote,
      step: hasControls ? 'property-info' : null,
      content: { kind: 'note', text: specialNote.trim() ? specialNote : t.noNote },
    });
  }
  return panels;
}
