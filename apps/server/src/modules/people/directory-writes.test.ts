import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { DirectoryMergeResult, DirectoryReview } from '@scheduler/contracts/directory-review';
import type { ApiKeyCreated, ApiKeyScope, PublicPerson } from '@scheduler/contracts/public-api';
import { webhookPayloadSchemas, type WebhookEndpoint } from '@scheduler/contracts/webhooks';
import { DataEncryption } from '../../crypto/data-encryption.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import {
  demoDocument,
  importDemoCopy,
  startDemoSession,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.ts';
import { wizardCalls } from '../../test-support/wizard-calls.ts';
import { setClock } from '../booking-changes/manage-test-support.ts';
import { exportCompanyDocument, importCompanyDocument } from '../company-document/companies.service.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import type { NotificationWorker } from '../notifications/notification-worker.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { webhookJobHandlers } from '../webhooks/delivery-job.ts';
import { Receiver, verify } from '../webhooks/webhook-receiver-test-support.ts';

/**
 * The directory written from outside the company document (issues 46 and 47, decision 0091): the
 * public API's upsert, person.created by every path, and the office's review (accept, merge).
 */

const MONDAY = '2027-03-01T14:00:00.000Z';
const DEMO = '/api/console/companies/demo';
const OTHER_KEY = 'people-other';
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000d1';
const KEY = DataEncryption.newKeyEntry('t1');
/** The demo's own agents (examples/demo-company.json); the other company is a copy, ids and all. */
const JESSICA = 201;
const BRIAN = 202;

/** Every bounded text field of the body, and its largest length (the company document's directory bounds). */
const TEXT_BOUNDS: Array<[field: string, max: number]> = [
  ['first', 100],
  ['last', 100],
  ['mobile_phone', 40],
  ['work_phone', 40],
  ['home_phone', 40],
  ['work_fax', 40],
  ['home_fax', 40],
  ['company', 200],
  ['agency', 200],
  ['address1', 200],
  ['address2', 200],
  ['city', 100],
  ['postal_code', 10],
];

