import type { OrderAgreement } from '@scheduler/contracts/agreements';
import type { LedgerEntryView } from '@scheduler/contracts/ledger';
import type { ConsoleOrderDetail } from '@scheduler/contracts/console';
import type { ManageOrderView } from '@scheduler/contracts/manage';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { ORDER } from './fixtures.ts';
import { renderPage, stubServer, type Answer, type RecordedRequest } from './render-page.tsx';

/**
 * The order page's answers: the order of the fixtures as its view shows it (a late-cancellation
 * fee, a reschedule the client may no longer make), and two free times a week later.
 */

export const VIEW: ManageOrderView = {
  company_name: 'Scioto Valley Home Inspections',
  office: {
    office_name: 'Columbus',
    office_phone: '6145550142',
    office_email: 'schedule@example.com',
    time_zone: 'America/New_York',
  },
  order: {
    reference: 'SV-1042',
    state: 'booked',
    start: '2026-12-01T14:30:00.000Z',
    end: '2026-12-01T17:00:00.000Z',
    when: { date: 'Tuesday, December 1st 2026', time: '9:30 AM – 12:00 PM EST' },
    duration_minutes: 150,
    address: '12 Elm Street\nColumbus, OH 43215',
    inspectors: ['Sarah Chen'],
    price: {
      lines: [
        { label: 'Full Home Inspection', amount: '$450.00' },
        { label: 'Bundle Savings', amount: '- $40.00' },
        { label: 'Radon Test', amount: '$150.00' },
        { label: 'Ohio Sales (tax)', amount: '$12.50' },
      ],
      total: '$572.50',
      note: null,
    },
    people: [{ role: 'Client', name: 'Jane Doe' }],
    paid: false,
    balance_due: null,
    cancelled: null,
  },
  reschedule: {
    allowed: false,
    reason: 'Changes within 24 hours of the inspection: please call (614) 555-0142',
    deadline: '2026-11-30T14:30:00.000Z',
    text: '',
    remaining: 2,
    fee_cents: 0,
    fee: null,
    charge: null,
  },
  cancel: {
    allowed: true,
    reason: null,
    deadline: '2026-11-29T14:30:00.000Z',
    text: '',
    fee_cents: 7500,
    fee: '$75.00',
    late_fee: null,
    refund: null,
    charge: null,
  },
  history: [],
  agreements: [],
  receipts: [],
};

export const DETAIL: ConsoleOrderDetail = {
  order: ORDER,
  view: VIEW,
  messages: [
    {
      id: 41,
      at: '2026-11-20T15:00:05.000Z',
      channel: 'email',
      audience: 'client',
      kind: 'confirmation',
      state: 'sent',
      run_at: '2026-11-20T15:00:00.000Z',
      attempts: 1,
      to: 'jane@example.com',
      resent_by: null,
      bounce_reason: null,
      resendable: true,
      resend_to: 'jane@example.com',
    },
  ],
  can_change: true,
  booked_by: 'online',
  payments_to_refund: [],
  agreement_unsigned: false,
};

/** Tuesday, December 8th 2026, 9:00 AM EST. */
export const NINE: AppointmentSlot = {
  id: 'slot-9',
  date: '2026-12-08',
  start: '9:00 AM',
  start_datetime: '2026-12-08 09:00:00',
  end_datetime: '2026-12-08 11:30:00',
  timestamp: Date.parse('2026-12-08T14:00:00Z') / 1000,
  users: [101],
};
export const ONE: AppointmentSlot = {
  ...NINE,
  id: 'slot-13',
  start: '1:00 PM',
  start_datetime: '2026-12-08 13:00:00',
  end_datetime: '2026-12-08 15:30:00',
  timestamp: Date.parse('2026-12-08T18:00:00Z') / 1000,
};

/** The view once moved to NINE. */
export const MOVED: ManageOrderView = {
  ...VIEW,
  order: { ...VIEW.order, when: { date: 'Tuesday, December 8th 2026', time: '9:00 AM – 11:30 AM EST' } },
};

/** The console API's path of the fixtures' order. */
export const ORDER_PATH = `/api/console/companies/demo/orders/${ORDER.id}`;

/**
 * An order's dialog (`dialog`, named `name`) open on the order page's route, the server answering
 * each POST to the order's `action` with `answer` (called with the request and how many came
 * before it; 404 without an answer) and any other request with `otherwise` (404 without one).
 * Returns the requests made, the mocks given to the dialog, and the dialog once it is shown.
 */
export async function openOrderDialog({
  action,
  name,
  dialog,
  answer,
  otherwise,
}: {
  action: 'cancel' | 'reschedule';
  name: string;
  dialog: (callbacks: { onClose: () => void; onDone: () => void }) => ReactElement;
  answer?: (request: RecordedRequest, index: number) => Answer;
  otherwise?: (request: RecordedRequest) => Answer | undefined;
}) {
  let sent = 0;
  const requests = stubServer((request) =>
    request.method === 'POST' && request.path === `${ORDER_PATH}/${action}`
      ? answer?.(request, sent++)
      : otherwise?.(request),
  );
  const onClose = vi.fn();
  const onDone = vi.fn();
  renderPage(dialog({ onClose, onDone }), { path: '/demo', pattern: '/:companyKey' });
  return { requests, onClose, onDone, dialog: await screen.findByRole('dialog', { name }) };
}

/** An online payment of $425.00 through Stripe, all of it left to refund (decision 0067). */
export const ONLINE_PAYMENT: LedgerEntryView = {
  id: '6f0c1d2e-0000-4000-8000-000000000001',
  kind: 'payment',
  method: 'online',
  amount_cents: 42_500,
  currency: 'USD',
  reference: 'pi_test_000001',
  note: null,
  received_on: '2026-12-01',
  recorded_by: null,
  recorded_at: '2026-12-01T15:00:00.000Z',
  voided: null,
  refundable_cents: 42_500,
  refund_of: null,
};

/**
 * The order's agreement waiting for its signatures (issue 43): every client must sign; Jane has
 * opened and signed it, John's link waits to be sent.
 */
export const PENDING_AGREEMENT: OrderAgreement = {
  id: '7a1b2c3d-0000-4000-8000-000000000001',
  title: 'Pre-inspection agreement',
  version: 3,
  status: 'pending',
  signers_required: 'all',
  created_at: '2026-11-20T15:00:00.000Z',
  signed_at: null,
  voided_at: null,
  pdf_sha256: null,
  signers: [
    {
      id: '7a1b2c3d-1111-4000-8000-000000000001',
      name: 'Jane Doe',
      email: 'jane@example.com',
      sent_at: '2026-11-20T15:00:05.000Z',
      opened_at: '2026-11-20T16:10:00.000Z',
      signed_at: '2026-11-20T16:12:00.000Z',
    },
    {
      id: '7a1b2c3d-1111-4000-8000-000000000002',
      name: 'John Doe',
      email: 'john@example.com',
      sent_at: null,
      opened_at: null,
      signed_at: null,
    },
  ],
};
