import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import type { DocumentChangeView, VersionConflict } from '@scheduler/contracts/configuration';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { consoleKeys } from '../../shared/queries.ts';
import {
  CONFIGURATION_PATH,
  OWNER,
  asRole,
  loads,
  saves,
  versionSummary,
  serveConfigurationOf,
} from '../../test-support/configuration-server.ts';
import { enterText } from '../../test-support/enter-text.ts';
import { refusal as refusalOf, renderPage, type Answer } from '../../test-support/render-page.tsx';
import BookingChangesPage from './booking-changes/BookingChangesPage.tsx';
import { DOCUMENT as BOOKING_CHANGES_DOCUMENT } from '../../test-support/configuration-documents/booking-changes-test-document.ts';
import EmbeddingPage from './embedding/EmbeddingPage.tsx';
import { DOCUMENT as EMBEDDING_DOCUMENT } from '../../test-support/configuration-documents/embedding-test-document.ts';
import PrivacyPage from './privacy/PrivacyPage.tsx';
import { DOCUMENT as PRIVACY_DOCUMENT } from '../../test-support/configuration-documents/privacy-test-document.ts';
import FeesTaxesCouponsPage from './fees-taxes-coupons/FeesTaxesCouponsPage.tsx';
import { DOCUMENT as FEES_DOCUMENT } from '../../test-support/configuration-documents/pricing-test-document.ts';
import InspectorsPage from './inspectors/InspectorsPage.tsx';
import {
  DOCUMENT as INSPECTORS_DOCUMENT,
  MIKE,
  SARAH,
} from '../../test-support/configuration-documents/inspectors-test-document.ts';
import MessagesPage from './messages/MessagesPage.tsx';
import { DOCUMENT as MESSAGES_DOCUMENT } from '../../test-support/configuration-documents/messages-test-document.ts';
import OfficesPage from './offices/OfficesPage.tsx';
import { DOCUMENT as OFFICES_DOCUMENT } from '../../test-support/configuration-documents/offices-test-document.ts';
import PaymentsPage from './payments/PaymentsPage.tsx';
import {
  DOCUMENT as PAYMENTS_DOCUMENT,
  KEYS_PATH,
  LINK,
  NO_KEYS,
} from '../../test-support/configuration-documents/payments-test-document.ts';
import PeoplePage from './people/PeoplePage.tsx';
import { DOCUMENT as PEOPLE_DOCUMENT } from '../../test-support/configuration-documents/people-test-document.ts';
import PropertyQuestionsPage from './property-questions/PropertyQuestionsPage.tsx';
import { DOCUMENT as QUESTIONS_DOCUMENT } from '../../test-support/configuration-documents/property-questions-test-document.ts';
import ServicesPage from './services/ServicesPage.tsx';
import { DOCUMENT as SERVICES_DOCUMENT } from '../../test-support/configuration-documents/services-test-document.ts';
import SettingsPage from './settings/SettingsPage.tsx';
import {
  DOCUMENT as SETTINGS_DOCUMENT,
  withSetting,
} from '../../test-support/configuration-documents/settings-test-document.ts';
import { accessibleDescription } from '../../test-support/accessible-description.ts';

/**
 * How every configuration editor meets a refusal, one suite for all of them (issue 40, item 8):
 * the server's 400 naming a field is said at that field with what was typed kept; a 409 is
 * someone else's save, shown with what they changed, the edit kept until the person loads
 * their version; a member who may not configure is told so and nothing is read; and a 403 on
 * reading the document is said under the page's heading. Each editor is a row: how to open it,
 * what to change, and what the server answers. What only one editor does stays in its page test.
 */

type Document = Record<string, unknown>;

/** A change the person makes, and how to read it back: `typed` once made, `loaded` as the document has it. */
interface Edit {
  make: () => Promise<void>;
  value: () => string | null;
  typed: string;
  loaded: string | null;
}

interface Refusal {
  /** The document path the server names (400 `invalid_document`). */
  field: string;
  /** The server's message. */
  message: string;
  edit: Edit;
  /** Where the page says it, and what it says there; null when the path has no field (the message alone says it). */
  at: { element: () => HTMLElement; says: string; marked: boolean } | null;
  /** What this editor does besides: brings the item back, focuses the field. Runs before the edit is read back. */
  then?: () => Promise<void>;
}

