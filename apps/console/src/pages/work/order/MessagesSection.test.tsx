import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleOrderDetail } from '@scheduler/contracts/console';
import { DETAIL } from '../../../test-support/order-detail.ts';
import { refusal, renderPage, stubServer } from '../../../test-support/render-page.tsx';
import { bodyRows } from '../../../test-support/table-rows.ts';
import { MessagesSection } from './MessagesSection.tsx';

/** The order page's messages: what each says, and sending one again (issue 41). */

const message = (rest: Partial<ConsoleOrderDetail['messages'][number]>) => ({ ...DETAIL.messages[0]!, ...rest });
const region = (name: string) => within(screen.getByRole('region', { name }));
const show = (detail: ConsoleOrderDetail) =>
  renderPage(<MessagesSection detail={detail} companyKey="demo" />, {
    path: '/demo/orders/x',
    pattern: '/:companyKey/orders/x',
  });
const cellsOf = () => bodyRows(screen.getByRole('table', { name: 'Messages' }));

describe('the messages', () => {
  it('says each message: when, how, to whom, which, and its state (with the attempts past one, and who sent it again)', () => {
    stubServer(() => undefined);
    show({
      ...DETAIL,
      can_change: false,
      messages: [
        message({ id: 1, at: '2026-11-20T15:00:05.000Z', run_at: '2026-11-20T15:00:00.000Z' }),
        message({
          id: 2,
          channel: 'sms',
          kind: 'reminder',
          state: 'queued',
          to: '+16145550100',
          at: '2026-11-20T15:00:05.000Z',
          run_at: '2026-11-30T14:30:00.000Z',
          attempts: 3,
          resendable: false,
        }),
        message({
          id: 3,
          audience: 'agent',
          to: 'sam@realty.example',
          state: 'skipped',
          attempts: 1,
          resent_by: 'Frank Ortiz',
        }),
        message({ id: 4, audience: 'office', to: 'office@example.com' }),
      ],
    });
    expect(cellsOf()).toEqual([
      ['Friday, November 20th 2026 at 10:00 AM EST', 'E-mail', 'client: jane@example.com', 'confirmation', 'Sent'],
      // Not sent yet: when it is to go.
      [
        'Monday, November 30th 2026 at 9:30 AM EST',
        'Text (SMS)',
        'client: +16145550100',
        'reminder',
        'Waiting to send (3 attempts)',
      ],
      [
        'Friday, November 20th 2026 at 10:00 AM EST',
        'E-mail',
        'agent: sam@realty.example',
        'confirmation',
        'Not needed · sent again by Frank Ortiz',
      ],
      ['Friday, November 20th 2026 at 10:00 AM EST', 'E-mail', 'office', 'confirmation', 'Sent'],
    ]);
    // Who may not change orders is offered no resend.
    expect(screen.queryByRole('button', { name: /again/ })).toBeNull();
    // A wide table scrolls sideways in a region of its own, reachable by keyboard.
    expect(screen.getByRole('region', { name: 'Messages, scrolls sideways' }).getAttribute('tabindex')).toBe('0');
  });

  it('says when there are none', () => {
    stubServer(() => undefined);
    show({ ...DETAIL, messages: [] });
    expect(region('Messages').getByText('No messages about this order.')).toBeTruthy();
  });

  it('sends a message again where it may go, and says where it goes, or why not', async () => {
    const requests = stubServer((request) =>
      request.path.endsWith('/messages/41/resend')
        ? { status: 200, body: { to: 'jane@example.com' } }
        : request.path.endsWith('/messages/42/resend')
          ? refusal(409, 'resend_queued', 'This message is being sent again already.')
          : undefined,
    );
    show({
      ...DETAIL,
      messages: [message({}), message({ id: 42, kind: 'receipt' }), message({ id: 43, resendable: false })],
    });
    const buttons = screen.getAllByRole('button', { name: /again$/ });
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Send the confirmation to jane@example.com again',
      'Send the receipt to jane@example.com again',
    ]);
    const user = userEvent.setup();
    await user.click(buttons[0]!);
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
        'The confirmation goes to jane@example.com again.',
      ),
    );
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/api/console/companies/demo/orders/${DETAIL.order.id}/messages/41/resend`,
    ]);
    await user.click(screen.getByRole('button', { name: 'Send the receipt to jane@example.com again' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
        'Not sent again: This message is being sent again already.',
      ),
    );
  });

  it("says a bounced e-mail in words with the server's reason, and offers it again to the corrected address", async () => {
    const requests = stubServer((request) =>
      request.path.endsWith('/messages/51/resend') ? { status: 200, body: { to: 'jane.doe@example.com' } } : undefined,
    );
    const reason = '550 5.1.1 <jane@exampel.com>: Recipient address rejected: User unknown';
    show({
      ...DETAIL,
      messages: [
        message({
          id: 51,
          to: 'jane@exampel.com',
          state: 'bounced',
          bounce_reason: reason,
          resend_to: 'jane.doe@example.com',
        }),
        message({ id: 52, state: 'bounced', bounce_reason: '', resendable: false, resend_to: null }),
      ],
    });
    const rows = cellsOf();
    expect(rows.map((cells) => cells[4])).toEqual([`Bounced: ${reason}`, 'Bounced']);
    // The words carry the state (the colour only underlines it).
    expect(screen.getByText(`Bounced: ${reason}`).tagName).toBe('SPAN');
    // "Send again" goes where the order now says, and says so.
    const again = screen.getByRole('button', { name: 'Send the confirmation to jane.doe@example.com again' });
    expect(screen.getAllByRole('button', { name: /again$/ })).toHaveLength(1);
    await userEvent.setup().click(again);
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
        'The confirmation goes to jane.doe@example.com again.',
      ),
    );
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/api/console/companies/demo/orders/${DETAIL.order.id}/messages/51/resend`,
    ]);
  });
});
