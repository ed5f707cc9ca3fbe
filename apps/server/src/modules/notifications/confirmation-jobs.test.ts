import { describe, expect, it } from 'vitest';
import { notificationsSchema } from '@scheduler/contracts/company-document';
import {
  CHANGE_EMAIL_JOB,
  changeJobs,
  confirmationEmailJobs,
  confirmationJobs,
  confirmationSmsJobs,
  reminderJobs,
  SMS_JOB,
  smsRecipients,
  type BookingChange,
  type ConfirmableOrder,
  type QueuedJob,
} from './confirmation-jobs.ts';

const order = {
  id: '00000000-0000-4000-8000-0000000000aa',
  companyId: '00000000-0000-4000-8000-0000000000cc',
} as ConfirmableOrder['order'];
const person = (first: string, email: string) => ({ first, last: 'Example', email });
const parties: ConfirmableOrder['parties'] = [
  { role: 'client', person: person('Dana', 'dana@example.com') },
  { role: 'buyers_agent', person: person('Ray', 'ray@realty.example') },
  { role: 'contact', person: person('Rita', 'rita@title.example') },
  { role: 'client', person: person('Noemail', '') },
];
const now = new Date('2026-11-24T15:00:00Z');
const recipientsOf = (notifyAgents: boolean) =>
  confirmationEmailJobs({ order, parties }, notificationsSchema.parse({ notify_agents: notifyAgents }), now).map(
    (job) => `${job.payload.audience}:${job.payload.to}`,
  );

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
    {
      role: 'client',
      person: { ...person('Dana', 'dana@example.com'), mobile_phone: '(614) 555-0142', send_sms: true },
    },
    {
      role: 'client',
      person: { ...person('Sam', 'sam@example.com'), mobile_phone: '(614) 555-0143', send_sms: false },
    },
    {
      role: 'buyers_agent',
      person: { ...person('Ray', 'ray@realty.example'), mobile_phone: '(614) 555-0144', send_sms: true },
    },
    { role: 'contact', person: { ...person('Rita', ''), mobile_phone: '555-01', send_sms: true } },
  ];
  const plan = (reminders: unknown[], at: Date) =>
    reminderJobs({ order, parties: smsParties }, notificationsSchema.parse({ reminders }), {
      start,
      now: at,
      country: 'US',
    }).map(
      (job) =>
        `${job.kind}:${(job.payload.audience as string | undefined) ?? job.payload.message}:${job.payload.to}:${(start.getTime() - job.runAt.getTime()) / HOUR}h`,
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
    expect(plan(reminder, new Date(start.getTime() - 24 * HOUR - 1))).toEqual([
      'reminder_email:agent:ray@realty.example:24h',
    ]);
  });

  it('carry the start they were planned for in their key, so a new time plans new ones', () => {
    const jobs = reminderJobs(
      { order, parties: smsParties },
      notificationsSchema.parse({ reminders: [{ hours_before: 24, to: ['client'] }] }),
      { start, now, country: 'US' },
    );
    expect(new Set(jobs.map((job) => job.dedupeKey)).size).toBe(jobs.length);
    expect(
      jobs.every((job) => job.dedupeKey.includes(start.toISOString()) && job.payload.start === start.toISOString()),
    ).toBe(true);
  });

  it('text the confirmation to each number that asked, once', () => {
    const twice: ConfirmableOrder['parties'] = [
      ...smsParties,
      { role: 'contact', person: { ...person('Dana again', ''), mobile_phone: '614.555.0142', send_sms: true } },
    ];
    expect(
      confirmationSmsJobs({ order, parties: twice }, { start, now, country: 'US' }).map((job) => job.payload.to),
    ).toEqual(['+16145550142']);
  });
});