interface Row {
  name: string;
  Page: ComponentType;
  path: string;
  heading: string;
  document: Document;
  /** The page's save button. */
  save: string;
  /** Waits until the editor shows the loaded document. */
  ready: () => Promise<unknown>;
  refusals: Refusal[];
  conflict: {
    edit: Edit;
    changes: DocumentChangeView[];
    listed: string[];
    theirs?: Document;
    reloaded?: () => void;
    sent?: unknown;
  };
  /** Other calls the page makes, answered; `forbidden` ones are never made for a member who may not configure. */
  other?: { answer: (path: string, method: string) => Answer | undefined; forbidden: string[] };
}

const CALENDAR_CONNECTIONS_PATH = '/api/console/companies/demo/calendar-connections';

const CONFLICT_MESSAGE =
  'Dana Admin saved version 8 after the version 7 you started from. Review their changes, then make yours again on the new version.';

const textbox = (name: string | RegExp, container: HTMLElement = document.body) =>
  within(container).getByRole('textbox', { name }) as HTMLInputElement;
const maybeTextbox = (name: string | RegExp, container: HTMLElement = document.body) =>
  (within(container).queryByRole('textbox', { name }) as HTMLInputElement | null)?.value ?? null;
const checked = (role: 'switch' | 'radio', name: string) =>
  String((screen.getByRole(role, { name }) as HTMLInputElement).checked);

async function replaceText(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await enterText(field, text);
}

/** Opens an item of an accordion list by its heading button, and answers its region. */
async function openItem(name: RegExp): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name });
  if (button.getAttribute('aria-expanded') !== 'true') await userEvent.click(button);
  return screen.getByRole('region', { name });
}

// ---- The rows ----

const phone = () => textbox('Phone');
const officesRow: Row = {
  name: 'offices',
  Page: OfficesPage,
  path: 'offices',
  heading: 'Offices',
  document: OFFICES_DOCUMENT,
  save: 'Save changes',
  ready: () => screen.findByRole('textbox', { name: 'Phone' }),
  refusals: [
    {
      field: 'offices.1.time_zone',
      message: 'Invalid company document field "offices.1.time_zone": an IANA time zone such as America/New_York',
      edit: {
        make: () => enterText(phone(), '1'),
        value: () => phone().value,
        typed: '(614) 555-01421',
        loaded: '(614) 555-0142',
      },
      // Dayton, the office refused, is opened with its field showing why.
      at: {
        element: () => screen.getByRole('combobox', { name: 'Time zone' }),
        says: 'An IANA time zone such as America/New_York',
        marked: false,
      },
      then: async () => {
        expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Dayton');
        await userEvent.click(screen.getByRole('button', { name: 'Columbus' }));
      },
    },
    {
      field: 'offices.0.time_zone',
      message: 'Invalid company document field "offices.0.time_zone": an IANA time zone such as America/New_York',
      edit: {
        make: () => enterText(phone(), '1'),
        value: () => phone().value,
        typed: '(614) 555-01421',
        loaded: '(614) 555-0142',
      },
      at: {
        element: () => screen.getByRole('combobox', { name: 'Time zone' }),
        says: 'An IANA time zone such as America/New_York',
        marked: false,
      },
      then: async () => {
        await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Time zone' })));
      },
    },
  ],
  conflict: {
    edit: {
      make: () => enterText(phone(), '9'),
      value: () => phone().value,
      typed: '(614) 555-01429',
      loaded: '(614) 555-0142',
    },
    changes: [
      {
        path: 'offices[0].name',
        kind: 'changed',
        before: 'Columbus',
        after: 'Columbus North',
        text: 'Columbus name: "Columbus" → "Columbus North"',
      },
    ],
    listed: ['Columbus name: "Columbus" → "Columbus North"'],
  },
};

const note = () =>
  within(screen.getByRole('group', { name: 'Wednesday, December 24, 2098' })).getByRole('textbox', {
    name: 'Note',
  }) as HTMLInputElement;
const inspectorEditor = () =>
  screen.getAllByRole('form').find((form) => form.getAttribute('aria-label') !== 'Check postal codes')!;
