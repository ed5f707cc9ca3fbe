import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import type { VersionConflict, VersionSummary } from '@scheduler/contracts/configuration';
import { consoleKeys } from '../../../shared/queries.ts';
import { renderPage, type Answer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import MessagesPage from './MessagesPage.tsx';
import { OWNER, asRole, loads, saves, serveConfiguration, versionSummary } from '../../../test-support/configuration-server.ts';

configure({ asyncUtilTimeout: 5000 });


const version = (number: number, rest: Partial<VersionSummary> = {}) => versionSummary(number, { changed_paths: ['notifications'], ...rest });

const NOTIFICATIONS = {
  office_email: 'office@scioto.example',
  notify_agents: false,
  payment_link: 'https://pay.example/{order_id}?amount={amount}',
  brand_color: '#1f4e79',
  templates: { client: { subject: 'Booked: {datetime}', body: 'Thank you, {client_name}.' } },
  reminders: [{ hours_before: 24, to: ['client'] }],
};

const DOCUMENT = {
  key: 'demo',
  name: 'Scioto Valley Home Inspections',
  offices: [{ uuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10', name: 'Columbus', phone: '6145550142', email: 'columbus@scioto.example' }],
  booking_changes: { reschedule_until_hours: 24 },
  notifications: NOTIFICATIONS,
};
type Document = typeof DOCUMENT;


/** The server: "who am I", the configuration (as `current()` says at each call), and the answer to a save. */
function serve({ me = OWNER, current = () => ({ version: version(7), document: DOCUMENT as Document }), put }: { me?: ConsoleMe; current?: () => { version: VersionSummary; document: Document }; put?: (request: RecordedRequest) => Answer }) {
  return serveConfiguration({ me, current, put });
}

const renderMessages = () => renderPage(<MessagesPage />, { path: '/demo/messages', pattern: '/:companyKey/messages' });
const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const preview = (part: 'subject' | 'heading' | 'opening') => screen.getByTestId(`preview-${part}`);

function description(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
}

async function retype(element: HTMLElement, text: string) {
  await userEvent.clear(element);
  // user-event reads { and [ as keys: type them as themselves.
  if (text) await userEvent.type(element, text.replace(/[{[]/g, (c) => c + c));
}

describe('the messages page', () => {
  it('shows the loaded values, each field labelled and described', async () => {
    serve({});
    renderMessages();
    const subject = await screen.findByRole('textbox', { name: 'Confirmation to the client: subject' });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Messages');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Who gets them', 'Paying online', 'Look', 'What each message says', 'Preview', 'Reminders']);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(7);
    expect((subject as HTMLInputElement).value).toBe('Booked: {datetime}');
    expect(box('Office copy to').value).toBe('office@scioto.example');
    expect(description(box('Office copy to'))).toBe("The office's copy of every order goes here. Empty: to the e-mail of the order's office.");
    expect((screen.getByRole('switch', { name: 'Agents get the confirmation' }) as HTMLInputElement).checked).toBe(false);
    expect(box('Payment link').value).toBe('https://pay.example/{order_id}?amount={amount}');
    expect(within(screen.getByRole('list', { name: 'What the payment link may contain' })).getAllByRole('listitem').map((i) => i.textContent)).toEqual([
      "{order_id}: the order's number",
      '{amount}: the amount to pay, like 425.00',
      '{currency}: the currency, like USD',
    ]);
    expect(box('Brand colour').value).toBe('#1f4e79');
    expect(description(screen.getByLabelText('Pick the brand colour'))).toBe(description(box('Brand colour')));
    expect(box('Booking cancelled: subject').value).toBe('');
    expect(description(box('Booking cancelled: subject'))).toBe('Empty, with the opening text empty too: the built-in subject. At most 300 characters.');
    const hours = box('Reminder 1: hours before');
    expect(hours.value).toBe('24');
    expect(hours.getAttribute('inputmode')).toBe('numeric');
    expect((screen.getByRole('checkbox', { name: 'The clients' }) as HTMLInputElement).checked).toBe(true);
  });

  it('previews the message as the client reads it, as it is typed, as text and in the brand colour', async () => {
    serve({});
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
    expect(getComputedStyle(preview('heading')).color).toMatch(/^(#aa0000|rgb\(170, 0, 0\))$/);
  });

  it('says the built-in words are used for a message left empty', async () => {
    serve({});
    renderMessages();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Message shown' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Booking cancelled' }));
    expect(screen.getByTestId('message-preview').textContent).toContain('This message uses the built-in subject and opening.');
  });

  it('saves the whole document with the changed message and a new reminder, from the loaded version', async () => {
    let current = { version: version(7), document: DOCUMENT };
    const requests = serve({
      current: () => current,
      put: (request) => {
        current = { version: version(8), document: (request.body as { document: Document }).document };
        return { status: 200, body: { version: current.version } };
      },
    });
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
          templates: { ...NOTIFICATIONS.templates, reminder: { subject: 'Tomorrow: {datetime}', body: 'See you soon.' } },
          reminders: [...NOTIFICATIONS.reminders, { hours_before: 2, to: ['client'] }],
        },
      },
    });
    expect(await screen.findByText('Saved as version 8. The next e-mails use it.')).toBeTruthy();
    await waitFor(() => expect(loads(requests)).toBe(2));
  });

  it('refuses two reminders at the same hour at the second one, and sends nothing', async () => {
    const requests = serve({});
    renderMessages();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a reminder' }));
    const second = box('Reminder 2: hours before');
    await retype(second, '24');
    await userEvent.click(saveButton());
    await waitFor(() => expect(description(second)).toBe('Another reminder goes 24 hours before already: two reminders at the same time would send the same e-mail twice.'));
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(saves(requests)).toEqual([]);
  });

  it("shows the server's refusal at the subject it names, and keeps the edit", async () => {
    const message = 'Invalid company document field "notifications.templates.client.subject": Too big: expected string to have <=300 characters';
    const requests = serve({ put: () => ({ status: 400, body: { error: { code: 'invalid_document', message, field: 'notifications.templates.client.subject' } } }) });
    renderMessages();
    const subject = await screen.findByRole('textbox', { name: 'Confirmation to the client: subject' });
    await retype(subject, 'Booked!');
    await userEvent.click(saveButton());

    await waitFor(() => expect(description(subject)).toBe('Too big: expected string to have <=300 characters'));
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect((subject as HTMLInputElement).value).toBe('Booked!');
    expect(saves(requests)).toHaveLength(1);
  });

  it("shows someone else's save with what they changed, and keeps the edits", async () => {
    const conflict: VersionConflict = {
      error: { code: 'version_conflict', message: 'Dana Admin saved version 8 after the version 7 you started from. Review their changes, then make yours again on the new version.', field: 'base_version' },
      current: version(8, { saved_by: 'Dana Admin' }),
      changes: [{ path: 'notifications.brand_color', kind: 'changed', before: '#1f4e79', after: '#000000' }],
      truncated: false,
    };
    const requests = serve({ put: () => ({ status: 409, body: conflict }) });
    renderMessages();
    const email = await screen.findByRole('textbox', { name: 'Office copy to' });
    await retype(email, 'desk@scioto.example');
    await userEvent.click(saveButton());

    const alert = (await screen.findByText('Someone else saved a change')).closest('.MuiAlert-root') as HTMLElement;
    expect(within(within(alert).getByRole('list', { name: 'What Dana Admin changed' })).getAllByRole('listitem').map((i) => i.textContent)).toEqual(['notifications.brand_color changed: "#1f4e79" → "#000000"']);
    expect((email as HTMLInputElement).value).toBe('desk@scioto.example');
    expect(saveButton().disabled).toBe(false);
    expect(loads(requests)).toBe(1);
  });

  it.each(['office', 'inspector'] as const)('tells an %s member it is not theirs, and reads no configuration', async (role) => {
    const requests = serve({ me: asRole(role) });
    const { client } = renderMessages();
    await waitFor(() => expect(client.getQueryData(consoleKeys.me)).toBeDefined());
    expect(await screen.findByText("You don't have access to this.")).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Messages');
    expect(loads(requests)).toBe(0);
  });
});