describe("a changed booking's messages (issue 24)", () => {
  const start = new Date('2026-12-01T14:30:00Z');
  const moved = new Date('2026-12-03T19:00:00Z');
  const changeParties: ConfirmableOrder['parties'] = [
    {
      role: 'client',
      person: { ...person('Dana', 'Dana@Example.com'), mobile_phone: '(614) 555-0142', send_sms: true },
    },
    {
      role: 'client',
      person: { ...person('Sam', 'sam@example.com'), mobile_phone: '(614) 555-0143', send_sms: false },
    },
    {
      role: 'buyers_agent',
      person: { ...person('Ray', 'ray@realty.example'), mobile_phone: '(614) 555-0144', send_sms: true },
    },
    {
      role: 'contact',
      person: { ...person('Rita', 'rita@title.example'), mobile_phone: '(614) 555-0145', send_sms: true },
    },
    { role: 'client', person: { ...person('Noemail', ''), mobile_phone: '', send_sms: true } },
  ];
  const change = (changes: Partial<BookingChange> = {}): BookingChange => ({
    kind: 'rescheduled',
    previousStart: start,
    start: moved,
    now,
    country: 'US',
    changedBy: 'visitor',
    sequence: 1,
    ...changes,
  });
  const jobsOf = (notifyAgents: boolean, changes: Partial<BookingChange> = {}) =>
    changeJobs(
      { order, parties: changeParties },
      notificationsSchema.parse({ notify_agents: notifyAgents }),
      change(changes),
    );
  const said = (jobs: QueuedJob[]) =>
    jobs.map((job) => `${job.kind}:${String(job.payload.audience ?? job.payload.message)}:${String(job.payload.to)}`);

  it('e-mail the clients with an address, the agents only when the company notifies agents, never a contact, and the office', () => {
    expect(said(jobsOf(true)).filter((line) => line.startsWith(CHANGE_EMAIL_JOB))).toEqual([
      'change_email:client:Dana@Example.com',
      'change_email:client:sam@example.com',
      'change_email:agent:ray@realty.example',
      'change_email:office:',
    ]);
    expect(said(jobsOf(false)).filter((line) => line.startsWith(CHANGE_EMAIL_JOB))).toEqual([
      'change_email:client:Dana@Example.com',
      'change_email:client:sam@example.com',
      'change_email:office:',
    ]);
  });

  it('text each client and contact who asked for texts, with the change as the message, never an agent', () => {
    expect(said(jobsOf(true)).filter((line) => line.startsWith(SMS_JOB))).toEqual([
      'sms:rescheduled:+16145550142',
      'sms:rescheduled:+16145550145',
    ]);
    expect(said(jobsOf(true, { kind: 'cancelled', start })).filter((line) => line.startsWith(SMS_JOB))).toEqual([
      'sms:cancelled:+16145550142',
      'sms:cancelled:+16145550145',
    ]);
  });

  it('carry the change, both starts and who made it, and are due at once', () => {
    const jobs = jobsOf(true, { changedBy: 'office' });
    for (const job of jobs) {
      expect(job.payload).toMatchObject({
        order_id: order.id,
        previous_start: start.toISOString(),
        start: moved.toISOString(),
        changed_by: 'office',
      });
      expect(job.payload.change ?? job.payload.message).toBe('rescheduled');
      expect(job.runAt).toEqual(now);
      expect(job.companyId).toBe(order.companyId);
    }
  });

  it('name, for each reader, whether they made the change: by the address of the link used, or of the same person (issue 42)', () => {
    const byReader = (visitor: BookingChange['visitor']) =>
      jobsOf(true, { changedBy: 'visitor', visitor }).map((job) => [
        String(job.payload.audience ?? job.payload.to),
        job.payload.changed_by_role ?? null,
        job.payload.changed_by_reader ?? null,
      ]);
    // Dana moved it with her text message's link: her e-mail reads "you" too; the office's copy is nobody's own.
    expect(byReader({ role: 'client', recipient: '+16145550142' })).toEqual([
      ['client', 'client', true],
      ['client', 'client', false],
      ['agent', 'client', false],
      ['office', 'client', false],
      ['+16145550142', 'client', true],
      ['+16145550145', 'client', false],
    ]);
    expect(byReader({ role: 'agent', recipient: 'ray@realty.example' }).filter(([, , you]) => you)).toEqual([
      ['agent', 'agent', true],
    ]);
    // The office's change names no role and no reader.
    for (const job of jobsOf(true, { changedBy: 'office' })) {
      expect(job.payload.changed_by).toBe('office');
      expect('changed_by_role' in job.payload || 'changed_by_reader' in job.payload).toBe(false);
    }
  });

  it("ask a manage link for each visitor's job, for their role and lower-cased address or number, and never for the office's", () => {
    const asked = jobsOf(true).map((job) => [
      job.payload.audience ?? job.payload.message,
      job.payload.manage_link_for ?? null,
    ]);
    expect(asked).toEqual([
      ['client', { role: 'client', recipient: 'dana@example.com' }],
      ['client', { role: 'client', recipient: 'sam@example.com' }],
      ['agent', { role: 'agent', recipient: 'ray@realty.example' }],
      ['office', null],
      ['rescheduled', { role: 'client', recipient: '+16145550142' }],
      ['rescheduled', { role: 'contact', recipient: '+16145550145' }],
    ]);
    expect(jobsOf(true).find((job) => job.payload.audience === 'office')!.payload).not.toHaveProperty(
      'manage_link_for',
    );
  });

  it('are new messages at every change: moved there, back, and there again, then cancelled, each sends anew', () => {
    const back = new Date(start);
    const changes = [
      jobsOf(true, { sequence: 1, previousStart: start, start: moved }),
      jobsOf(true, { sequence: 2, previousStart: moved, start: back }),
      jobsOf(true, { sequence: 3, previousStart: back, start: moved }),
      jobsOf(true, { sequence: 4, kind: 'cancelled', previousStart: moved, start: moved }),
    ];
    const keys = changes.flatMap((jobs) => jobs.map((job) => job.dedupeKey));
    expect(new Set(keys).size).toBe(keys.length);
    // The same change queued twice (a retried transaction) is queued once.
    expect(jobsOf(true).map((job) => job.dedupeKey)).toEqual(changes[0]!.map((job) => job.dedupeKey));
  });

  it('a number given by both a client and a contact is texted once, as the client', () => {
    const shared: ConfirmableOrder['parties'] = [
      { role: 'contact', person: { ...person('Rita', ''), mobile_phone: '614.555.0142', send_sms: true } },
      {
        role: 'client',
        person: { ...person('Dana', 'dana@example.com'), mobile_phone: '(614) 555-0142', send_sms: true },
      },
    ];
    const texts = changeJobs({ order, parties: shared }, notificationsSchema.parse({}), change()).filter(
      (job) => job.kind === SMS_JOB,
    );
    expect(texts.map((job) => job.payload.manage_link_for)).toEqual([{ role: 'client', recipient: '+16145550142' }]);
  });
});