const inspectorsRow: Row = {
  name: 'inspectors',
  Page: InspectorsPage,
  path: 'inspectors',
  heading: 'Inspectors',
  document: INSPECTORS_DOCUMENT,
  save: 'Save inspector',
  ready: () => screen.findByRole('heading', { level: 2, name: 'Sarah Chen' }),
  refusals: [
    {
      field: 'inspectors.0.overrides.1.note',
      message:
        'Invalid company document field "inspectors.0.overrides.1.note": Too big: expected string to have <=200 characters',
      edit: {
        make: () => enterText(note(), '!'),
        value: () => note().value,
        typed: 'Christmas Eve!',
        loaded: 'Christmas Eve',
      },
      at: { element: note, says: 'Too big: expected string to have <=200 characters', marked: true },
    },
  ],
  conflict: {
    edit: {
      make: () => enterText(textbox('Last name', inspectorEditor()), '-Lee'),
      value: () => textbox('Last name', inspectorEditor()).value,
      typed: 'Chen-Lee',
      loaded: 'Chen',
    },
    changes: [
      {
        path: 'inspectors[101].first',
        kind: 'changed',
        before: 'Sarah',
        after: 'Sara',
        text: 'Sarah Chen first: "Sarah" → "Sara"',
      },
    ],
    listed: ['Sarah Chen first: "Sarah" → "Sara"'],
    // The editor starts again from the inspector as they left it.
    theirs: { ...INSPECTORS_DOCUMENT, inspectors: [{ ...SARAH, first: 'Sara' }, MIKE] },
    reloaded: () => expect(textbox('First name', inspectorEditor()).value).toBe('Sara'),
  },
  // The selected inspector's calendar connections, read beside the document (none connected here).
  other: {
    answer: (path, method) =>
      method === 'GET' && path.startsWith(CALENDAR_CONNECTIONS_PATH)
        ? { status: 200, body: { connections: [], offered_providers: [] } }
        : undefined,
    forbidden: [CALENDAR_CONNECTIONS_PATH],
  },
};

const serviceEditor = () => screen.getByRole('region', { name: /^Service: / });
async function chooseService(name: string) {
  await userEvent.click(
    within(await screen.findByRole('navigation', { name: 'Services' })).getByRole('button', {
      name: new RegExp(`^${name}`),
    }),
  );
}
const servicesRow: Row = {
  name: 'services and prices',
  Page: ServicesPage,
  path: 'services',
  heading: 'Services and prices',
  document: SERVICES_DOCUMENT,
  save: 'Save changes',
  ready: () => screen.findByRole('navigation', { name: 'Services' }),
  refusals: [
    {
      field: 'services.0.price_cents',
      message: 'Invalid company document field "services.0.price_cents": Too big: expected number to be <=100000000',
      edit: {
        make: async () => {
          await chooseService('Radon Testing');
          await replaceText(textbox('Price', serviceEditor()), '99');
          // Another service is showing when the answer comes: the page brings the refused one back.
          await chooseService('Single-Family Home Inspection');
        },
        value: () => textbox('Price', screen.getByRole('region', { name: 'Service: Radon Testing' })).value,
        typed: '99',
        loaded: '150.00',
      },
      at: {
        element: () => textbox('Price', screen.getByRole('region', { name: 'Service: Radon Testing' })),
        says: 'Too big: expected number to be <=100000000',
        marked: true,
      },
    },
  ],
  conflict: {
    edit: {
      make: () => replaceText(textbox('Rush report fee'), '125'),
      value: () => textbox('Rush report fee').value,
      typed: '125',
      loaded: '99.00',
    },
    changes: [
      {
        path: 'services[1].price_cents',
        kind: 'changed',
        before: 42500,
        after: 45000,
        text: 'Radon test price: $425.00 → $450.00',
      },
    ],
    listed: ['Radon test price: $425.00 → $450.00'],
  },
};

