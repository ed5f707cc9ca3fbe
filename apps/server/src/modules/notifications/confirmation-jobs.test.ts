import { describe, expect, it } from 'vitest';
import { notificationsSchema } from '@scheduler/contracts/company-document';
import { confirmationEmailJobs, confirmationSmsJobs, reminderJobs, type ConfirmableOrder } from './confirmation-jobs.ts';

const order = { id: '00000000-0000-4000-8000-0000000000aa', companyId: '00000000-0000-4000-8000-0000000000cc' } as ConfirmableOrder['order'];
const person = (first: string, email: string) => ({ first, last: 'Example', email });
const parties: ConfirmableOrder['parties'] = [
  { role: 'client', person: person('Dana', 'dana@example.com') },
  { role: 'buyers_agent', person: person('Ray', 'ray@realty.example') },
  { role: 'contact', person: person('Rita', 'rita@title.example') },
  { role: 'client', person: person('Noemail', '') },
];
const now = new Date('2026-11-24T15:00:00Z');
const recipientsOf = (notifyAgents: boolean) =>
  confirmationEmailJobs({ order, parties }, notificationsSchema.parse({ notify_agents: notifyAgents }), now).map((job) => `${job.payload.audience}:${job.payload.to}`);

describe('who gets a confirmation e-mail', () => {
  it('each client with an address, each agent when the company says so, and the office; never an extra contact', () => {
    expect(recipientsOf(true)).toEqual(['client:dana@example.com', 'agent:ray@realty.example', 'office:']);
  });

  it('no agent when the company does not notify agents', () => {
    expect(recipientsOf(false)).toEqual(['client:dana@example.com', 'office:']);
  });
});

describe('the reminders planned at confirm', () => {
  const start = new Date('2026-12-01T14:30:00Z');
  const HOUR = 3_600_000;
  const smsParties: ConfirmableOrder['parties'] = [
    { role: 'client', person: { ...person('Dana', 'dana@example.com'), mobile_phone: '(614) 555-0142', send_sms: true } },
    { role: 'client', person: { ...person('Sam', 'sam@example.com'), mobile_phone: '(614) 555-0143', send_sms: false } },
    { role: 'buyers_agent', person: { ...person('Ray', 'ray@realty.example'), mobile_phone: '(614) 555-0144', send_sms: true } },
    { role: 'contact', person: { ...person('Rita', ''), mobile_phone: '555-01', send_sms: true } },
  ];
  const plan = (reminders: unknown[], at: Date) =>
    reminderJobs({ order, parties: smsParties }, notificationsSchema.parse({ reminders }), { start, now: at, country: 'US' }).map(
      (job) => `${job.kind}:${(job.payload.audience as string | undefined) ?? job.payload.message}:${job.payload.to}:${(start.getTime() - job.runAt.getTime()) / HOUR}h`,
    );

  it('go to the clients, to agents only when the company names them, and by text only to a valid number that asked', () => {
    expect(plan([{ hours_before: 24, to: ['client'] }], now)).toEqual([
      'reminder_email:client:dana@example.com:24h',
      'reminder_email:client:sam@example.com:24h',
      'sms:reminder:+16145550142:24h',
    ]);
    expect(plan([{ hours_before: 48, to: ['agent'] }], now)).toEqual(['reminder_email:agent:ray@realty.example:48h']);
  });

  it('are not planned once their moment has come: booked exactly 24 hours ahead, no 24-hour reminder; a millisecond earlier, one', () => {
    const reminder = [{ hours_before: 24, to: ['agent'] }];
    expect(plan(reminder, new Date(start.getTime() - 24 * HOUR))).toEqual([]);
    expect(plan(reminder, new Date(start.getTime() - 24 * HOUR - 1))).toEqual(['reminder_email:agent:ray@realty.example:24h']);
  });

  it('carry the start they were planned for in their key, so a new time plans new ones', () => {
    const jobs = reminderJobs({ order, parties: smsParties }, notificationsSchema.parse({ reminders: [{ hours_before: 24, to: ['client'] }] }), { start, now, country: 'US' });
    expect(new Set(jobs.map((job) => job.dedupeKey)).size).toBe(jobs.length);
    expect(jobs.every((job) => job.dedupeKey.includes(start.toISOString()) && job.payload.start === start.toISOString())).toBe(true);
  });

  it('text the confirmation to each number that asked, once', () => {
    const twice: ConfirmableOrder['parties'] = [...smsParties, { role: 'contact', person: { ...person('Dana again', ''), mobile_phone: '614.555.0142', send_sms: true } }];
    expect(confirmationSmsJobs({ order, parties: twice }, { start, now, country: 'US' }).map((job) => job.payload.to)).toEqual(['+16145550142']);
  });
});

describe('the company document refuses reminders out of bounds', () => {
  it.each([
    [[{ hours_before: 0, to: ['client'] }], false],
    [[{ hours_before: 1, to: ['client'] }], true],
    [[{ hours_before: 336, to: ['client'] }], true],
    [[{ hours_before: 337, to: ['client'] }], false],
    [[{ hours_before: 24, to: [] }], false],
    [[{ hours_before: 24, to: ['office'] }], false],
    [[{ hours_before: 24, to: ['client'] }, { hours_before: 24, to: ['agent'] }], false],
    [Array.from({ length: 5 }, (_, i) => ({ hours_before: i + 1, to: ['client'] })), true],
    [Array.from({ length: 6 }, (_, i) => ({ hours_before: i + 1, to: ['client'] })), false],
  ])('%j accepted: %s', (reminders, accepted) => {
    expect(notificationsSchema.safeParse({ reminders }).success).toBe(accepted);
  });
});
