import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderAgreement, OrderAgreements } from '@scheduler/contracts/agreements';
import type { ConsoleMe } from '@scheduler/contracts/console';
import { OFFICE_ME, ORDER_ID } from '../../../test-support/fixtures.ts';
import { DETAIL, PENDING_AGREEMENT } from '../../../test-support/order-detail.ts';
import { refusal, renderPage, stubServer } from '../../../test-support/render-page.tsx';
import type { Answer, RecordedRequest } from '../../../test-support/render-page.tsx';
import { consoleKeys } from '../../../shared/queries.ts';
import { AgreementsSection } from './AgreementsSection.tsx';

/** The order page's agreements (issue 43): where each signing stands, a link sent again, the sealed PDF. */

const BASE = `/api/console/companies/demo/orders/${ORDER_ID}/agreements`;
const PENDING = PENDING_AGREEMENT;
const PENDING_ID = PENDING.id;
const SIGNED_ID = '7a1b2c3d-0000-4000-8000-000000000002';
const JOHN = PENDING.signers[1]!.id;
const PDF_SHA = '3b'.repeat(32);

const SIGNED: OrderAgreement = {
  ...PENDING,
  id: SIGNED_ID,
  title: 'Radon test consent',
  version: 1,
  status: 'signed',
  signers_required: 'one',
  signed_at: '2026-11-21T14:00:00.000Z',
  pdf_sha256: PDF_SHA,
  signers: [
    {
      id: '7a1b2c3d-1111-4000-8000-000000000003',
      name: 'Jane Doe',
      email: 'jane@example.com',
      sent_at: '2026-11-20T15:00:05.000Z',
      opened_at: '2026-11-21T13:58:00.000Z',
      signed_at: '2026-11-21T14:00:00.000Z',
    },
    {
      id: '7a1b2c3d-1111-4000-8000-000000000004',
      name: 'John Doe',
      email: 'john@example.com',
      sent_at: '2026-11-20T15:00:05.000Z',
      opened_at: null,
      signed_at: null,
    },
  ],
};
const VOIDED: OrderAgreement = {
  ...PENDING,
  id: '7a1b2c3d-0000-4000-8000-000000000003',
  title: 'Old agreement',
  version: 2,
  status: 'voided',
  voided_at: '2026-11-20T14:00:00.000Z',
};
const INSPECTOR_ME: ConsoleMe = {
  ...OFFICE_ME,
  memberships: [{ ...OFFICE_ME.memberships[0]!, role: 'inspector', inspector_id: 101, sees_all_orders: true }],
};

function serve({
  me = OFFICE_ME,
  lists = [{ agreements: [PENDING, SIGNED, VOIDED] }],
  resend,
}: {
  me?: ConsoleMe;
  /** Each read of the list answers the next of these (the last one again). */
  lists?: OrderAgreements[];
  resend?: (request: RecordedRequest) => Answer;
} = {}) {
  let reads = 0;
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: me };
    if (request.method === 'GET' && request.path === BASE)
      return { status: 200, body: lists[Math.min(reads++, lists.length - 1)] };
    if (request.method === 'POST' && request.path.startsWith(`${BASE}/`) && request.path.endsWith('/resend'))
      return resend?.(request) ?? { status: 204, body: null };
    return undefined;
  });
}

const show = () =>
  renderPage(<AgreementsSection detail={DETAIL} companyKey="demo" />, {
    path: `/demo/orders/${ORDER_ID}`,
    pattern: '/:companyKey/orders/:orderId',
  });
const agreement = (title: string) => within(screen.getByRole('article', { name: title }));
const signerLines = (title: string) =>
  within(screen.getByRole('list', { name: `Signers of ${title}` }))
    .getAllByRole('listitem')
    .map((item) => [...item.querySelectorAll('p')].map((line) => line.textContent));
const reads = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'GET' && r.path === BASE);