describe("the confirmation's and reminders' manage links (issue 24)", () => {
  const start = new Date('2026-12-01T14:30:00Z');
  const smsParties: ConfirmableOrder['parties'] = [
    {
      role: 'client',
      person: { ...person('Dana', 'Dana@Example.com'), mobile_phone: '(614) 555-0142', send_sms: true },
    },
    { role: 'buyers_agent', person: person('Ray', 'ray@realty.example') },
    {
      role: 'contact',
      person: { ...person('Rita', 'rita@title.example'), mobile_phone: '(614) 555-0145', send_sms: true },
    },
  ];
  const settings = notificationsSchema.parse({
    notify_agents: true,
    reminders: [{ hours_before: 24, to: ['client', 'agent'] }],
  });
  const jobs = confirmationJobs({ order, parties: smsParties }, settings, { start, now, country: 'US' });

  it("are asked for every visitor's confirmation and reminder, by e-mail and text, and never for the office's copy", () => {
    expect(
      jobs.map(
        (job) =>
          `${job.kind}:${String(job.payload.audience ?? job.payload.message)}:${JSON.stringify(job.payload.manage_link_for ?? null)}`,
      ),
    ).toEqual([
      'confirmation_email:client:{"role":"client","recipient":"dana@example.com"}',
      'confirmation_email:agent:{"role":"agent","recipient":"ray@realty.example"}',
      'confirmation_email:office:null',
      'sms:confirmation:{"role":"client","recipient":"+16145550142"}',
      'sms:confirmation:{"role":"contact","recipient":"+16145550145"}',
      'reminder_email:client:{"role":"client","recipient":"dana@example.com"}',
      'reminder_email:agent:{"role":"agent","recipient":"ray@realty.example"}',
      'sms:reminder:{"role":"client","recipient":"+16145550142"}',
      'sms:reminder:{"role":"contact","recipient":"+16145550145"}',
    ]);
  });

  it('carry no token themselves: the manage-link module issues it when they are queued', () => {
    expect(jobs.some((job) => 'manage_token' in job.payload)).toBe(false);
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
    [
      [
        { hours_before: 24, to: ['client'] },
        { hours_before: 24, to: ['agent'] },
      ],
      false,
    ],
    [Array.from({ length: 5 }, (_, i) => ({ hours_before: i + 1, to: ['client'] })), true],
    [Array.from({ length: 6 }, (_, i) => ({ hours_before: i + 1, to: ['client'] })), false],
  ])('%j accepted: %s', (reminders, accepted) => {
    expect(notificationsSchema.safeParse({ reminders }).success).toBe(accepted);
  });
});