const SPRING = /^\$25 Off Orders of \$400 or More/;
const RADON_COUPON = /^Radon Testing 20% Off/;
const feesRow: Row = {
  name: 'fees, taxes and coupons',
  Page: FeesTaxesCouponsPage,
  path: 'fees-taxes-coupons',
  heading: 'Fees, taxes and coupons',
  document: FEES_DOCUMENT,
  save: 'Save changes',
  ready: () => screen.findByRole('button', { name: RADON_COUPON }),
  refusals: [
    {
      field: 'pricing.coupons.1.code',
      message:
        'Invalid company document field "pricing.coupons.1.code": coupons must have unique codes: this code appears twice',
      edit: {
        make: async () => replaceText(textbox('Coupon code', await openItem(RADON_COUPON)), 'RADON20'),
        value: () => textbox('Coupon code', screen.getByRole('region', { name: RADON_COUPON })).value,
        typed: 'RADON20',
        loaded: 'RADONCHECK',
      },
      at: {
        element: () => textbox('Coupon code', screen.getByRole('region', { name: RADON_COUPON })),
        says: 'Coupons must have unique codes: this code appears twice',
        marked: true,
      },
    },
  ],
  conflict: {
    edit: {
      make: async () => replaceText(textbox('Name', await openItem(SPRING)), 'Spring savings'),
      // Their version closes the coupon: its heading button still carries its name.
      value: () => {
        const renamed = screen.queryByRole('region', { name: /^Spring savings/ });
        if (renamed) return textbox('Name', renamed).value;
        return screen.queryByRole('button', { name: SPRING }) ? '$25 Off Orders of $400 or More' : null;
      },
      typed: 'Spring savings',
      loaded: '$25 Off Orders of $400 or More',
    },
    changes: [
      {
        path: 'pricing.coupons[0].min_order_cents',
        kind: 'changed',
        before: 40_000,
        after: 30_000,
        text: 'Pricing SPRING min order: $400.00 → $300.00',
      },
    ],
    listed: ['Pricing SPRING min order: $400.00 → $300.00'],
  },
};

const questionsNav = () => within(screen.getByRole('navigation', { name: 'Questions' }));
const questionsRow: Row = {
  name: 'property questions',
  Page: PropertyQuestionsPage,
  path: 'property-questions',
  heading: 'Property questions',
  document: QUESTIONS_DOCUMENT,
  save: 'Save changes',
  ready: () => screen.findByRole('navigation', { name: 'Questions' }),
  refusals: [
    {
      field: 'property_controls.1.label',
      message:
        'Invalid company document field "property_controls.1.label": Too big: expected string to have <=200 characters',
      edit: {
        make: async () => {
          await userEvent.click(questionsNav().getByRole('button', { name: /^2\. Occupancy/ }));
          await replaceText(textbox('Question'), 'Who lives in the home');
          // Looking at another question when saving: the refusal brings the person back to the one it names.
          await userEvent.click(questionsNav().getByRole('button', { name: /^1\. Square Feet/ }));
        },
        value: () => textbox('Question').value,
        typed: 'Who lives in the home',
        loaded: 'Occupancy',
      },
      at: {
        element: () => textbox('Question'),
        says: 'Too big: expected string to have <=200 characters',
        marked: true,
      },
      then: async () => {
        expect(
          questionsNav()
            .getByRole('button', { name: /^2\. Who lives in the home/ })
            .getAttribute('aria-current'),
        ).toBe('true');
      },
    },
  ],
  conflict: {
    edit: {
      make: async () => {
        await userEvent.click(questionsNav().getByRole('button', { name: /^3\. Utilities/ }));
        await userEvent.click(screen.getByLabelText('May change the price'));
        await enterText(textbox('When ticked, add'), '15');
      },
      value: () => maybeTextbox('When ticked, add'),
      typed: '15',
      loaded: null,
    },
    changes: [
      {
        path: 'property_controls[1].label',
        kind: 'changed',
        before: 'Occupancy',
        after: 'Who lives there',
        text: 'Occupancy label: "Occupancy" → "Who lives there"',
      },
    ],
    listed: ['Occupancy label: "Occupancy" → "Who lives there"'],
  },
};

