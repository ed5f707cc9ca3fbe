import { describe, expect, it } from 'vitest';
import { notificationsSchema } from '@scheduler/contracts/company-document';
import {
  applyMessagesForm,
  formFieldOf,
  messagesFormValues,
  notificationsOf,
  TEMPLATE_NAMES,
  type MessagesFormValues,
} from './messages-form.ts';

const document = {
  key: 'demo',
  notifications: {
    office_email: 'office@scioto.example',
    notify_agents: true,
    payment_link: 'https://pay.example/{order_id}?amount={amount}&currency={currency}',
    brand_color: '#1f4e79',
    templates: { client: { subject: 'Booked: {datetime}', body: 'Thank you, {client_name}.' } },
    reminders: [{ hours_before: 24, to: ['client', 'agent'] }],
  },
};

const loaded = messagesFormValues(notificationsOf(document));
const edit = (change: Partial<MessagesFormValues>) => applyMessagesForm(document, { ...loaded, ...change });
const section = (result: ReturnType<typeof edit>) => (result.ok ? result.document.notifications : result.problems);

describe('messagesFormValues', () => {
  it('reads every message, the ones left to the built-in words as empty', () => {
    expect(TEMPLATE_NAMES).toEqual(['client', 'agent', 'office', 'reminder', 'receipt', 'rescheduled', 'cancelled']);
    expect(loaded.templates.client).toEqual({ subject: 'Booked: {datetime}', body: 'Thank you, {client_name}.' });
    expect(loaded.templates.cancelled).toEqual({ subject: '', body: '' });
    expect(loaded.reminders).toEqual([{ hoursBefore: '24', to: ['client', 'agent'] }]);
  });

  it("fills in the schema's defaults where the document has no section", () => {
    expect(messagesFormValues(notificationsOf({ key: 'demo' }))).toMatchObject({
      officeEmail: '',
      notifyAgents: false,
      paymentLink: '',
      brandColor: '#1f4e79',
      reminders: [],
    });
  });
});

describe('applyMessagesForm', () => {
  it('writes back the section it read unchanged, and the schema takes it', () => {
    const result = edit({});
    expect(section(result)).toEqual(document.notifications);
    expect(result.ok && notificationsSchema.safeParse(result.document.notifications).success).toBe(true);
  });

  it('leaves a message with both parts empty to the built-in words, and refuses one part alone', () => {
    expect(section(edit({ templates: { ...loaded.templates, client: { subject: ' ', body: '' } } }))).toMatchObject({
      templates: {},
    });
    expect(section(edit({ templates: { ...loaded.templates, reminder: { subject: 'Soon', body: '' } } }))).toEqual([
      {
        field: 'templates.reminder.body',
        message: 'Write an opening text too, or empty the subject for the built-in words.',
      },
    ]);
    expect(
      section(edit({ templates: { ...loaded.templates, client: { subject: 'x'.repeat(301), body: 'Hi' } } })),
    ).toEqual([{ field: 'templates.client.subject', message: 'At most 300 characters.' }]);
  });

  it('takes a colour as #rrggbb, written in lower case, and refuses anything else', () => {
    expect(section(edit({ brandColor: '#A1B2C3' }))).toMatchObject({ brand_color: '#a1b2c3' });
    for (const text of ['#abc', 'red', '#12345g', ''])
      expect(section(edit({ brandColor: text }))).toEqual([
        { field: 'brandColor', message: 'Enter a colour as # and six hexadecimal digits, like #1f4e79.' },
      ]);
  });

  it('writes an empty payment link as none, and refuses one that is not an http(s) address', () => {
    expect(section(edit({ paymentLink: '' }))).toMatchObject({ payment_link: null });
    expect(section(edit({ paymentLink: 'pay.example/{order_id}' }))).toEqual([
      { field: 'paymentLink', message: 'Enter an address beginning with https://, with no spaces, or leave it empty.' },
    ]);
    expect(section(edit({ officeEmail: 'office at example' }))).toEqual([
      { field: 'officeEmail', message: 'Enter an e-mail address like office@example.com, or leave it empty.' },
    ]);
  });

  it('takes reminders from 1 hour to two weeks, each to someone, recipients in their order', () => {
    const reminders = [
      { hoursBefore: '1', to: ['agent', 'client'] as Array<'client' | 'agent'> },
      { hoursBefore: '336', to: ['client'] as Array<'client' | 'agent'> },
    ];
    expect(section(edit({ reminders }))).toMatchObject({
      reminders: [
        { hours_before: 1, to: ['client', 'agent'] },
        { hours_before: 336, to: ['client'] },
      ],
    });
    expect(section(edit({ reminders: [{ hoursBefore: '0', to: ['client'] }] }))).toEqual([
      { field: 'reminders.0.hoursBefore', message: 'Enter a whole number of hours from 1 to 336.' },
    ]);
    expect(section(edit({ reminders: [{ hoursBefore: '337', to: ['client'] }] }))).toEqual([
      { field: 'reminders.0.hoursBefore', message: 'Enter a whole number of hours from 1 to 336.' },
    ]);
    expect(section(edit({ reminders: [{ hoursBefore: '24', to: [] }] }))).toEqual([
      { field: 'reminders.0.to', message: 'Choose who gets this reminder.' },
    ]);
  });

  it('refuses two reminders at the same hour, at the second, as the schema does', () => {
    const twice = [
      { hoursBefore: '24', to: ['client'] as Array<'client' | 'agent'> },
      { hoursBefore: ' 24', to: ['agent'] as Array<'client' | 'agent'> },
    ];
    expect(section(edit({ reminders: twice }))).toEqual([
      {
        field: 'reminders.1.hoursBefore',
        message:
          'Another reminder goes 24 hours before already: two reminders at the same time would send the same e-mail twice.',
      },
    ]);
    expect(
      notificationsSchema.safeParse({
        reminders: [
          { hours_before: 24, to: ['client'] },
          { hours_before: 24, to: ['agent'] },
        ],
      }).success,
    ).toBe(false);
  });

  it('refuses more reminders than the schema allows', () => {
    const six = [1, 2, 3, 4, 5, 6].map((hours) => ({
      hoursBefore: String(hours),
      to: ['client'] as Array<'client' | 'agent'>,
    }));
    expect(section(edit({ reminders: six }))).toEqual([{ field: 'reminders', message: 'At most 5 reminders.' }]);
  });
});

describe('formFieldOf', () => {
  it.each([
    ['notifications.templates.client.subject', 'templates.client.subject'],
    ['notifications.templates.cancelled.body', 'templates.cancelled.body'],
    ['notifications.templates.client', 'templates.client.subject'],
    ['notifications.brand_color', 'brandColor'],
    ['notifications.payment_link', 'paymentLink'],
    ['notifications.reminders.1.hours_before', 'reminders.1.hoursBefore'],
    ['notifications.reminders.0.to', 'reminders.0.to'],
    ['notifications.reminders', null],
    ['notifications.templates.unknown.subject', null],
    ['booking_changes.cancel_text', null],
    [undefined, null],
  ])('puts %j at %j', (field, expected) => {
    expect(formFieldOf(field)).toBe(expected);
  });
});