describe('the same person twice is written to once (dedupe keys)', () => {
  const start = new Date('2026-12-01T14:30:00Z');
  const twice: ConfirmableOrder['parties'] = [
    {
      role: 'client',
      person: { ...person('Dana', ' Dana@Example.com '), mobile_phone: '(614) 555-0142', send_sms: true },
    },
    { role: 'client', person: { ...person('Dana', 'dana@example.COM'), mobile_phone: '614.555.0142', send_sms: true } },
    { role: 'client', person: { first: 'Odd', last: 'Entry', email: 42 } },
  ];
  const settings = notificationsSchema.parse({ reminders: [{ hours_before: 24, to: ['client'] }] });

  it('one confirmation per address whatever its case or spaces, keyed by the order, the audience and the lower-cased address', () => {
    const jobs = confirmationEmailJobs({ order, parties: twice }, settings, now);
    expect(jobs.map((job) => [job.dedupeKey, job.payload.to])).toEqual([
      [`confirmation:${order.id}:client:dana@example.com`, 'Dana@Example.com'],
      [`confirmation:${order.id}:office:`, ''],
    ]);
  });

  it('one reminder per address and start, keyed the same way', () => {
    const jobs = reminderJobs({ order, parties: twice }, settings, { start, now, country: 'US' });
    expect(jobs.map((job) => job.dedupeKey)).toEqual([
      `reminder:${order.id}:${start.toISOString()}:24:client:dana@example.com`,
      `sms:reminder:${order.id}:${start.toISOString()}:24:+16145550142`,
    ]);
  });

  it('one change message per address, keyed by the change, its sequence, both starts and the lower-cased address', () => {
    const moved = new Date('2026-12-03T19:00:00Z');
    const jobs = changeJobs({ order, parties: twice }, settings, {
      kind: 'rescheduled',
      previousStart: start,
      start: moved,
      now,
      country: 'US',
      changedBy: 'office',
      sequence: 2,
    }).filter((job) => job.kind === CHANGE_EMAIL_JOB);
    expect(jobs.map((job) => job.dedupeKey)).toEqual([
      `rescheduled:${order.id}:2:${start.toISOString()}:${moved.toISOString()}:client:dana@example.com`,
      `rescheduled:${order.id}:2:${start.toISOString()}:${moved.toISOString()}:office:`,
    ]);
  });

  it("lists each number that asked for texts once; a contact giving a client's number later leaves it the client's", () => {
    const shared: ConfirmableOrder['parties'] = [
      {
        role: 'client',
        person: { ...person('Dana', 'dana@example.com'), mobile_phone: '(614) 555-0142', send_sms: true },
      },
      { role: 'contact', person: { ...person('Rita', ''), mobile_phone: '614.555.0142', send_sms: true } },
      { role: 'contact', person: { ...person('Cole', ''), mobile_phone: '(614) 555-0150', send_sms: true } },
      {
        role: 'client',
        person: { ...person('Sam', 'sam@example.com'), mobile_phone: '(614) 555-0143', send_sms: false },
      },
    ];
    expect(smsRecipients({ order, parties: shared }, 'US')).toEqual(['+16145550142', '+16145550150']);
    const texts = confirmationSmsJobs(
      { order, parties: shared },
      { start: new Date('2026-12-01T14:30:00Z'), now, country: 'US' },
    );
    expect(texts.map((job) => job.payload.manage_link_for)).toEqual([
      { role: 'client', recipient: '+16145550142' },
      { role: 'contact', recipient: '+16145550150' },
    ]);
  });
});