const agents = () => screen.getByRole('region', { name: 'Agents' });
const peopleRow: Row = {
  name: 'people',
  Page: PeoplePage,
  path: 'people',
  heading: 'People',
  document: PEOPLE_DOCUMENT,
  save: 'Save changes',
  ready: () => screen.findByRole('region', { name: 'Agents' }),
  refusals: [
    {
      field: 'agents.2.email',
      message: 'Invalid company document field "agents.2.email": invalid email address',
      edit: {
        make: () => replaceText(textbox('Work phone', agents()), '6145550000'),
        value: () => textbox('Work phone', agents()).value,
        typed: '6145550000',
        loaded: '',
      },
      // The refused person (Vic, the third agent) is shown with the field focused; Sam keeps the edit.
      at: { element: () => textbox('E-mail', agents()), says: 'Invalid email address', marked: true },
      then: async () => {
        expect(textbox('First name', agents()).value).toBe('Vic');
        await waitFor(() => expect(document.activeElement).toBe(textbox('E-mail', agents())));
        await userEvent.click(
          within(within(agents()).getByRole('list', { name: /found$/ })).getByRole('button', { name: /^Sam Realtor/ }),
        );
      },
    },
  ],
  conflict: {
    edit: {
      make: () => enterText(textbox('City', agents()), 'Dublin'),
      value: () => textbox('City', agents()).value,
      typed: 'Dublin',
      loaded: '',
    },
    changes: [
      {
        path: 'agents[0].agency',
        kind: 'changed',
        before: 'Realty One',
        after: 'Realty Two',
        text: 'Ray Agent agency: "Realty One" → "Realty Two"',
      },
    ],
    listed: ['Ray Agent agency: "Realty One" → "Realty Two"'],
  },
};

const companyRules = () => screen.getByRole('region', { name: "The company's rules" });
const bookingChangesRow: Row = {
  name: 'booking changes',
  Page: BookingChangesPage,
  path: 'booking-changes',
  heading: 'Booking changes',
  document: BOOKING_CHANGES_DOCUMENT,
  save: 'Save changes',
  ready: () => screen.findByRole('region', { name: "The company's rules" }),
  refusals: [
    {
      field: 'booking_changes.late_cancel_fee.amount_cents',
      message:
        'Invalid company document field "booking_changes.late_cancel_fee.amount_cents": Too big: expected number to be <=100000000',
      edit: {
        make: () => replaceText(textbox('Fee (USD)'), '80'),
        value: () => textbox('Fee (USD)').value,
        typed: '80',
        loaded: '75.00',
      },
      at: { element: () => textbox('Fee (USD)'), says: 'Too big: expected number to be <=100000000', marked: true },
    },
  ],
  conflict: {
    edit: {
      make: () => replaceText(textbox('Most reschedules', companyRules()), '5'),
      value: () => textbox('Most reschedules', companyRules()).value,
      typed: '5',
      loaded: '2',
    },
    changes: [
      {
        path: 'booking_changes.cancel_until_hours',
        kind: 'changed',
        before: 24,
        after: 12,
        text: 'Booking changes cancel until hours: 24 → 12',
      },
    ],
    listed: ['Booking changes cancel until hours: 24 → 12'],
  },
};

const subject = () => textbox('Confirmation to the client: subject');
const messagesRow: Row = {
  name: 'messages',
  Page: MessagesPage,
  path: 'messages',
  heading: 'Messages',
  document: MESSAGES_DOCUMENT,
  save: 'Save changes',
  ready: () => screen.findByRole('textbox', { name: 'Confirmation to the client: subject' }),
  refusals: [
    {
      field: 'notifications.templates.client.subject',
      message:
        'Invalid company document field "notifications.templates.client.subject": Too big: expected string to have <=300 characters',
      edit: {
        make: () => replaceText(subject(), 'Booked!'),
        value: () => subject().value,
        typed: 'Booked!',
        loaded: 'Booked: {datetime}',
      },
      at: { element: subject, says: 'Too big: expected string to have <=300 characters', marked: true },
    },
  ],
  conflict: {
    edit: {
      make: () => replaceText(textbox('Office copy to'), 'desk@scioto.example'),
      value: () => textbox('Office copy to').value,
      typed: 'desk@scioto.example',
      loaded: 'office@scioto.example',
    },
    changes: [
      {
        path: 'notifications.brand_color',
        kind: 'changed',
        before: '#1f4e79',
        after: '#000000',
        text: 'Messages brand color: "#1f4e79" → "#000000"',
      },
    ],
    listed: ['Messages brand color: "#1f4e79" → "#000000"'],
  },
};

