import { issue20Pricing } from '@scheduler/domain/pricing/display-fixtures';
import type { MessageFacts } from './mail-content.ts';

/**
 * An order as the messages read it, for tests of the e-mails (content, HTML, the browser's look):
 * two clients' worth of people, a package with a service, a coupon and a tax (issue 20's cart),
 * unpaid with a pay link, and what to prepare. Not imported by product code.
 */
// 9:30 to 12:00 in Columbus (EST, UTC-5) on Tuesday 1 December 2026.
export const messageFacts: MessageFacts = {
  orderId: '4f1c2d3e-0000-4000-8000-000000000001',
  companyName: 'Scioto Valley Home Inspections',
  companyKey: 'demo',
  officeId: '11111111-0000-4000-8000-000000000001',
  office: {
    name: 'Scioto Valley Home Inspections',
    phone: '(614) 555-0142',
    email: 'office@example.com',
    timeZone: 'America/New_York',
  },
  start: new Date('2026-12-01T14:30:00Z'),
  end: new Date('2026-12-01T17:00:00Z'),
  durationMinutes: 150,
  confirmedAt: new Date('2026-11-23T04:05:06Z'),
  inspectors: ['Dana Whitfield'],
  showInspectorNames: true,
  agentSeesPrices: false,
  address: { address1: '120 Oak St', address2: 'Unit 4', city: 'Columbus', state: 'OH', postalCode: '43215' },
  services: ["Buyer's Essentials", 'Radon Testing'],
  totalCents: 60953,
  pricing: issue20Pricing(),
  currency: 'USD',
  clientNames: ['Avery Stone'],
  people: [
    {
      role: 'client',
      name: 'Avery Stone',
      email: 'avery@example.com',
      phones: [{ label: 'Mobile', number: '(614) 555-0199' }],
      company: '',
      textMessageNumber: '+16145550199',
    },
    {
      role: 'buyers_agent',
      name: 'Ray Realtor',
      email: 'ray@realty.example',
      phones: [{ label: 'Work', number: '614-555-0111' }],
      company: 'Realty One',
      textMessageNumber: null,
    },
    { role: 'contact', name: 'Tia Title', email: '', phones: [], company: 'Title Co', textMessageNumber: null },
  ],
  property: {
    sqft: 2400,
    yearBuilt: 1978,
    foundation: 'Basement',
    salesPrice: '$350,000',
    answers: [{ question: 'Is the home occupied?', answer: 'Yes' }],
  },
  specialNote: 'Gate code 1234',
  paid: false,
  payUrl: 'https://pay.example.com/o/4f1c?amount=609.53&currency=USD',
  balanceDueCents: null,
  prepare: ['Utilities must be on.', 'Radon: keep windows closed 12 hours before.'],
  emailLogo: true,
  status: 'confirmed',
  cancelled: null,
};
