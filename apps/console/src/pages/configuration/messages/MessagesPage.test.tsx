import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emotionCssOf } from '@scheduler/ui/test-support/emotion-styles';
import { renderPage } from '../../../test-support/render-page.tsx';
import MessagesPage from './MessagesPage.tsx';
import { loads, saves, serveConfigurationOf } from '../../../test-support/configuration-server.ts';
import { DOCUMENT, NOTIFICATIONS } from '../../../test-support/configuration-documents/messages-test-document.ts';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';

type Document = typeof DOCUMENT;

const { serve } = serveConfigurationOf<Document>(DOCUMENT, 'notifications');

const renderMessages = () => renderPage(<MessagesPage />, { path: '/demo/messages', pattern: '/:companyKey/messages' });
const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const preview = (part: 'subject' | 'heading' | 'opening') => screen.getByTestId(`preview-${part}`);

async function retype(element: HTMLElement, text: string) {
  await userEvent.clear(element);
  // One input, as enterText gives (test-support/enter-text.ts), pasted whole: the templates' { are text, not user-event's key names.
  if (text) {
    await userEvent.click(element);
    await userEvent.paste(text);
  }
}

describe('the messages page', () => {
  it('shows the loaded values, each field labelled and described', async () => {
    serve();
    renderMessages();
    const subject = await screen.findByRole('textbox', { name: 'Confirmation to the client: subject' });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Messages');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Who gets them',
      'Paying online',
      'Look',
      'What each message says',
      'Preview',
      'Reminders',
    ]);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(7);
    expect((subject as HTMLInputElement).value).toBe('Booked: {datetime}');
    expect(box('Office copy to').value).toBe('office@scioto.example');
    expect(accessibleDescription(box('Office copy to'))).toBe(
      "The office's copy of every order goes here. Empty: to the e-mail of the order's office.",
    );
    expect((screen.getByRole('switch', { name: 'Agents get the confirmation' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(box('Payment link').value).toBe('https://pay.example/{order_id}?amount={amount}');
    expect(
      within(screen.getByRole('list', { name: 'What the payment link may contain' }))
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      "{order_id}: the order's number",
      '{amount}: the amount to pay, like 425.00',
      '{currency}: the currency, like USD',
    ]);
    expect(box('Brand colour').value).toBe('#1f4e79');
    expect(accessibleDescription(screen.getByLabelText('Pick the brand colour'))).toBe(
      accessibleDescription(box('Brand colour')),
    );
    expect(box('Booking cancelled: subject').value).toBe('');
    expect(accessibleDescription(box('Booking cancelled: subject'))).toBe(
      'Empty, with the opening text empty too: the built-in subject. At most 300 characters.',
    );
    const hours = box('Reminder 1: hours before');
    expect(hours.value).toBe('24');
    expect(hours.getAttribute('inputmode')).toBe('numeric');
    expect((screen.getByRole('checkbox', { name: 'The clients' }) as HTMLInputElement).checked).toBe(true);
  });

  it('previews the message as the client reads it, as it is typed, as text and in the brand colour', async () => {
    serve();
    renderMessages();
    const subject = await screen.findByRole('textbox', { name: 'Confirmation to the client: subject' });
    expect(preview('subject').textContent).toBe('Booked: 12/1/2026 at 9:30AM EST');
    expect(preview('heading').textContent).toBe('Scioto Valley Home Inspections');
    expect(preview('opening').textContent).toBe('Thank you, Jane Doe.');

    await retype(subject, 'See you {datetime} at {address}');
    await retype(box('Confirmation to the client: opening text'), '<b>Hello</b> from {office_name}');
    expect(preview('subject').textContent).toBe('See you 12/1/2026 at 9:30AM EST at 12 Elm Street, Columbus, OH 43215');
    expect(preview('opening').textContent).toBe('<b>Hello</b> from Columbus');
    expect(preview('opening').querySelector('b')).toBeNull();

    await retype(box('Brand colour'), '#aa0000');
    expect(emotionCssOf(preview('heading'))).toMatch(/[{;]color:#aa0000;/);
  });

  it('says the built-in words are used for a message left empty', async () => {
    serve();
    renderMessages();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Message shown' }));
    await userEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Booking cancelled' }),
    );
    expect(screen.getByTestId('message-preview').textContent).toContain(
      'This message uses the built-in subject and opening.',
    );
  });

  it('saves the whole document with the changed message and a new reminder, from the loaded version', async () => {
    const requests = serve();
    renderMessages();
    await retype(await screen.findByRole('textbox', { name: 'Reminder: subject' }), 'Tomorrow: {datetime}');
    await retype(box('Reminder: opening text'), 'See you soon.');
    await userEvent.click(screen.getByRole('button', { name: 'Add a reminder' }));
    await retype(box('Reminder 2: hours before'), '2');
    fireEvent.input(screen.getByLabelText('Pick the brand colour'), { target: { value: '#336699' } });
    await userEvent.click(saveButton());

    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: {
        ...DOCUMENT,
        notifications: {
          ...NOTIFICATIONS,
          brand_color: '#336699',
          templates: {
            ...NOTIFICATIONS.templates,
            reminder: { subject: 'Tomorrow: {datetime}', body: 'See you soon.' },
          },
          reminders: [...NOTIFICATIONS.reminders, { hours_before: 2, to: ['client'] }],
        },
      },
    });
    expect(await screen.findByText('Saved as version 8. The next e-mails use it.')).toBeTruthy();
    await waitFor(() => expect(loads(requests)).toBe(2));
  });

  it('refuses two reminders at the same hour at the second one, and sends nothing', async () => {
    const requests = serve();
    renderMessages();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a reminder' }));
    const second = box('Reminder 2: hours before');
    await retype(second, '24');
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(accessibleDescription(second)).toBe(
        'Another reminder goes 24 hours before already: two reminders at the same time would send the same e-mail twice.',
      ),
    );
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(saves(requests)).toEqual([]);
  });
});
