import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DataEncryption } from './crypto/data-encryption.ts';
import * as t from './db/schema.ts';
import { DEMO_OFFICE_UUID } from './modules/company-document/demo-company.ts';
import { DemoOrder } from './modules/confirm/confirm-test-support.ts';
import { insertAgreementTemplate } from './modules/agreements/agreements-test-support.ts';
import { organizationOfCompanyKey } from './modules/console-auth/console-auth.repository.ts';
import {
  CONSOLE_ORIGIN,
  freshClientAddress,
  signedInMember,
  type ConsolePerson,
} from './modules/console-auth/console-test-support.ts';
import { setClock, slotsOn } from './modules/booking-changes/manage-test-support.ts';
import { demoOrdinaryWeekday } from './test-support/demo-days.ts';
import { signByLink } from './modules/agreements/agreements-test-support.ts';
import { describeOnEachDatabase } from './test-support/each-database.ts';
import { importDemoCopy, startDemoSession, startTestApp, type TestApp } from './test-support/test-app.ts';

/**
 * The console's tenant wall, generated from the route table (issue 39). For every operation the
 * OpenAPI document lists under /api/console and /api/auth/organization, a member of company B in
 * each role, and a caller who is not signed in, try it with company A's key and ids (its orders,
 * members, invitation, organization, time off, versions): nothing of A may be read (no answer
 * carries A's names, e-mails or ids of its people) and nothing of A may change (A's rows are the
 * same afterwards). A new route is attacked the day it is added; one whose parameter this test
 * cannot fill fails it, so that it is never skipped.
 */

const MONDAY = '2027-03-01T14:00:00.000Z';
const B_KEY = 'wall-b';
const B_OFFICE = 'c0000000-0000-4000-8000-0000000000b2';
const ROLES = ['owner', 'admin', 'office', 'inspector'] as const;
/** An agent of A's directory added online (ids from 1,000,000,000 are those added outside the document). */
const A_ONLY_AGENT = 1_500_000_000;

/** Routes whose path names a credential rather than a company: the attacker is given a wrong one, as they would not have A's. */
const CREDENTIAL_IN_PATH: Record<string, string> = {
  // The invitation's id is what only its e-mail carries: it is the proof of the mailbox.
  '/api/console/invitations/{invitation_id}/account': 'invitation_id',
};

interface Operation {
  method: string;
  path: string;
}

interface CompanyA {
  key: string;
  companyId: string;
  organizationId: string;
  ownerUserId: string;
  ownerMemberId: string;
  invitationId: string;
  orderId: string;
  /** A message (job) of A's order. */
  messageId: string;
  timeOffId: string;
  /** A follow-up task on A's order (its note is among the markers). */
  taskId: string;
  /** A payment the office recorded on A's order (its reference is among the markers). */
  paymentId: string;
  /** A's order's agreement, signed and sealed, and its signer. */
  agreementId: string;
  signerId: string;
  officeUuid: string;
  /** An agreement template of A's (issue 43). */
  templateId: string;
  /** A's webhook endpoint and a delivery in its log (decision 0086). */
  endpointId: string;
  deliveryId: string;
  /** An API key of A's (issue 46). */
  apiKeyId: string;
  calendarConnectionId: string;
  /** Words that only A's data holds: none may appear in an answer to B or to nobody. */
  markers: string[];
}

