import { describe, expect, it } from 'vitest';
import { notificationsSchema } from '@scheduler/contracts/company-document';
import { confirmationEmailJobs, type ConfirmableOrder } from './confirmation-jobs.ts';

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