const paymentLink = () => textbox("Your payment page's address");
const paymentsRow: Row = {
  name: 'payments',
  Page: PaymentsPage,
  path: 'payments',
  heading: 'Payments',
  document: PAYMENTS_DOCUMENT,
  save: 'Save changes',
  ready: () => screen.findByRole('radio', { name: 'Stripe' }),
  refusals: [
    {
      field: 'notifications.payment_link',
      message: 'Invalid company document field "notifications.payment_link": an http(s) URL template',
      edit: {
        make: () => enterText(paymentLink(), 'x'),
        value: () => paymentLink().value,
        typed: `${LINK}x`,
        loaded: LINK,
      },
      at: { element: paymentLink, says: 'An http(s) URL template', marked: true },
    },
  ],
  conflict: {
    edit: {
      make: () => userEvent.click(screen.getByRole('radio', { name: 'Stripe' })),
      value: () => checked('radio', 'Stripe'),
      typed: 'true',
      loaded: 'false',
    },
    changes: [
      {
        path: 'payments.provider',
        kind: 'changed',
        before: 'link',
        after: 'none',
        text: 'Payments provider: "link" → "none"',
      },
    ],
    listed: ['Payments provider: "link" → "none"'],
  },
  // The Stripe keys have a route of their own, read beside the document.
  other: {
    answer: (path, method) => (method === 'GET' && path === KEYS_PATH ? { status: 200, body: NO_KEYS } : undefined),
    forbidden: [KEYS_PATH],
  },
};

const sites = () =>
  within(screen.getByRole('list', { name: /^Sites that may show the scheduler/ }))
    .getAllByRole('listitem')
    .map((item) => item.firstChild?.textContent)
    .join(' ');
async function addSite(typed: string) {
  await enterText(screen.getByRole('textbox', { name: 'New site' }), typed);
  await userEvent.click(screen.getByRole('button', { name: 'Add site' }));
}
const SHOP = 'https://shop.sciotovalley.example';
const embeddingRow: Row = {
  name: 'website embedding',
  Page: EmbeddingPage,
  path: 'embedding',
  heading: 'Website embedding',
  document: EMBEDDING_DOCUMENT,
  save: 'Save changes',
  ready: () => screen.findByRole('textbox', { name: 'New site' }),
  refusals: [
    {
      field: 'embedding_origins.1',
      message: 'Invalid company document field "embedding_origins.1": an origin such as https://www.example.com',
      edit: {
        make: () => addSite(SHOP),
        value: sites,
        typed: `https://www.sciotovalley.example ${SHOP}`,
        loaded: 'https://www.sciotovalley.example',
      },
      // The sites are a list, not a field: the list is described by the site refused and why.
      at: {
        element: () => screen.getByRole('list', { name: /^Sites that may show/ }),
        says: `${SHOP}: An origin such as https://www.example.com`,
        marked: false,
      },
    },
  ],
  conflict: {
    edit: {
      make: () => addSite(SHOP),
      value: sites,
      typed: `https://www.sciotovalley.example ${SHOP}`,
      loaded: 'https://www.sciotovalley.example',
    },
    changes: [
      {
        path: 'embedding_origins',
        kind: 'changed',
        before: ['https://www.sciotovalley.example'],
        after: [],
        text: 'Embedding origins: "https://www.sciotovalley.example" → none',
      },
    ],
    listed: ['Embedding origins: "https://www.sciotovalley.example" → none'],
  },
};

const years = () => textbox('Years after the inspection');
const yearsEdit: Edit = {
  make: () => replaceText(years(), '8'),
  value: () => years().value,
  typed: '8',
  loaded: '7',
};
const privacyRow: Row = {
  name: 'privacy',
  Page: PrivacyPage,
  path: 'privacy',
  heading: 'Privacy',
  document: PRIVACY_DOCUMENT,
  save: 'Save changes',
  ready: () => screen.findByRole('textbox', { name: 'Years after the inspection' }),
  refusals: [
    {
      field: 'privacy.client_data_years',
      message: 'Invalid company document field "privacy.client_data_years": too big: expected number to be <=5',
      edit: yearsEdit,
      at: { element: years, says: 'Too big: expected number to be <=5', marked: true },
      then: async () => {
        await waitFor(() => expect(document.activeElement).toBe(years()));
      },
    },
  ],
  conflict: {
    edit: yearsEdit,
    changes: [
      {
        path: 'privacy.client_data_years',
        kind: 'changed',
        before: 7,
        after: 10,
        text: 'Privacy client data years: "7" → "10"',
      },
    ],
    listed: ['Privacy client data years: "7" → "10"'],
  },
};