describeOnEachDatabase('the console tenant wall, from the route table', (factory) => {
  let harness: TestApp;
  let operations: Operation[];
  let a: CompanyA;
  const attackers: Array<{ name: string; headers: Record<string, string> }> = [];

  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: {
        SESSION_RATE_LIMIT: '100000',
        SEARCH_RATE_LIMIT: '100000',
        WRITE_RATE_LIMIT: '100000',
        DATA_ENCRYPTION_KEY: DataEncryption.newKeyEntry('wall'),
        WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
      },
    });
    setClock(harness, MONDAY);
    const db = harness.database.db;
    await importDemoCopy(harness, B_KEY, B_OFFICE, (b) => {
      b.name = 'Wall B Inspections';
    });

    // Company A (the demo): an owner, an invitation, an order, a block of time off.
    const owner = await signedInMember(harness, 'a-owner@wall-a.example', 'owner');
    const organizationId = (await organizationOfCompanyKey(db, 'demo'))!;
    const invited = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/organization/invite-member',
      remoteAddress: freshClientAddress(),
      headers: owner.headers,
      payload: { email: 'a-invitee@wall-a.example', role: 'admin', organizationId },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const [invitation] = await db
      .select({ id: t.authInvitations.id })
      .from(t.authInvitations)
      .where(eq(t.authInvitations.email, 'a-invitee@wall-a.example'));
    await insertAgreementTemplate(db, 'demo', { name: 'A-only agreement', bodyHtml: '<p>{client_name} agrees.</p>' });
    // A's webhook endpoint, made before the payment below so that its log has that payment's delivery.
    const hook = await harness.app.inject({
      method: 'POST',
      url: '/api/console/companies/demo/webhooks',
      headers: owner.headers,
      payload: { url: 'http://127.0.0.1:9/a-only-hook', description: 'A-only webhook', events: ['order.paid'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    // A's agent added online, awaiting the office's review (decision 0091): B's copy of the demo has no such id.
    const [demoCompany] = await db.select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, 'demo'));
    await db.insert(t.agents).values({
      companyId: demoCompany!.id,
      id: A_ONLY_AGENT,
      kind: 'real_estate',
      source: 'visitor',
      awaitingReview: true,
      first: 'Avery',
      last: 'A-only reviewee',
      email: 'a-agent@wall-a.example',
    });
    const order = await DemoOrder.start(harness.app, db, await startDemoSession(harness.app));
    await order.fillIn({ clientEmail: 'a-client@wall-a.example' });
    const day = demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), 7));
    expect((await order.hold((await slotsOn(harness.app, order.token, day))[0]!)).statusCode).toBe(200);
    expect((await order.confirm()).statusCode).toBe(200);
    // The client signs A's agreement, so that its sealed PDF is there to be refused.
    const [request] = await db
      .select({ payload: t.jobs.payload })
      .from(t.jobs)
      .where(eq(t.jobs.kind, 'agreement_request_email'));
    const signed = await signByLink(harness.app, String(request!.payload.signing_token));
    expect(signed.statusCode, signed.body).toBe(200);
    const block = await harness.app.inject({
      method: 'POST',
      url: '/api/console/companies/demo/time-off',
      headers: owner.headers,
      payload: { inspector_id: 101, from_date: addDays(day, 7), to_date: addDays(day, 7), note: 'A-only dentist' },
    });
    expect(block.statusCode, block.body).toBe(201);
    const noted = await harness.app.inject({
      method: 'POST',
      url: `/api/console/companies/demo/orders/${order.orderId}/notes`,
      headers: owner.headers,
      payload: { body: 'A-only office note' },
    });
    expect(noted.statusCode, noted.body).toBe(201);
    const task = await harness.app.inject({
      method: 'POST',
      url: `/api/console/companies/demo/orders/${order.orderId}/tasks`,
      headers: owner.headers,
      payload: { title: 'A-only follow-up', due_date: day, owner_user_id: owner.userId },
    });
    expect(task.statusCode, task.body).toBe(201);
    const payment = await harness.app.inject({
      method: 'POST',
      url: `/api/console/companies/demo/orders/${order.orderId}/payments`,
      headers: owner.headers,
      payload: { amount_cents: 100, method: 'check', reference: 'A-only check 1001', received_on: day },
    });
    expect(payment.statusCode, payment.body).toBe(201);
    const agreement = await harness.app.inject({
      method: 'POST',
      url: '/api/console/companies/demo/agreements',
      headers: owner.headers,
      payload: {
        name: 'A-only agreement',
        body_html: '<p>A-only wording</p>',
        applies_to: { all: true, service_ids: [], package_ids: [] },
        active: true,
      },
    });
    expect(agreement.statusCode, agreement.body).toBe(201);
    const apiKey = await harness.app.inject({
      method: 'POST',
      url: '/api/console/companies/demo/api-keys',
      headers: owner.headers,
      payload: { name: 'A-only integration', scopes: ['orders:read'] },
    });
    expect(apiKey.statusCode, apiKey.body).toBe(201);
    const [ownerMember] = await db
      .select({ id: t.authMembers.id })
      .from(t.authMembers)
      .where(eq(t.authMembers.userId, owner.userId));
    const [company] = await db.select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, 'demo'));
    const [message] = await db
      .select({ id: t.jobs.id })
      .from(t.jobs)
      .where(sql`${t.jobs.payload}->>'order_id' = ${order.orderId}`)
      .limit(1);
    const [delivery] = await db.select({ id: t.webhookDeliveries.id }).from(t.webhookDeliveries);
    // An inspector's calendar connection (decision 0089), as the console's connect would keep it.
    const [calendarConnection] = await db
      .insert(t.calendarConnections)
      .values({
        companyId: company!.id,
        inspectorId: 101,
        provider: 'caldav',
        accountLabel: 'a-only-calendar',
        credentialsEncrypted: 'v1.wall.x.y.z',
        busyCalendarIds: ['https://a-only.example/cal/'],
      })
      .returning({ id: t.calendarConnections.id });
    a = {
      key: 'demo',
      endpointId: String(hook.json().id),
      deliveryId: String(delivery!.id),
      companyId: company!.id,
      organizationId,
      ownerUserId: owner.userId,
      ownerMemberId: ownerMember!.id,
      invitationId: invitation!.id,
      orderId: order.orderId,
      messageId: String(message!.id),
      timeOffId: String(block.json().id),
      taskId: String(task.json().id),
      paymentId: String(payment.json<{ entries: Array<{ id: string }> }>().entries[0]!.id),
      agreementId: String(request!.payload.agreement_id),
      signerId: String(request!.payload.signer_id),
      officeUuid: DEMO_OFFICE_UUID,
      templateId: String(agreement.json().id),
      apiKeyId: apiKey.json<{ key: { id: string } }>().key.id,
      calendarConnectionId: calendarConnection!.id,
      markers: [
        'a-only-calendar',
        'Scioto Valley',
        'a-owner@wall-a.example',
        'a-invitee@wall-a.example',
        'a-client@wall-a.example',
        'Whitaker',
        'A-only dentist',
        'A-only office note',
        'A-only follow-up',
        'A-only check 1001',
        'A-only agreement',
        'A-only wording',
        'a-only-hook',
        'A-only webhook',
        'A-only integration',
        'A-only reviewee',
        apiKey.json<{ key: { prefix: string } }>().key.prefix,
        order.orderId,
        owner.userId,
        organizationId,
      ],
    };

    for (const role of ROLES) {
      const member = await signedInMember(
        harness,
        `b-${role}@wall-b.example`,
        role,
        B_KEY,
        role === 'inspector' ? 101 : null,
      );
      attackers.push({ name: `B's ${role}`, headers: member.headers });
    }
    attackers.push({ name: 'nobody', headers: { origin: CONSOLE_ORIGIN } });

    const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/console/') || path.startsWith('/api/auth/organization/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
  });
  afterAll(async () => harness.close());

  /** A's path parameter named `name` in `path`. */
  function valueOf(path: string, name: string): string {
    if (CREDENTIAL_IN_PATH[path] === name) return '0f0f0f0f-0000-4000-8000-00000000dead';
    const before = path.split(`/{${name}}`)[0]!.split('/').pop();
    const values: Record<string, string | undefined> = {
      company_key: a.key,
      user_id: a.ownerUserId,
      version: '1',
      office_uuid: a.officeUuid,
      message_id: a.messageId,
      task_id: a.taskId,
      payment_id: a.paymentId,
      agreement_id: a.agreementId,
      signer_id: a.signerId,
      template_id: a.templateId,
      endpoint_id: a.endpointId,
      delivery_id: a.deliveryId,
      connection_id: a.calendarConnectionId,
      // A's inspector, and a provider of the OAuth calendar routes (decision 0090).
      inspector_id: '101',
      provider: 'google',
      id:
        before === 'orders'
          ? a.orderId
          : before === 'time-off'
            ? a.timeOffId
            : before === 'api-keys'
              ? a.apiKeyId
              : before === 'people'
                ? `agent_${A_ONLY_AGENT}`
                : undefined,
    };
    const value = values[name];
    if (value === undefined)
      throw new Error(
        `${path}: the wall test does not know which of company A's ids to give {${name}}; add it to valueOf`,
      );
    return value;
  }

  /** What an attacker sends: A's ids wherever Better Auth's routes take them. */
  function requestOf(operation: Operation): { url: string; payload?: Record<string, unknown> } {
    const url = operation.path.replace(/\{(\w+)\}/g, (_all, name: string) =>
      encodeURIComponent(valueOf(operation.path, name)),
    );
    const aIds = {
      organizationId: a.organizationId,
      memberId: a.ownerMemberId,
      memberIdOrEmail: a.ownerMemberId,
      invitationId: a.invitationId,
    };
    if (operation.method === 'GET')
      return {
        url: url.startsWith('/api/auth/')
          ? `${url}?${new URLSearchParams({ organizationId: a.organizationId, id: a.invitationId }).toString()}`
          : url,
      };
    return {
      url,
      payload: {
        ...aIds,
        email: 'mole@wall-b.example',
        role: 'owner',
        data: { slug: B_KEY, name: 'Taken' },
        reason: 'wall',
        body: 'wall',
        title: 'wall',
        done: true,
        override: true,
        inspector_id: 101,
        amount_cents: 1,
        method: 'cash',
        received_on: '2027-03-01',
        url: 'http://127.0.0.1:9/mole',
        events: ['order.paid'],
        into: 'agent_201',
      },
    };
  }

  /** A's rows that any route could change: its people, its orders and what the office configures. */
  async function snapshotOfA(): Promise<string> {
    const db = harness.database.db;
    const rows = await Promise.all([
      db.select().from(t.companies).where(eq(t.companies.id, a.companyId)),
      db.select().from(t.authOrganizations).where(eq(t.authOrganizations.id, a.organizationId)),
      db.select().from(t.authMembers).where(eq(t.authMembers.organizationId, a.organizationId)),
      db.select().from(t.authInvitations).where(eq(t.authInvitations.organizationId, a.organizationId)),
      db.select().from(t.authSessions).where(eq(t.authSessions.userId, a.ownerUserId)),
      db.select().from(t.orders).where(eq(t.orders.companyId, a.companyId)),
      db.select().from(t.appointments).where(eq(t.appointments.companyId, a.companyId)),
      db.select().from(t.inspectorTimeOff).where(eq(t.inspectorTimeOff.companyId, a.companyId)),
      db.select().from(t.orderNotes).where(eq(t.orderNotes.companyId, a.companyId)),
      db.select().from(t.orderTasks).where(eq(t.orderTasks.companyId, a.companyId)),
      db.select().from(t.orderLedger).where(eq(t.orderLedger.companyId, a.companyId)),
      db.select().from(t.orderAgreements).where(eq(t.orderAgreements.companyId, a.companyId)),
      db.select().from(t.agreementSigners).where(eq(t.agreementSigners.companyId, a.companyId)),
      db.select().from(t.companyDocumentVersions).where(eq(t.companyDocumentVersions.companyId, a.companyId)),
      db.select().from(t.companyPaymentSecrets).where(eq(t.companyPaymentSecrets.companyId, a.companyId)),
      db.select().from(t.agreementTemplates).where(eq(t.agreementTemplates.companyId, a.companyId)),
      db.select().from(t.agreementTemplateVersions).where(eq(t.agreementTemplateVersions.companyId, a.companyId)),
      db.select().from(t.webhookEndpoints).where(eq(t.webhookEndpoints.companyId, a.companyId)),
      db.select().from(t.webhookDeliveries).where(eq(t.webhookDeliveries.companyId, a.companyId)),
      db.select().from(t.apiKeys).where(eq(t.apiKeys.companyId, a.companyId)),
      db.select().from(t.agents).where(eq(t.agents.companyId, a.companyId)),
      db.select().from(t.directoryMerges).where(eq(t.directoryMerges.companyId, a.companyId)),
      db.select().from(t.calendarConnections).where(eq(t.calendarConnections.companyId, a.companyId)),
      db
        .select({ id: t.authUsers.id, name: t.authUsers.name, email: t.authUsers.email })
        .from(t.authUsers)
        .where(or(eq(t.authUsers.id, a.ownerUserId), eq(t.authUsers.email, 'a-invitee@wall-a.example'))),
    ]);
    // Better Auth moves a session's expiry forward as it is used; that is not a change of A's.
    return JSON.stringify(rows, (key, value: unknown) =>
      key === 'expiresAt' || key === 'updatedAt' ? undefined : value,
    );
  }

  it('lets no member of another company, in any role, and nobody signed out, read or change anything of company A through any console route', async () => {
    expect(operations.length).toBeGreaterThanOrEqual(30);
    const before = await snapshotOfA();
    const breaches: string[] = [];
    for (const operation of operations) {
      for (const attacker of attackers) {
        const { url, payload } = requestOf(operation);
        const answer = harness.app.inject({
          method: operation.method as 'GET',
          url,
          remoteAddress: freshClientAddress(),
          headers: attacker.headers,
          ...(payload ? { payload } : {}),
        });
        // An event stream that lets the attacker in never ends: that is a breach too, not a hung test.
        const response = await Promise.race([
          answer,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000)),
        ]);
        if (!response) {
          breaches.push(`${attacker.name} ${operation.method} ${operation.path}: opened and kept open`);
          continue;
        }
        const leaked = a.markers.filter((marker) => response.body.includes(marker));
        if (response.statusCode < 400 && operation.path.includes('{company_key}'))
          breaches.push(`${attacker.name} ${operation.method} ${operation.path}: ${response.statusCode}`);
        if (response.statusCode >= 500)
          breaches.push(
            `${attacker.name} ${operation.method} ${operation.path}: ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        if (leaked.length > 0)
          breaches.push(`${attacker.name} ${operation.method} ${operation.path}: answered ${leaked.join(', ')}`);
      }
    }
    expect(breaches).toEqual([]);
    expect(await snapshotOfA()).toBe(before);
  });

  it("reaches A's data with A's own owner through the same requests, so the refusals above are the wall's, not a broken request's", async () => {
    const owner: ConsolePerson = await signedInMember(harness, 'a-owner@wall-a.example', 'owner');
    const reads = operations.filter(
      (operation) =>
        operation.method === 'GET' && operation.path.includes('{company_key}') && !operation.path.endsWith('/events'),
    );
    expect(reads.length).toBeGreaterThanOrEqual(10);
    for (const operation of reads) {
      const response = await harness.app.inject({
        method: 'GET',
        url: requestOf(operation).url,
        headers: owner.headers,
      });
      // Past the wall: an answer, or the query's own 400 (the wall's hook runs before validation).
      expect([200, 400], `${operation.path}: ${response.body.slice(0, 200)}`).toContain(response.statusCode);
    }
    const members = await harness.app.inject({
      method: 'GET',
      url: `/api/auth/organization/list-members?organizationId=${a.organizationId}`,
      headers: owner.headers,
    });
    expect(members.statusCode).toBe(200);
    expect(members.body).toContain('a-owner@wall-a.example');
  });
});
