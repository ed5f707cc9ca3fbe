import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { OrderResponse } from '@scheduler/contracts/order';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoDocumentWith, startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { wizardCalls } from '../../test-support/wizard-calls.ts';
import { exportCompanyDocument, importCompanyDocument } from '../company-document/companies.service.ts';
import { readDirectoryPeople } from '../company-document/people-directory.repository.ts';
import { hashToken } from '../sessions/tokens.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import { loadOrderUserType } from './people.repository.ts';
import { setClient } from './people.service.ts';

const OHIO = 36;

/** The demo company under another key and office, with these settings and `change` made to it. */
function companyDocument(
  key: string,
  office: string,
  settings: Record<string, string | null>,
  change: (doc: Record<string, any>) => void = () => {},
): Record<string, unknown> {
  return demoDocumentWith(settings, (doc) => {
    doc.key = key;
    doc.offices = [{ ...doc.offices[0], uuid: office }];
    doc.inspectors = doc.inspectors.slice(0, 1).map((inspector: Record<string, unknown>) => ({ ...inspector, office }));
    change(doc);
  });
}

/** One client at most, and no seller's agents. */
const NARROW_OFFICE = '3c5a1f7e-2b4d-4a6c-8e9f-0a1b2c3d4e5f';
const narrowDocument = (maxClients: number) =>
  companyDocument(
    'narrow',
    NARROW_OFFICE,
    { ONLINE_SCHEDULER_V3_SELLERS_AGENT: 'N' },
    (doc) => (doc.max_clients = maxClients),
  );

/** Twenty-one contact types, all offered: one more than an order may carry contacts. */
const CROWDED_OFFICE = '7d9e2a4b-6c8f-4b1a-9d3e-5f7a9b1c3d5e';
const crowdedDocument = () =>
  companyDocument('crowded', CROWDED_OFFICE, { ONLINE_SCHEDULER_V3_CONTACT_TYPES: null }, (doc) => {
    doc.contact_types = Array.from({ length: 21 }, (_, index) => ({ id: index + 1, name: `Type ${index + 1}` }));
  });

type Reply = Awaited<ReturnType<ReturnType<typeof wizardCalls>['post']>>;