describe("the order's agreements", () => {
  it('shows each agreement: version, status, who must sign, and each signer on the office clock', async () => {
    serve();
    show();
    const pending = await screen.findByRole('article', { name: 'Pre-inspection agreement' });
    expect(within(pending).getByRole('heading', { level: 3 }).textContent).toBe('Pre-inspection agreement · version 3');
    expect(within(pending).getByText('Waiting for signatures')).toBeTruthy();
    expect(
      within(pending).getByText('All the signers must sign · sent Friday, November 20th 2026 at 10:00 AM EST'),
    ).toBeTruthy();
    expect(signerLines('Pre-inspection agreement')).toEqual([
      [
        'Jane Doe · jane@example.com',
        'Sent Friday, November 20th 2026 at 10:00 AM EST',
        'Opened Friday, November 20th 2026 at 11:10 AM EST',
        'Signed Friday, November 20th 2026 at 11:12 AM EST',
      ],
      ['John Doe · john@example.com', 'Waiting to send', 'Not opened yet', 'Not signed'],
    ]);
    expect(within(pending).queryByRole('link', { name: /Download PDF/ })).toBeNull();

    const signed = agreement('Radon test consent');
    expect(signed.getByText('Signed', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(signed.getByText(/^One of the signers must sign/)).toBeTruthy();
    expect(signed.getByText('Complete on Saturday, November 21st 2026 at 9:00 AM EST')).toBeTruthy();
    const pdf = signed.getByRole('link', { name: 'Download PDF: Radon test consent' });
    expect(pdf.getAttribute('href')).toBe(`${BASE}/${SIGNED_ID}/pdf`);
    expect(pdf.textContent).toBe('Download PDF');
    expect(signed.getByText(`SHA-256 ${PDF_SHA}`)).toBeTruthy();

    const voided = agreement('Old agreement');
    expect(voided.getByText('Voided', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(voided.getByText('Voided on Friday, November 20th 2026 at 9:00 AM EST')).toBeTruthy();
    expect(voided.queryByRole('link')).toBeNull();
  });

  it('offers Resend for each unsigned signer of an agreement still waiting, to who may change orders', async () => {
    serve();
    show();
    await screen.findByRole('article', { name: 'Pre-inspection agreement' });
    await waitFor(() =>
      expect(
        screen.getAllByRole('button', { name: /^Resend/ }).map((button) => button.getAttribute('aria-label')),
      ).toEqual(['Resend the signing link to John Doe (john@example.com)']),
    );
    // Signed: John need not sign; voided: nothing is to be signed.
    expect(agreement('Radon test consent').queryByRole('button')).toBeNull();
    expect(agreement('Old agreement').queryByRole('button')).toBeNull();
  });

  it('offers no Resend to an inspector, who may read the order but not change it', async () => {
    serve({ me: INSPECTOR_ME });
    const { client } = show();
    await screen.findByRole('article', { name: 'Pre-inspection agreement' });
    // Who is signed in is known: the page has decided what to offer.
    await waitFor(() => expect(client.getQueryData(consoleKeys.me)).toEqual(INSPECTOR_ME));
    expect(screen.getAllByText('Not signed')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull();
  });

  it('sends the link again, says to whom, and reads the list again for the new time', async () => {
    const resent = {
      agreements: [
        { ...PENDING, signers: [PENDING.signers[0]!, { ...PENDING.signers[1]!, sent_at: '2026-11-22T15:30:00.000Z' }] },
      ],
    };
    const requests = serve({ lists: [{ agreements: [PENDING] }, resent] });
    show();
    await userEvent.click(await screen.findByRole('button', { name: /^Resend the signing link to John Doe/ }));
    expect((await screen.findByText('The signing link goes to john@example.com again.')).getAttribute('role')).toBe(
      'status',
    );
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `${BASE}/${PENDING_ID}/signers/${JOHN}/resend`,
    ]);
    expect(await screen.findByText('Sent Sunday, November 22nd 2026 at 10:30 AM EST')).toBeTruthy();
    expect(reads(requests)).toHaveLength(2);
  });

  it("says why a link was not sent again, in the server's words", async () => {
    serve({
      lists: [{ agreements: [PENDING] }],
      resend: () => refusal(409, 'not_resendable', 'This agreement was voided: there is nothing to sign.'),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: /^Resend the signing link to John Doe/ }));
    expect(
      await screen.findByText('Not sent again: This agreement was voided: there is nothing to sign.'),
    ).toBeTruthy();
  });

  it('reads the agreements again when the live stream says an order changed (a client signed)', async () => {
    const signedNow = {
      agreements: [
        {
          ...PENDING,
          signers: [PENDING.signers[0]!, { ...PENDING.signers[1]!, signed_at: '2026-11-22T15:30:00.000Z' }],
        },
      ],
    };
    const requests = serve({ lists: [{ agreements: [PENDING] }, signedNow] });
    const { client } = show();
    expect(await screen.findByText('Not signed')).toBeTruthy();
    // What app/use-schedule-events.ts invalidates on an order's event.
    await client.invalidateQueries({ queryKey: [...consoleKeys.company('demo'), 'order'] });
    expect(await screen.findByText('Signed Sunday, November 22nd 2026 at 10:30 AM EST')).toBeTruthy();
    expect(reads(requests)).toHaveLength(2);
  });

  it('shows nothing for an order sent no agreement', async () => {
    const requests = serve({ lists: [{ agreements: [] }] });
    show();
    await waitFor(() => expect(reads(requests)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region', { name: 'Agreements' })).toBeNull();
  });

  it('says when the agreements could not be read, with a way to try again', async () => {
    stubServer((request) =>
      request.path === '/api/console/me' ? { status: 200, body: OFFICE_ME } : refusal(403, 'forbidden', 'x'),
    );
    show();
    const section = await screen.findByRole('region', { name: 'Agreements' });
    expect(await within(section).findByText("You don't have access to this.")).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