describeOnEachDatabase('the directory written from outside the document', (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  let office: ConsolePerson;
  let otherOwner: ConsolePerson;
  let worker: NotificationWorker;
  let outbox: string;
  let writer: string;
  let otherWriter: string;
  let reader: string;
  let demoId: string;
  let otherId: string;
  const receiver = new Receiver();
  const otherReceiver = new Receiver();

  const createKey = async (scopes: ApiKeyScope[], person = owner, companyPath = DEMO) => {
    const response = await harness.app.inject({
      method: 'POST',
      url: `${companyPath}/api-keys`,
      headers: person.headers,
      payload: { name: 'CRM', scopes },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ApiKeyCreated>().secret;
  };
  const put = (id: string, body: Record<string, unknown>, secret = writer, headers: Record<string, string> = {}) =>
    harness.app.inject({
      method: 'PUT',
      url: `/api/v1/people/${id}`,
      headers: { authorization: `Bearer ${secret}`, ...headers },
      payload: body,
    });
  const console_ = (method: 'GET' | 'POST', url: string, person: ConsolePerson, payload?: object) =>
    harness.app.inject({ method, url, headers: person.headers, ...(payload ? { payload } : {}) });
  const drain = () => worker.runDue();
  const agentRow = async (companyId: string, id: number) =>
    (
      await harness.database.db
        .select()
        .from(t.agents)
        .where(and(eq(t.agents.companyId, companyId), eq(t.agents.id, id)))
    )[0];
  const created = () => receiver.bodies().filter((body) => body.type === 'person.created');
  const dana = { role: 'real_estate_agent', first: 'Dana', last: 'Reyes', email: 'dana@reyesrealty.example' };

  async function subscribe(person: ConsolePerson, url: string, companyPath = DEMO): Promise<string> {
    const made = await console_('POST', `${companyPath}/webhooks`, person, { url, events: ['person.created'] });
    expect(made.statusCode, made.body).toBe(201);
    const endpoint = made.json<WebhookEndpoint>();
    const revealed = await console_('POST', `${companyPath}/webhooks/${endpoint.id}/secret`, person);
    return revealed.json<{ secret: string }>().secret;
  }

  /** A visitor's new buyer's agent typed in the wizard, on a new order of the demo or the other company; answers the agent's id and the order's. */
  async function visitorAgent(
    person: Record<string, unknown>,
    company: { key: string; office?: string } = { key: 'demo' },
  ): Promise<{ id: number; orderId: string }> {
    const calls = wizardCalls(() => harness.app, company.key);
    const token = await startDemoSession(harness.app, company.office, company.key);
    const response = await calls.post(token, '/set_buyers_agent', {
      mobile_phone: '(614) 555-0199',
      company: 'Somewhere Realty',
      ...person,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: number }>();
    const [party] = await harness.database.db
      .select({ orderId: t.orderParties.orderId })
      .from(t.orderParties)
      .where(eq(t.orderParties.agentId, id));
    return { id, orderId: party!.orderId };
  }

  beforeAll(async () => {
    await receiver.start();
    await otherReceiver.start();
    harness = await startTestApp(factory, {
      config: {
        SESSION_RATE_LIMIT: '1000',
        SEARCH_RATE_LIMIT: '1000',
        WRITE_RATE_LIMIT: '1000',
        API_KEY_RATE_LIMIT: '1000',
        DATA_ENCRYPTION_KEY: KEY,
        WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
      },
    });
    setClock(harness, MONDAY);
    await importDemoCopy(harness, OTHER_KEY, OTHER_OFFICE, (copy) => {
      copy.name = 'Other Inspections';
    });
    owner = await signedInMember(harness, 'owner@people.example', 'owner');
    office = await signedInMember(harness, 'office@people.example', 'office');
    otherOwner = await signedInMember(harness, 'owner@people-other.example', 'owner', OTHER_KEY);
    writer = await createKey(['directory:write', 'directory:read']);
    reader = await createKey(['directory:read', 'orders:read', 'orders:write', 'webhooks:write']);
    otherWriter = await createKey(['directory:write'], otherOwner, `/api/console/companies/${OTHER_KEY}`);
    const companies = await harness.database.db.select({ id: t.companies.id, key: t.companies.key }).from(t.companies);
    demoId = companies.find((company) => company.key === 'demo')!.id;
    otherId = companies.find((company) => company.key === OTHER_KEY)!.id;
    outbox = await mkdtemp(join(tmpdir(), 'directory-'));
    worker = testWorker(harness.database.db, outbox, {
      jobHandlers: webhookJobHandlers({
        db: harness.database.db,
        encryption: DataEncryption.fromEnv(KEY),
        allowPrivate: true,
        publicBaseUrl: () => 'https://book.example.com',
        now: () => new Date(harness.clock.now()),
        random: () => 0,
        timeoutMs: 2_000,
        log: { info: () => {}, warn: () => {} },
      }),
      now: harness.clock.now,
    });
  });
  beforeEach(async () => {
    setClock(harness, MONDAY);
    await drain();
    await harness.database.db.delete(t.jobs);
    await harness.database.db.delete(t.webhookEndpoints);
    receiver.clear();
    otherReceiver.clear();
  });
  afterAll(async () => {
    await harness.close();
    await receiver.stop();
    await otherReceiver.stop();
    await rm(outbox, { recursive: true, force: true });
  });

  it('creates a person by the caller’s own id once: PUT twice is one person and one person.created, signed', async () => {
    const secret = await subscribe(owner, receiver.url);
    await subscribe(otherOwner, otherReceiver.url, `/api/console/companies/${OTHER_KEY}`);
    const first = await put('ext_crm-4411', { ...dana, agency: 'Reyes Realty' });
    expect(first.statusCode, first.body).toBe(201);
    const person = first.json<PublicPerson>();
    expect(person).toMatchObject({
      role: 'real_estate_agent',
      first: 'Dana',
      agency: 'Reyes Realty',
      source: 'api',
      external_id: 'crm-4411',
      awaiting_review: false,
      added_online: false,
    });
    const again = await put('ext_crm-4411', { ...dana, agency: 'Reyes Realty' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(person);
    // By our id too: a change, never a second person.
    const changed = await put(person.id, { ...dana, agency: 'Reyes Realty Group' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: person.id, agency: 'Reyes Realty Group', external_id: 'crm-4411' });
    const rows = await harness.database.db
      .select()
      .from(t.agents)
      .where(and(eq(t.agents.companyId, demoId), eq(t.agents.externalId, 'crm-4411')));
    expect(rows).toHaveLength(1);
    // A contact enters by its own table's trigger.
    const lender = await put('ext_lender-7', { role: 'contact', first: 'Kim', last: 'Lo', contact_type_id: 1 });
    expect(lender.statusCode, lender.body).toBe(201);
    await drain();
    expect(created().map((body) => body.data.person)).toEqual([
      expect.objectContaining({ id: person.id }),
      expect.objectContaining({
        role: 'contact',
        contact_type: { id: 1, name: 'Loan Officer' },
        external_id: 'lender-7',
      }),
    ]);
    const [received] = receiver.received;
    const payload = webhookPayloadSchemas['person.created'].parse(JSON.parse(received!.body));
    expect(payload.data.person).toMatchObject({ id: person.id, first: 'Dana', external_id: 'crm-4411' });
    expect(verify(secret, received!, Number(received!.headers['webhook-timestamp']) * 1000)).toBeTruthy();
    expect(otherReceiver.received).toEqual([]);
    // Each write on record as every key use is: method, route pattern and status, never the id or body.
    const uses = await harness.database.db
      .select({ method: t.apiKeyEvents.method, route: t.apiKeyEvents.route, status: t.apiKeyEvents.status })
      .from(t.apiKeyEvents)
      .where(and(eq(t.apiKeyEvents.companyId, demoId), eq(t.apiKeyEvents.method, 'PUT')))
      .orderBy(t.apiKeyEvents.id);
    expect(uses.slice(0, 3)).toEqual([
      { method: 'PUT', route: '/api/v1/people/:id', status: 201 },
      { method: 'PUT', route: '/api/v1/people/:id', status: 200 },
      { method: 'PUT', route: '/api/v1/people/:id', status: 200 },
    ]);
    // GET answers the same person.
    const read = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/people/${person.id}`,
      headers: { authorization: `Bearer ${writer}` },
    });
    expect(read.json()).toMatchObject({ id: person.id, agency: 'Reyes Realty Group' });
  });

  it('makes one person of four PUTs of one new external id at once, and sends one person.created', async () => {
    await subscribe(owner, receiver.url);
    const answers = await Promise.all([1, 2, 3, 4].map(() => put('ext_race-1', dana)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json<PublicPerson>().id)).size).toBe(1);
    const rows = await harness.database.db
      .select()
      .from(t.agents)
      .where(and(eq(t.agents.companyId, demoId), eq(t.agents.externalId, 'race-1')));
    expect(rows).toHaveLength(1);
    await drain();
    expect(created()).toHaveLength(1);
  });

  it('replays a PUT with the same Idempotency-Key, and refuses the key with another body', async () => {
    const headers = { 'idempotency-key': 'put-once-1' };
    const first = await put('ext_idem-1', dana, writer, headers);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await put('ext_idem-1', dana, writer, headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const other = await put('ext_idem-1', { ...dana, first: 'Dina' }, writer, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_key_reused');
  });

  it('bounds every field as the document does: each at its largest accepted, one more refused naming it', async () => {
    for (const [field, max] of TEXT_BOUNDS) {
      const at = await put('ext_bounds', { ...dana, [field]: 'x'.repeat(max) });
      expect([200, 201], `${field} at ${max}: ${at.body}`).toContain(at.statusCode);
      expect(at.json<Record<string, unknown>>()[field]).toBe('x'.repeat(max));
      const over = await put('ext_bounds', { ...dana, [field]: 'x'.repeat(max + 1) });
      expect(over.statusCode, `${field} at ${max + 1}`).toBe(400);
      expect(over.json().error.field, field).toBe(field);
    }
    // An e-mail of 254 characters is one; 255 is not.
    const at254 = `${'e'.repeat(242)}@example.com`;
    expect(at254).toHaveLength(254);
    expect((await put('ext_bounds', { ...dana, email: at254 })).statusCode).toBe(200);
    const over = await put('ext_bounds', { ...dana, email: `e${at254}` });
    expect([over.statusCode, over.json().error.field]).toEqual([400, 'email']);
    const refusals: Array<[id: string, body: Record<string, unknown>, field: string]> = [
      ['ext_bounds', { ...dana, first: '' }, 'first'],
      ['ext_bounds', { ...dana, email: 'dana@' }, 'email'],
      ['ext_bounds', { ...dana, role: 'landlord' }, 'role'],
      // A field the API does not have: the body is refused as a whole.
      ['ext_bounds', { ...dana, admin: true }, 'body'],
      ['ext_bounds', { ...dana, contact_type_id: 1 }, 'contact_type_id'],
      ['ext_contact', { role: 'contact', first: 'Kim' }, 'contact_type_id'],
      ['ext_contact', { role: 'contact', first: 'Kim', contact_type_id: 99 }, 'contact_type_id'],
      ['ext_contact', { role: 'contact', first: 'Kim', contact_type_id: 1, agency: 'X' }, 'agency'],
      [`ext_${'a'.repeat(65)}`, dana, 'id'],
      ['ext_a%20b', dana, 'id'],
      ['agent_0', dana, 'id'],
      ['agent_2147483648', dana, 'id'],
    ];
    for (const [id, body, field] of refusals) {
      const response = await put(id, body);
      expect(response.statusCode, `${id} ${JSON.stringify(body)}: ${response.body}`).toBe(400);
      expect(response.json().error.field, id).toBe(field);
    }
    expect((await put(`ext_${'a'.repeat(64)}`, dana)).statusCode).toBe(201);
    const contact = await put('ext_contact', { role: 'contact', first: 'Kim', contact_type_id: 2 });
    expect(contact.statusCode, contact.body).toBe(201);
    expect(contact.json()).toMatchObject({ role: 'contact', contact_type: { id: 2, name: 'Title Company' } });
    // A person keeps their table: an agent is not made a contact, nor the reverse.
    const mismatch = await put('ext_contact', dana);
    expect([mismatch.statusCode, mismatch.json().error.code]).toEqual([409, 'role_mismatch']);
    expect((await put(`agent_${JESSICA}`, { role: 'contact', first: 'J', contact_type_id: 1 })).statusCode).toBe(409);
    expect((await put('agent_999999', dana)).statusCode).toBe(404);
  });

  it('writes nothing with another company’s key or a key without directory:write', async () => {
    const before = await agentRow(demoId, JESSICA);
    const refused = await put(`agent_${JESSICA}`, dana, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'insufficient_scope' });
    expect(refused.json().error.message).toContain('directory:write');
    expect(await agentRow(demoId, JESSICA)).toEqual(before);
    // The same external id in two companies is two people, each in their own company.
    const mine = (await put('ext_shared-9', dana)).json<PublicPerson>();
    const theirs = await put('ext_shared-9', { ...dana, first: 'Other' }, otherWriter);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<PublicPerson>().id).not.toBe(mine.id);
    expect((await agentRow(demoId, Number(mine.id.slice(6))))!.first).toBe('Dana');
    // The other company's key cannot change the demo's person by our id either.
    expect((await put(mine.id, dana, otherWriter)).statusCode).toBe(404);
  });

  it('keeps the API’s people through imports of the company document, and sends person.created for an import’s new one only', async () => {
    await subscribe(owner, receiver.url);
    const made = (await put('ext_kept-1', dana)).json<PublicPerson>();
    const id = Number(made.id.slice('agent_'.length));
    await importCompanyDocument(harness.database.db, demoDocument());
    expect(await agentRow(demoId, id)).toMatchObject({ source: 'api', externalId: 'kept-1', first: 'Dana' });
    // An export lists them as added outside the document; brought back, they stay the API's.
    const exported = await exportCompanyDocument(harness.database.db, 'demo');
    expect(exported.agents.find((agent) => agent.id === id)).toMatchObject({ added_online: true, first: 'Dana' });
    await importCompanyDocument(harness.database.db, {
      ...exported,
      agents: [
        ...exported.agents.map((agent) => (agent.id === id ? { ...agent, last: 'Reyes-Ortiz' } : agent)),
        { ...exported.agents[0]!, id: 299, first: 'Nora', email: 'nora@example.com', added_online: false },
      ],
    });
    expect(await agentRow(demoId, id)).toMatchObject({ source: 'api', externalId: 'kept-1', last: 'Reyes-Ortiz' });
    await drain();
    // The API's Dana once, the import's new Nora once; the import's unchanged and changed people none.
    expect(created().map((body) => (body.data.person as PublicPerson).first)).toEqual(['Dana', 'Nora']);
    await importCompanyDocument(harness.database.db, demoDocument());
  });

  it('marks a visitor’s new agent as awaiting review, sends person.created once, and lists its likely duplicates', async () => {
    await subscribe(owner, receiver.url);
    const jessica = (await agentRow(demoId, JESSICA))!;
    const { id } = await visitorAgent({ first: 'Jess', last: 'Moreno', email: jessica.email.toUpperCase() });
    const named = await visitorAgent({ first: 'Brian', last: 'Kowalski', email: 'brian@elsewhere.example' });
    expect(await agentRow(demoId, id)).toMatchObject({ source: 'visitor', awaitingReview: true });
    await drain();
    expect(created().map((body) => (body.data.person as PublicPerson).id)).toEqual([
      `agent_${id}`,
      `agent_${named.id}`,
    ]);

    const review = await console_('GET', `${DEMO}/directory/review`, owner);
    expect(review.statusCode, review.body).toBe(200);
    const { awaiting } = review.json<DirectoryReview>();
    const entry = (agentId: number) => awaiting.find((each) => each.person.id === `agent_${agentId}`);
    // The same e-mail, case aside; the same name (and agency).
    expect(entry(id)!.duplicates.map((person) => person.id)).toEqual([`agent_${JESSICA}`]);
    expect(entry(named.id)!.duplicates.map((person) => person.id)).toEqual([`agent_${BRIAN}`]);
    // The other company's own copy of the demo's agents is never among them.
    const other = (
      await console_('GET', `/api/console/companies/${OTHER_KEY}/directory/review`, otherOwner)
    ).json<DirectoryReview>();
    expect(other.awaiting.map((each) => each.person.id)).not.toContain(`agent_${id}`);
    // Office staff do not review the directory; nor does another company's owner.
    expect((await console_('GET', `${DEMO}/directory/review`, office)).statusCode).toBe(403);
    expect((await console_('GET', `${DEMO}/directory/review`, otherOwner)).statusCode).toBe(403);
    // Accepted: a normal entry; accepting again answers the same.
    const accepted = await console_('POST', `${DEMO}/directory/people/agent_${named.id}/accept`, owner);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ awaiting_review: false });
    expect((await console_('POST', `${DEMO}/directory/people/agent_${named.id}/accept`, owner)).statusCode).toBe(200);
    expect((await agentRow(demoId, named.id))!.awaitingReview).toBe(false);
  });

  it('merges a duplicate in one go: its orders (of this company only) name the survivor, it is gone, once', async () => {
    const dup = await visitorAgent({ first: 'Jessie', last: 'Moreno', email: 'jessie@example.com' });
    // An order party of the other company naming the same number is not the demo's.
    const foreign = await visitorAgent(
      { first: 'Zed', last: 'Quinn', email: 'zed@example.com' },
      { key: OTHER_KEY, office: OTHER_OFFICE },
    );
    await harness.database.db.insert(t.orderParties).values({
      companyId: otherId,
      orderId: foreign.orderId,
      role: 'sellers_agent',
      agentId: dup.id,
      person: { id: dup.id, first: 'Not', last: 'Theirs' },
    });
    const url = `${DEMO}/directory/people/agent_${dup.id}/merge`;
    // Into themself, into another kind, into no one: refused, nothing changed.
    const self = await console_('POST', url, owner, { into: `agent_${dup.id}` });
    expect([self.statusCode, self.json().error.code, self.json().error.field]).toEqual([400, 'same_person', 'into']);
    expect((await console_('POST', url, owner, { into: 'contact_401' })).statusCode).toBe(400);
    expect((await console_('POST', url, owner, { into: 'agent_999999' })).statusCode).toBe(404);
    expect((await console_('POST', url, office, { into: `agent_${JESSICA}` })).statusCode).toBe(403);
    expect(await agentRow(demoId, dup.id)).toBeDefined();

    // The duplicate's agent portal (decision 0092): a live session, an unused link, a choice of texts.
    const db = harness.database.db;
    const later = new Date(Date.parse(MONDAY) + 86_400_000);
    const portalRow = { companyId: demoId, agentId: dup.id, createdAt: new Date(MONDAY), expiresAt: later };
    await db.insert(t.agentSessions).values({ ...portalRow, tokenHash: 'merge-test-session' });
    await db.insert(t.agentSignInLinks).values({ ...portalRow, tokenHash: 'merge-test-link' });
    await db
      .insert(t.agentPortalProfiles)
      .values({ companyId: demoId, agentId: dup.id, receivesSms: true, updatedAt: later });

    const orderOf = async (id: string) =>
      (await harness.database.db.select().from(t.orders).where(eq(t.orders.id, id)))[0]!;
    const changedBefore = (await orderOf(dup.orderId)).updatedAt;
    const foreignBefore = (await orderOf(foreign.orderId)).updatedAt;
    const merged = await console_('POST', url, owner, { into: `agent_${JESSICA}` });
    expect(merged.statusCode, merged.body).toBe(200);
    // The order's updated_at moved, so a poll by updated_since sees it; the other company's did not.
    expect((await orderOf(dup.orderId)).updatedAt.getTime()).toBeGreaterThan(changedBefore.getTime());
    expect((await orderOf(foreign.orderId)).updatedAt).toEqual(foreignBefore);
    expect(merged.json<DirectoryMergeResult>()).toMatchObject({
      person: { id: `agent_${JESSICA}` },
      orders_repointed: 1,
    });
    expect(await agentRow(demoId, dup.id)).toBeUndefined();
    // Their portal ended with them: the session revoked, the link spent, the choice of texts the survivor's.
    const [session] = await db
      .select()
      .from(t.agentSessions)
      .where(eq(t.agentSessions.tokenHash, 'merge-test-session'));
    expect(session!.revokedAt).toEqual(new Date(MONDAY));
    const [link] = await db
      .select()
      .from(t.agentSignInLinks)
      .where(eq(t.agentSignInLinks.tokenHash, 'merge-test-link'));
    expect(link!.usedAt).toEqual(new Date(MONDAY));
    const profiles = await db
      .select()
      .from(t.agentPortalProfiles)
      .where(
        and(eq(t.agentPortalProfiles.companyId, demoId), inArray(t.agentPortalProfiles.agentId, [dup.id, JESSICA])),
      );
    expect(profiles.map((row) => [row.agentId, row.receivesSms])).toEqual([[JESSICA, true]]);
    const [party] = await harness.database.db
      .select()
      .from(t.orderParties)
      .where(and(eq(t.orderParties.companyId, demoId), eq(t.orderParties.orderId, dup.orderId)));
    expect(party).toMatchObject({
      agentId: JESSICA,
      person: expect.objectContaining({ id: JESSICA, first: 'Jessie' }),
    });
    const untouched = await harness.database.db
      .select()
      .from(t.orderParties)
      .where(and(eq(t.orderParties.companyId, otherId), eq(t.orderParties.agentId, dup.id)));
    expect(untouched).toHaveLength(1);
    const [record] = await harness.database.db
      .select()
      .from(t.directoryMerges)
      .where(and(eq(t.directoryMerges.companyId, demoId), eq(t.directoryMerges.fromId, dup.id)));
    expect(record).toMatchObject({ intoId: JESSICA, ordersRepointed: 1, mergedAt: new Date(MONDAY) });
    const events = await harness.database.db
      .select()
      .from(t.authAuditEvents)
      .where(eq(t.authAuditEvents.type, 'directory_person_merged'));
    expect(events.length).toBeGreaterThanOrEqual(1);

    // Two merges of one person at once: one is made, the other refused.
    const twin = await visitorAgent({ first: 'Jessy', last: 'Moreno', email: 'jessy@example.com' });
    const both = await Promise.all(
      [JESSICA, BRIAN].map((into) =>
        console_('POST', `${DEMO}/directory/people/agent_${twin.id}/merge`, owner, { into: `agent_${into}` }),
      ),
    );
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await agentRow(demoId, twin.id)).toBeUndefined();

    // Again, or an accept of the merged person: refused with where they went.
    for (const repeat of [
      await console_('POST', url, owner, { into: `agent_${JESSICA}` }),
      await console_('POST', `${DEMO}/directory/people/agent_${dup.id}/accept`, owner),
    ]) {
      expect(repeat.statusCode).toBe(409);
      expect(repeat.json().error).toMatchObject({ code: 'already_merged' });
      expect(repeat.json().error.message).toContain(`agent_${JESSICA}`);
    }
    // Into a person merged away: refused, naming where they went.
    const into = await console_('POST', `${DEMO}/directory/people/agent_${BRIAN}/merge`, owner, {
      into: `agent_${dup.id}`,
    });
    expect([into.statusCode, into.json().error.field]).toEqual([409, 'into']);
    expect((await console_('POST', `${DEMO}/directory/people/agent_${dup.id + 1_000}/accept`, owner)).statusCode).toBe(
      404,
    );
  });

  it('shows two existing agents sharing an e-mail, merges them, and an import does not bring the merged one back', async () => {
    const jessica = (await agentRow(demoId, JESSICA))!;
    await harness.database.db
      .update(t.agents)
      .set({ email: jessica.email.toUpperCase() })
      .where(and(eq(t.agents.companyId, demoId), eq(t.agents.id, BRIAN)));
    const review = (await console_('GET', `${DEMO}/directory/review`, owner)).json<DirectoryReview>();
    const group = review.shared_emails.find((each) => each.email === jessica.email.toLowerCase());
    // The visitor's Jess of an earlier test shares it too.
    expect(group!.people.map((person) => person.id)).toEqual(
      expect.arrayContaining([`agent_${JESSICA}`, `agent_${BRIAN}`]),
    );
    // The other company's copy does not share the change.
    const other = (
      await console_('GET', `/api/console/companies/${OTHER_KEY}/directory/review`, otherOwner)
    ).json<DirectoryReview>();
    expect(other.shared_emails.find((each) => each.email === jessica.email.toLowerCase())).toBeUndefined();
    const merged = await console_('POST', `${DEMO}/directory/people/agent_${BRIAN}/merge`, owner, {
      into: `agent_${JESSICA}`,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await agentRow(otherId, BRIAN)).toBeDefined();
    await importCompanyDocument(harness.database.db, demoDocument());
    expect(await agentRow(demoId, BRIAN)).toBeUndefined();
    const after = (await console_('GET', `${DEMO}/directory/review`, owner)).json<DirectoryReview>();
    const left = after.shared_emails.find((each) => each.email === jessica.email.toLowerCase());
    expect((left?.people ?? []).map((person) => person.id)).not.toContain(`agent_${BRIAN}`);
  });
});