/** What the people calls keep: the order's copies, the directory's new people and the audit trail. */
describeOnEachDatabase('what the people calls keep', (factory) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory, { config: { WRITE_RATE_LIMIT: '10000', SESSION_RATE_LIMIT: '1000' } });
    await importCompanyDocument(harness.database.db, narrowDocument(1));
    await importCompanyDocument(harness.database.db, crowdedDocument());
  });
  afterAll(async () => harness.close());

  const demo = wizardCalls(() => harness.app);
  const ada = { first: 'Ada', last: 'Brooks', email: 'ada.brooks@example.com', mobile_phone: '6145550101' };
  const ben = { first: 'Ben', last: 'Brooks', email: 'ben.brooks@example.com', mobile_phone: '6145550102' };
  const title = { id: 2, name: 'Title Company' };
  const lender = { id: 1, name: 'Loan Officer' };
  const attorney = { id: 3, name: 'Closing Attorney' };

  const order = async (token: string, company = 'demo') =>
    (
      await harness.app.inject({
        method: 'GET',
        url: `/${company}/online-scheduler/order`,
        headers: { 'x-auth-token': token },
      })
    ).json<OrderResponse>();
  const ok = (response: Reply) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Record<string, unknown>>();
  };
  const refused = (response: Reply, error: { code: string; field: string; message: string }) => {
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: unknown }>().error).toEqual(error);
  };
  async function sessionOf(token: string): Promise<AuthenticatedSession> {
    const [session] = await harness.database.db
      .select()
      .from(t.sessions)
      .where(eq(t.sessions.tokenHash, hashToken(token)));
    return {
      sessionId: session!.id,
      companyId: session!.companyId,
      companyKey: 'demo',
      officeId: session!.officeId,
      orderId: session!.orderId,
      orderConfirmed: false,
    };
  }

  /** The session's company's agents and contacts, as its document export lists them. */
  const directoryOf = async (token: string) =>
    readDirectoryPeople(harness.database.db, (await sessionOf(token)).companyId);

  describe('copies on the order', () => {
    it("keeps a client's fields trimmed, and the state chosen", async () => {
      const token = await startDemoSession(harness.app);
      const padded = {
        ...ada,
        first: '  Ada ',
        last: ' Brooks  ',
        address1: ' 12 Elm St ',
        city: 'Dublin ',
        state: OHIO,
        postal_code: '43017',
      };
      ok(await demo.post(token, '/set_clients', { clients: [padded] }));
      expect((await order(token)).client).toMatchObject({
        id: 1,
        first: 'Ada',
        last: 'Brooks',
        address1: '12 Elm St',
        city: 'Dublin',
        state: OHIO,
        postal_code: '43017',
      });
    });

    it('puts a contact added to the order after the ones already on it', async () => {
      const token = await startDemoSession(harness.app);
      const rita = { first: 'Rita', last: 'Sol', email: 'rita@solaw.com', type: attorney };
      const amanda = { id: 411, first: 'Amanda', last: 'Brooks', email: 'closings@olentangytitle.com', type: title };
      ok(await demo.post(token, '/set_contacts', { contacts: [rita, amanda] }));
      ok(await demo.post(token, '/add_contact', { first: 'Lena', type: lender }));
      expect((await order(token)).contacts.map((contact) => contact.first)).toEqual(['Rita', 'Amanda', 'Lena']);
    });
  });

  describe('people added to the directory', () => {
    it("adds a new buyer's agent with every field trimmed, no agency, and pay-at-close taken part in", async () => {
      const token = await startDemoSession(harness.app);
      const quentin = {
        first: ' Quentin ',
        last: ' Marsh ',
        email: 'quentin@brightdoorrealty.com',
        mobile_phone: '(614) 555-0131',
        work_phone: ' (614) 555-0132 ',
        home_phone: ' (614) 555-0133 ',
        work_fax: ' (614) 555-0134 ',
        home_fax: ' (614) 555-0135 ',
        company: ' Bright Door Realty ',
        address1: ' 1 Main St ',
        address2: ' Suite 2 ',
        city: ' Dublin ',
        state: OHIO,
        postal_code: ' 43017 ',
      };
      const { id } = ok(await demo.post(token, '/set_buyers_agent', quentin));
      const directory = await directoryOf(token);
      expect(directory.agents.find((agent) => agent.id === id)).toEqual({
        id,
        kind: 'real_estate',
        first: 'Quentin',
        last: 'Marsh',
        email: 'quentin@brightdoorrealty.com',
        mobile_phone: '(614) 555-0131',
        work_phone: '(614) 555-0132',
        home_phone: '(614) 555-0133',
        work_fax: '(614) 555-0134',
        home_fax: '(614) 555-0135',
        company: 'Bright Door Realty',
        address1: '1 Main St',
        address2: 'Suite 2',
        city: 'Dublin',
        state: OHIO,
        postal_code: '43017',
        agency: '',
        pac_opt_out: false,
        added_online: true,
      });
    });

    it('adds a new insurance agent with its agency, trimmed', async () => {
      const token = await startDemoSession(harness.app);
      const { id } = ok(
        await demo.post(token, '/set_insurance_agent', {
          first: 'Ida',
          last: 'Ng',
          work_phone: '(614) 555-0161',
          agency: '  Hayden Run Insurance Group ',
        }),
      );
      const directory = await directoryOf(token);
      expect(directory.agents.find((agent) => agent.id === id)).toMatchObject({
        kind: 'insurance',
        first: 'Ida',
        agency: 'Hayden Run Insurance Group',
      });
    });

    it('adds a new contact to the directory as added online', async () => {
      const token = await startDemoSession(harness.app);
      const { id } = ok(await demo.post(token, '/add_contact', { first: 'Omar', last: 'Haddad', type: attorney }));
      const directory = await directoryOf(token);
      expect(directory.contacts.find((contact) => contact.id === id)).toMatchObject({
        first: 'Omar',
        type: attorney.id,
        added_online: true,
      });
    });

    it('keeps the company exportable after a visitor adds a contact with a first name only (spec 5.4)', async () => {
      const token = await startDemoSession(harness.app);
      const { id } = ok(await demo.post(token, '/add_contact', { first: 'Nadia', type: attorney }));
      const exported = await exportCompanyDocument(harness.database.db, 'demo');
      expect(exported.contacts.find((contact) => contact.id === id)).toMatchObject({
        first: 'Nadia',
        last: '',
        added_online: true,
      });
    });
  });

  describe('the role', () => {
    it("keeps the role's text trimmed, the role's own text when the visitor's is blank, and free text for OTHER only", async () => {
      const token = await startDemoSession(harness.app);
      expect(
        ok(await demo.post(token, '/set_user_type', { type: 'CLIENT_BUYER', text: '  Buyer ', other: 'Relocation' })),
      ).toEqual({ type: 'CLIENT_BUYER', text: 'Buyer', other: '' });
      expect(ok(await demo.post(token, '/set_user_type', { type: 'CLIENT_BUYER', text: '   ' }))).toEqual({
        type: 'CLIENT_BUYER',
        text: 'Home Buyer',
        other: '',
      });
      expect(
        ok(await demo.post(token, '/set_user_type', { type: 'OTHER', other: '  Relocation coordinator ' })),
      ).toEqual({ type: 'OTHER', text: 'Other', other: 'Relocation coordinator' });
      expect((await order(token)).user).toEqual({ type: 'OTHER', text: 'Other', other: 'Relocation coordinator' });
    });

    it('reads no role of an order the company does not have', async () => {
      const { companyId } = await sessionOf(await startDemoSession(harness.app));
      expect(await loadOrderUserType(harness.database.db, companyId, randomUUID())).toBeNull();
    });
  });

  describe('the audit trail', () => {
    it('records each save of the contacts step, and a removal only when a contact was taken off', async () => {
      const token = await startDemoSession(harness.app);
      const jessica = {
        id: 201,
        first: 'Jessica',
        last: 'Moreno',
        email: 'jessica.moreno@olentangyrealtygroup.com',
        mobile_phone: '(614) 555-0120',
        company: 'Olentangy Realty Group',
      };
      ok(await demo.post(token, '/set_user_type', { type: 'CLIENT_BUYER' }));
      ok(await demo.post(token, '/set_buyers_agent', jessica));
      ok(await demo.post(token, '/set_sellers_agent', { none: true }));
      ok(await demo.post(token, '/set_client', ada));
      ok(await demo.post(token, '/set_clients', { clients: [ada, ben] }));
      ok(
        await demo.post(token, '/set_contacts', {
          contacts: [{ id: 411, first: 'Amanda', last: 'Brooks', email: 'closings@olentangytitle.com', type: title }],
        }),
      );
      ok(await demo.post(token, '/add_contact', { first: 'Lena', type: lender }));
      expect(ok(await demo.post(token, '/remove_contact', { id: 411 }))).toEqual({ removed: true });
      expect(ok(await demo.post(token, '/remove_contact', { id: 411 }))).toEqual({ removed: false });

      const { orderId } = await sessionOf(token);
      const events = await harness.database.db
        .select()
        .from(t.orderEvents)
        .where(and(eq(t.orderEvents.orderId, orderId), eq(t.orderEvents.type, 'step_saved')))
        .orderBy(asc(t.orderEvents.id));
      expect(events.map((event) => event.data)).toEqual([
        { step: 'contacts', part: 'user_type' },
        { step: 'contacts', part: 'buyers_agent' },
        { step: 'contacts', part: 'sellers_agent', none: true },
        { step: 'contacts', part: 'client' },
        { step: 'contacts', part: 'clients', count: 2 },
        { step: 'contacts', part: 'contacts', count: 1 },
        { step: 'contacts', part: 'add_contact' },
        { step: 'contacts', part: 'remove_contact' },
      ]);
    });
  });

  describe('refusals', () => {
    it('names the field and says why, for a state, a contact type, an agent or a contact the company does not have', async () => {
      const token = await startDemoSession(harness.app);
      const states = 'Choose one of the states offered.';
      refused(await demo.post(token, '/set_client', { ...ada, state: 999 }), {
        code: 'CLIENTS_FAILED_VALIDATION',
        field: 'state',
        message: states,
      });
      refused(await demo.post(token, '/add_contact', { first: 'Lena', state: 999, type: lender }), {
        code: 'CONTACT_FAILED_VALIDATION',
        field: 'state',
        message: states,
      });
      refused(await demo.post(token, '/set_contacts', { contacts: [{ ...ada, state: 999, type: lender }] }), {
        code: 'CONTACT_FAILED_VALIDATION',
        field: 'contacts.0.state',
        message: states,
      });
      const types = 'Choose one of the contact types offered.';
      refused(await demo.post(token, '/add_contact', { first: 'Lena', type: { id: 42, name: 'Surveyor' } }), {
        code: 'CONTACT_FAILED_VALIDATION',
        field: 'type',
        message: types,
      });
      const jessica = {
        first: 'Jessica',
        last: 'Moreno',
        email: 'jessica.moreno@olentangyrealtygroup.com',
        mobile_phone: '(614) 555-0120',
      };
      refused(await demo.post(token, '/set_buyers_agent', { ...jessica, id: 301 }), {
        code: 'BUYERS_AGENT_FAILED_VALIDATION',
        field: 'id',
        message: 'This agent is not one of the company’s agents.',
      });
      refused(await demo.post(token, '/add_contact', { id: 999_999, first: 'Lena', type: lender }), {
        code: 'CONTACT_FAILED_VALIDATION',
        field: 'id',
        message: 'This contact is not one of the company’s contacts.',
      });
      ok(await demo.post(token, '/add_contact', { first: 'Lena', type: lender }));
      refused(await demo.post(token, '/add_contact', { first: 'Lou', type: lender }), {
        code: 'CONTACT_FAILED_VALIDATION',
        field: 'type',
        message: 'A contact of this type is already on the order.',
      });
    });

    it("refuses to set an agent visitor's own panel to none, saying why", async () => {
      const token = await startDemoSession(harness.app);
      ok(await demo.post(token, '/set_user_type', { type: 'BUYERS_AGENT' }));
      refused(await demo.post(token, '/set_buyers_agent', { none: true }), {
        code: 'BUYERS_AGENT_FAILED_VALIDATION',
        field: 'none',
        message: 'Please search for or add your agent profile!',
      });
    });

    it("says why a seller's agent is refused where the company has turned them off", async () => {
      const narrow = wizardCalls(() => harness.app, 'narrow');
      const token = await startDemoSession(harness.app, NARROW_OFFICE, 'narrow');
      refused(await narrow.post(token, '/set_user_type', { type: 'SELLERS_AGENT' }), {
        code: 'invalid_request',
        field: 'type',
        message: 'This role is not offered.',
      });
      refused(
        await narrow.post(token, '/set_sellers_agent', { first: 'Sam', last: 'Hale', email: 'sam@loganhomes.com' }),
        {
          code: 'SELLERS_AGENT_FAILED_VALIDATION',
          field: 'none',
          message: 'This agent is not part of the contacts step.',
        },
      );
    });

    it('answers 404 to a session whose company is gone', async () => {
      const session = await sessionOf(await startDemoSession(harness.app));
      await expect(setClient(harness.database.db, { ...session, companyId: randomUUID() }, ada)).rejects.toMatchObject({
        statusCode: 404,
        message: 'The company was not found.',
      });
    });
  });

  describe('limits', () => {
    it("takes as many clients as the company's max_clients, and refuses one more", async () => {
      const narrow = wizardCalls(() => harness.app, 'narrow');
      const token = await startDemoSession(harness.app, NARROW_OFFICE, 'narrow');
      const clients = (count: number) =>
        Array.from({ length: count }, (_, index) => ({ ...ada, email: `client${index}@example.com` }));
      try {
        ok(await narrow.post(token, '/set_clients', { clients: clients(1) }));
        refused(await narrow.post(token, '/set_clients', { clients: clients(2) }), {
          code: 'CLIENTS_FAILED_VALIDATION',
          field: 'clients',
          message: 'At most 1 client.',
        });
        await importCompanyDocument(harness.database.db, narrowDocument(3));
        ok(await narrow.post(token, '/set_clients', { clients: clients(3) }));
        refused(await narrow.post(token, '/set_clients', { clients: clients(4) }), {
          code: 'CLIENTS_FAILED_VALIDATION',
          field: 'clients',
          message: 'At most 3 clients.',
        });
      } finally {
        await importCompanyDocument(harness.database.db, narrowDocument(1));
      }
    });

    it('adds contacts up to twenty, and refuses the twenty-first', async () => {
      const crowded = wizardCalls(() => harness.app, 'crowded');
      const token = await startDemoSession(harness.app, CROWDED_OFFICE, 'crowded');
      const contact = (type: number) => ({
        first: `Pat${type}`,
        last: 'Lee',
        email: `pat${type}@example.com`,
        type: { id: type, name: `Type ${type}` },
      });
      ok(
        await crowded.post(token, '/set_contacts', {
          contacts: Array.from({ length: 19 }, (_, index) => contact(index + 1)),
        }),
      );
      ok(await crowded.post(token, '/add_contact', contact(20)));
      refused(await crowded.post(token, '/add_contact', contact(21)), {
        code: 'CONTACT_FAILED_VALIDATION',
        field: 'type',
        message: 'At most 20 contacts.',
      });
      expect((await order(token, 'crowded')).contacts).toHaveLength(20);
    });
  });
});