const THEIR_SETTINGS = {
  ...SETTINGS_DOCUMENT,
  name: 'Scioto Valley Inspections',
  settings: withSetting(SETTING.HIDE_LOGO, 'N'),
};
const settingsRow: Row = {
  name: 'settings',
  Page: SettingsPage,
  path: 'settings',
  heading: 'Settings',
  document: SETTINGS_DOCUMENT,
  save: 'Save changes',
  ready: () => screen.findByRole('switch', { name: 'Allow booking today' }),
  refusals: [
    {
      // A path no single control shows: the message names it.
      field: 'settings.0.value',
      message: 'Invalid company document field "settings.0.value": Too big: expected string to have <=20000 characters',
      edit: {
        make: () => userEvent.click(screen.getByRole('switch', { name: 'Allow booking today' })),
        value: () => checked('switch', 'Allow booking today'),
        typed: 'true',
        loaded: 'false',
      },
      at: null,
    },
  ],
  conflict: {
    edit: {
      make: () => userEvent.click(screen.getByRole('switch', { name: 'Allow booking today' })),
      value: () => checked('switch', 'Allow booking today'),
      typed: 'true',
      loaded: 'false',
    },
    changes: [
      {
        path: 'name',
        kind: 'changed',
        before: SETTINGS_DOCUMENT.name,
        after: THEIR_SETTINGS.name,
        text: 'Company name: "Scioto Valley Home Inspections" → "Scioto Valley Inspections"',
      },
      {
        path: `settings[${SETTING.HIDE_LOGO}].value`,
        kind: 'changed',
        before: 'Y',
        after: 'N',
        text: 'Hide logo: "Y" → "N"',
      },
    ],
    listed: ['Company name: "Scioto Valley Home Inspections" → "Scioto Valley Inspections"', 'Hide logo: "Y" → "N"'],
    theirs: THEIR_SETTINGS,
    // Their version, read on the person's say-so: their switch as they left it.
    reloaded: () => expect(checked('switch', 'Hide the logo')).toBe('false'),
    sent: { base_version: 7, document: { ...SETTINGS_DOCUMENT, settings: withSetting(SETTING.ALLOW_TODAY, 'Y') } },
  },
};

const ROWS: Row[] = [
  settingsRow,
  officesRow,
  inspectorsRow,
  servicesRow,
  feesRow,
  questionsRow,
  peopleRow,
  bookingChangesRow,
  messagesRow,
  paymentsRow,
  embeddingRow,
  privacyRow,
];

// ---- The server and the page ----

/**
 * Who is signed in, the document at version 7 (or `load`'s refusal), and `put`'s answer to a save.
 * A 409 leaves `theirs` as the newest version: a document other than the one loaded (by default
 * its name changed), as the editors start again from a version only when its document differs.
 */
function serve(
  row: Row,
  {
    me = OWNER,
    put,
    load,
    theirs = { ...row.document, name: 'Scioto Valley Inspections' },
  }: { me?: ConsoleMe; put?: Answer; load?: Answer; theirs?: Document },
) {
  const { version, serve } = serveConfigurationOf(row.document, 'name');
  let current = { version: version(7), document: row.document };
  return serve({
    me,
    load,
    current: () => current,
    put: () => {
      if (put?.status === 409) current = { version: (put.body as VersionConflict).current, document: theirs };
      return put;
    },
    routes: (request) => row.other?.answer(request.path, request.method),
  });
}

const open = (row: Row) => renderPage(<row.Page />, { path: `/demo/${row.path}`, pattern: `/:companyKey/${row.path}` });
const saveButton = (row: Row) => screen.getByRole('button', { name: row.save }) as HTMLButtonElement;

async function editAndSave(row: Row, edit: Edit) {
  await row.ready();
  await edit.make();
  await userEvent.click(saveButton(row));
}

describe.each(ROWS)('the $name editor', (row) => {
  it.each(row.refusals)(
    "shows the server's refusal of $field at what it names, and keeps what was typed",
    async (refusal) => {
      const requests = serve(row, {
        put: {
          status: 400,
          body: { error: { code: 'invalid_document', message: refusal.message, field: refusal.field } },
        },
      });
      open(row);
      await editAndSave(row, refusal.edit);

      await screen.findByText(refusal.message);
      // The one error on the page (an editor may show notes as alerts too, like People's visitor note).
      const errors = screen.getAllByRole('alert').filter((alert) => alert.className.includes('MuiAlert-colorError'));
      expect(errors.map((alert) => alert.textContent)).toEqual([refusal.message]);
      if (refusal.at) {
        const at = refusal.at;
        await waitFor(() => expect(accessibleDescription(at.element())).toBe(at.says));
        if (at.marked) expect(at.element().getAttribute('aria-invalid')).toBe('true');
      }
      await refusal.then?.();
      expect(refusal.edit.value()).toBe(refusal.edit.typed);
      expect(saves(requests)).toHaveLength(1);
      expect(loads(requests)).toBe(1);
      expect(saveButton(row).disabled).toBe(false);
    },
  );

  it("shows someone else's save with what they changed, keeps the edit, and loads their version only when asked", async () => {
    const { conflict: expected } = row;
    const conflict: VersionConflict = {
      error: { code: 'version_conflict', message: CONFLICT_MESSAGE, field: 'base_version' },
      current: versionSummary(8, { saved_by: 'Dana Admin' }),
      changes: expected.changes,
      truncated: false,
    };
    const requests = serve(row, {
      put: { status: 409, body: conflict },
      ...(expected.theirs ? { theirs: expected.theirs } : {}),
    });
    open(row);
    await editAndSave(row, expected.edit);

    const notice = (await screen.findByText('Someone else saved a change')).closest('.MuiAlert-root') as HTMLElement;
    expect(notice.textContent).toContain(CONFLICT_MESSAGE);
    expect(
      within(within(notice).getByRole('list', { name: 'What Dana Admin changed' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(expected.listed);
    // Nothing is lost yet: the edit stays, and the page has not read their version.
    expect(expected.edit.value()).toBe(expected.edit.typed);
    expect(saveButton(row).disabled).toBe(false);
    expect(loads(requests)).toBe(1);
    expect(saves(requests)).toHaveLength(1);
    if (expected.sent) expect(saves(requests)[0]).toEqual(expected.sent);

    await userEvent.click(within(notice).getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(loads(requests)).toBe(2));
    await waitFor(() => expect(expected.edit.value()).toBe(expected.edit.loaded));
    expect(screen.queryByText('Someone else saved a change')).toBeNull();
    expect(saveButton(row).disabled).toBe(true);
    expected.reloaded?.();
  });

  it.each(['office', 'inspector'] as const)(
    'tells an %s member it is not theirs, under its heading, and reads nothing',
    async (role) => {
      const requests = serve(row, { me: asRole(role) });
      const { client } = open(row);
      // The page says the same before "who am I" answers: wait for the answer, then read it again.
      await waitFor(() => expect(client.getQueryData(consoleKeys.me)).toBeDefined());
      expect(await screen.findByText("You don't have access to this.")).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(row.heading);
      expect(screen.queryByRole('button', { name: row.save })).toBeNull();
      expect(requests.filter((r) => r.path === CONFIGURATION_PATH || row.other?.forbidden.includes(r.path))).toEqual(
        [],
      );
    },
  );

  it('says so under its heading when the server refuses to read the configuration', async () => {
    serve(row, { load: refusalOf(403, 'forbidden', "Your role doesn't allow this.") });
    open(row);
    expect((await screen.findByRole('alert')).textContent).toBe("You don't have access to this.");
    expect(screen.queryByText(/^Loading/)).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(row.heading);
    expect(screen.queryByRole('button', { name: row.save })).toBeNull();
  });
});
