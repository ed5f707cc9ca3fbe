import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDocumentSchema, PEOPLE_ADDED_ONLINE_FIRST_ID } from '@scheduler/contracts/company-document';
import { PERSON_FIELD_MAX, partyFields, type SearchResult } from '@scheduler/contracts/people';
import type { OrderResponse } from '@scheduler/contracts/order';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoDocument, startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { wizardCalls } from '../../test-support/wizard-calls.ts';
import { exportCompanyDocument, importCompanyDocument } from '../company-document/companies.service.ts';

const OHIO = 36;
const OTHER_OFFICE = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

/** A second company with its own agents and contacts, some of the demo's names among them. */
function otherCompanyDocument(): Record<string, unknown> {
  const doc = demoDocument() as Record<string, unknown> & {
    offices: Array<Record<string, unknown>>;
    inspectors: Array<Record<string, unknown>>;
  };
  return {
    ...doc,
    key: 'other',
    name: 'Hocking Hills Home Inspections',
    // Listed agents as the directory has them, and no seller's agents.
    settings: [
      ...(doc.settings as Array<{ key: string }>).filter((s) => s.key !== 'ONLINE_SCHEDULER_V3_SELLERS_AGENT'),
      { key: 'ONLINE_SCHEDULER_V3_DO_NOT_ALLOW_EDIT_AGENTS_INFO', value: 'Y' },
      { key: 'ONLINE_SCHEDULER_V3_SELLERS_AGENT', value: 'N' },
    ],
    offices: [{ ...doc.offices[0], uuid: OTHER_OFFICE, name: 'Logan' }],
    inspectors: doc.inspectors.slice(0, 1).map((inspector) => ({ ...inspector, office: OTHER_OFFICE })),
    // Ids the demo company does not use: attaching them there must fail for want of the person, not by chance.
    agents: [
      {
        id: 250,
        kind: 'real_estate',
        first: 'Jessica',
        last: 'Moreno-Hill',
        email: 'jessica@hockinghillsrealty.com',
        company: 'Hocking Hills Realty',
        address1: '12 Main St',
        state: OHIO,
      },
      {
        id: 251,
        kind: 'real_estate',
        first: 'Josefina',
        last: 'Alvarez',
        email: 'josefina@loganhomes.com',
        company: 'Logan Homes',
      },
      {
        id: 350,
        kind: 'insurance',
        first: 'Walter',
        last: 'Buckeye',
        email: 'walter@hockinginsurance.com',
        agency: 'Hocking Insurance',
      },
    ],
    contacts: [
      {
        id: 450,
        type: 2,
        first: 'Olive',
        last: 'Olentangy',
        email: 'olive@hockingtitle.com',
        company: 'Hocking Title',
      },
    ],
  };
}

describeOnEachDatabase('the people calls', (factory) => {
  let harness: TestApp;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SEARCH_RATE_LIMIT: '10000', WRITE_RATE_LIMIT: '10000', SESSION_RATE_LIMIT: '1000' },
    });
    await importCompanyDocument(harness.database.db, otherCompanyDocument());
    token = await startDemoSession(harness.app);
    otherToken = await startDemoSession(harness.app, OTHER_OFFICE, 'other');
  });
  afterAll(async () => harness.close());

  const demo = wizardCalls(() => harness.app);
  const other = wizardCalls(() => harness.app, 'other');
  const wizardRead = (session: string, path: string) =>
    harness.app.inject({ method: 'GET', url: `/demo/online-scheduler/${path}`, headers: { 'x-auth-token': session } });
  const order = async (session = token) => (await wizardRead(session, 'order')).json<OrderResponse>();
  const searchAgents = async (query: string, type = 'buyers_agent', calls = demo, session = token) => {
    const response = await calls.get(session, `/search_agents?query=${encodeURIComponent(query)}&type=${type}`);
    expect(response.statusCode).toBe(200);
    return response.json<SearchResult[]>();
  };
  const refused = (response: { statusCode: number; json: () => unknown }, code: string, field: string) => {
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: { code: string; field: string } }).error).toMatchObject({ code, field });
  };

  it('delivers the contact types the company offers with the office', async () => {
    expect((await wizardRead(token, 'office')).json().contact_types).toEqual([
      { id: 1, name: 'Loan Officer' },
      { id: 2, name: 'Title Company' },
      { id: 3, name: 'Closing Attorney' },
    ]);
  });

  describe('set_user_type', () => {
    it('records the role with its text, and OTHER with its free text', async () => {
      const fresh = await startDemoSession(harness.app);
      expect(
        (await demo.post(fresh, '/set_user_type', { type: 'OTHER', other: 'Relocation coordinator' })).json(),
      ).toEqual({
        type: 'OTHER',
        text: 'Other',
        other: 'Relocation coordinator',
      });
      expect((await demo.post(fresh, '/set_user_type', { type: 'CLIENT_BUYER' })).statusCode).toBe(200);
      expect((await order(fresh)).user).toEqual({ type: 'CLIENT_BUYER', text: 'Home Buyer', other: '' });
    });
    it('refuses OTHER without its text, an unknown role and unknown fields', async () => {
      refused(await demo.post(token, '/set_user_type', { type: 'OTHER' }), 'invalid_request', 'other');
      refused(await demo.post(token, '/set_user_type', { type: 'LANDLORD' }), 'invalid_request', 'type');
      const unknown = await demo.post(token, '/set_user_type', { type: 'CLIENT_BUYER', admin: true });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toContain('admin');
    });
  });

  describe('search_agents', () => {
    it('finds "José" by "jose" and "JOSE", ignoring accents and case', async () => {
      for (const query of ['jose', 'JOSE', 'José', 'hernandez']) {
        expect((await searchAgents(query)).map((agent) => agent.display)).toContain(
          'José Hernández (Scioto Realty Partners)',
        );
      }
    });
    it('answers only the fields the form shows, with the label and add_new', async () => {
      const [jose] = await searchAgents('jose hern');
      // The directory has his address and fax; the buyer's agent form shows neither.
      expect(jose).toEqual({
        id: 210,
        display: 'José Hernández (Scioto Realty Partners)',
        add_new: false,
        first: 'José',
        last: 'Hernández',
        email: 'jose.hernandez@sciotorealtypartners.com',
        mobile_phone: '(614) 555-0129',
        work_phone: '(614) 555-0149',
        company: 'Scioto Realty Partners',
      });
    });
    it('searches e-mail and company too, ranks names that start with the query first, and answers at most ten', async () => {
      expect((await searchAgents('capitalcityhomes')).map((a) => a.id).sort()).toEqual([204, 209]);
      expect((await searchAgents('olentangy realty')).map((a) => a.id).sort()).toEqual([201, 208]);
      // "an" is in many names and e-mail addresses; Andre's first name starts with it.
      const an = await searchAgents('an');
      expect(an[0]!.first).toBe('Andre');
      expect(an.length).toBeLessThanOrEqual(10);
      // An insurance agent is not a buyer's agent.
      expect(await searchAgents('buckeye')).toEqual([]);
    });
    it('takes a query as text, wildcards included', async () => {
      expect(await searchAgents('%%')).toEqual([]);
      expect(await searchAgents('__')).toEqual([]);
    });
    it('refuses a short query, an unknown type and unknown parameters, naming the field', async () => {
      refused(await demo.get(token, '/search_agents?query=j&type=buyers_agent'), 'invalid_request', 'query');
      refused(await demo.get(token, '/search_agents?query=jo&type=client'), 'invalid_request', 'type');
      refused(
        await demo.get(token, `/search_agents?query=${'a'.repeat(101)}&type=buyers_agent`),
        'invalid_request',
        'query',
      );
      const unknown = await demo.get(token, '/search_agents?query=jo&type=buyers_agent&company_id=1');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toContain('company_id');
    });
  });

  describe('search scoping across two companies', () => {
    it("never finds the other company's people", async () => {
      expect((await searchAgents('jessica')).map((a) => a.display)).toEqual([
        'Jessica Moreno (Olentangy Realty Group)',
      ]);
      expect((await searchAgents('jessica', 'buyers_agent', other, otherToken)).map((a) => a.display)).toEqual([
        'Jessica Moreno-Hill (Hocking Hills Realty)',
      ]);
      expect((await searchAgents('josefina')).length).toBe(0);
      expect((await demo.get(token, '/search_insurance_agents?query=walter')).json()).toEqual([]);
      expect((await demo.get(token, '/search_contacts?query=olive&type=2')).json()).toEqual([]);
      expect((await other.get(otherToken, '/search_contacts?query=olive&type=2')).json()).toHaveLength(1);
    });
    it("refuses to attach the other company's agent or contact", async () => {
      const [josefina] = await searchAgents('josefina', 'buyers_agent', other, otherToken);
      refused(
        await demo.post(token, '/set_buyers_agent', {
          id: josefina!.id,
          first: 'Josefina',
          last: 'Alvarez',
          email: 'josefina@loganhomes.com',
          mobile_phone: '1',
        }),
        'BUYERS_AGENT_FAILED_VALIDATION',
        'id',
      );
      const [olive] = (await other.get(otherToken, '/search_contacts?query=olive&type=2')).json<SearchResult[]>();
      refused(
        await demo.post(token, '/add_contact', {
          id: olive!.id,
          first: 'Olive',
          type: { id: 2, name: 'Title Company' },
        }),
        'CONTACT_FAILED_VALIDATION',
        'id',
      );
      const added = await other.post(otherToken, '/add_contact', {
        first: 'Nora',
        last: 'Quinn',
        type: { id: 3, name: 'Closing Attorney' },
      });
      refused(
        await demo.post(token, '/add_contact', {
          id: added.json().id,
          first: 'Nora',
          type: { id: 3, name: 'Closing Attorney' },
        }),
        'CONTACT_FAILED_VALIDATION',
        'id',
      );
    });
  });

  describe('agents', () => {
    const jessica = {
      id: 201,
      first: 'Jessica',
      last: 'Moreno',
      email: 'jessica.moreno@olentangyrealtygroup.com',
      mobile_phone: '(614) 555-0120',
      company: 'Olentangy Realty Group',
    };

    it('attaches an agent of the company and shows it on the order', async () => {
      expect((await demo.post(token, '/set_buyers_agent', jessica)).json()).toEqual({ id: 201 });
      expect((await order()).buyers_agent).toMatchObject({ ...jessica, pac_opt_out: false });
    });
    it('checks the form against the company settings: 400 with the outcome code of spec 8.5, naming the field', async () => {
      refused(
        await demo.post(token, '/set_buyers_agent', { ...jessica, email: '' }),
        'BUYERS_AGENT_FAILED_VALIDATION',
        'email',
      );
      refused(
        await demo.post(token, '/set_buyers_agent', { ...jessica, email: 'jessica@' }),
        'BUYERS_AGENT_FAILED_VALIDATION',
        'email',
      );
      refused(
        await demo.post(token, '/set_sellers_agent', { first: 'Sam' }),
        'SELLERS_AGENT_FAILED_VALIDATION',
        'last',
      );
      refused(
        await demo.post(token, '/set_insurance_agent', { first: 'Ida', last: 'Ng' }),
        'INSURANCE_AGENT_FAILED_VALIDATION',
        'work_phone',
      );
      refused(
        await demo.post(token, '/set_buyers_agent', { ...jessica, state: 999 }),
        'BUYERS_AGENT_FAILED_VALIDATION',
        'state',
      );
    });
    it("refuses an insurance agent as buyer's agent", async () => {
      refused(
        await demo.post(token, '/set_buyers_agent', { ...jessica, id: 301 }),
        'BUYERS_AGENT_FAILED_VALIDATION',
        'id',
      );
    });
    it('adds a new agent to the company as added online, with an id from the sequence; an import keeps it', async () => {
      const response = await demo.post(token, '/set_sellers_agent', {
        first: 'Zoë',
        last: 'Okonkwo',
        email: 'zoe@brightdoorrealty.com',
        company: 'Bright Door Realty',
        pac_opt_out: true,
      });
      const { id } = response.json<{ id: number }>();
      expect(id).toBeGreaterThanOrEqual(PEOPLE_ADDED_ONLINE_FIRST_ID);
      expect((await searchAgents('zoe', 'sellers_agent')).map((a) => a.id)).toEqual([id]);
      expect((await order()).sellers_agent).toMatchObject({ id, first: 'Zoë', pac_opt_out: true });

      await importCompanyDocument(harness.database.db, demoDocument());
      expect((await searchAgents('zoe', 'sellers_agent')).map((a) => a.id)).toEqual([id]);
      const exported = await exportCompanyDocument(harness.database.db, 'demo');
      expect(exported.agents.find((a) => a.id === id)).toMatchObject({
        first: 'Zoë',
        added_online: true,
        pac_opt_out: true,
      });
      // The export brought back (edited) updates it in place, and the next one added gets a fresh id.
      await importCompanyDocument(harness.database.db, {
        ...exported,
        agents: exported.agents.map((a) => (a.id === id ? { ...a, company: 'Bright Door Realty Group' } : a)),
      });
      expect((await searchAgents('zoe', 'sellers_agent'))[0]).toMatchObject({
        id,
        company: 'Bright Door Realty Group',
      });
      const next = await demo.post(token, '/set_sellers_agent', {
        first: 'Yusuf',
        last: 'Demir',
        email: 'yusuf@brightdoorrealty.com',
      });
      expect(next.json().id).toBeGreaterThan(id);
    });
    it('refuses a document that gives its own people the ids kept for people added online', async () => {
      const doc = demoDocument() as { agents: Array<Record<string, unknown>> };
      doc.agents[0]!.id = PEOPLE_ADDED_ONLINE_FIRST_ID + 5;
      await expect(importCompanyDocument(harness.database.db, doc)).rejects.toMatchObject({
        code: 'invalid_document',
        field: 'agents.0.id',
      });
    });
    it("sets a panel to none, except the visitor's own", async () => {
      const agentVisitor = await startDemoSession(harness.app);
      await demo.post(agentVisitor, '/set_user_type', { type: 'BUYERS_AGENT' });
      refused(
        await demo.post(agentVisitor, '/set_buyers_agent', { none: true }),
        'BUYERS_AGENT_FAILED_VALIDATION',
        'none',
      );
      await demo.post(agentVisitor, '/set_insurance_agent', {
        id: 301,
        first: 'Robert',
        last: 'Hayes',
        work_phone: '(614) 555-0160',
      });
      expect((await demo.post(agentVisitor, '/set_insurance_agent', { none: true })).json()).toEqual({ id: null });
      expect((await order(agentVisitor)).insurance_agent).toBeNull();
      refused(
        await demo.post(agentVisitor, '/set_insurance_agent', { none: true, first: 'Robert' }),
        'invalid_request',
        'first',
      );
    });
    it('finds insurance agents by agency', async () => {
      const found = (await demo.get(token, '/search_insurance_agents?query=buckeye mutual')).json<SearchResult[]>();
      expect(found.map((a) => a.display)).toEqual(['Robert Hayes (Buckeye Mutual Insurance Agency)']);
      expect(Object.keys(found[0]!).sort()).toEqual([
        'add_new',
        'agency',
        'display',
        'email',
        'first',
        'id',
        'last',
        'work_phone',
      ]);
    });
  });

  describe('company settings', () => {
    it('keeps a listed agent as the directory has them while editing agents is off', async () => {
      const edited = {
        id: 250,
        first: 'Jess',
        last: 'Moreno-Hill',
        email: 'jess@elsewhere.com',
        mobile_phone: '7405550100',
        company: 'Hocking Hills Realty',
      };
      expect((await other.post(otherToken, '/set_buyers_agent', edited)).json()).toEqual({ id: 250 });
      const order_ = (
        await harness.app.inject({
          method: 'GET',
          url: '/other/online-scheduler/order',
          headers: { 'x-auth-token': otherToken },
        })
      ).json<OrderResponse>();
      expect(order_.buyers_agent).toMatchObject({ id: 250, first: 'Jessica', email: 'jessica@hockinghillsrealty.com' });
      // A new agent is still added as typed.
      expect(
        (
          await other.post(otherToken, '/set_buyers_agent', {
            first: 'Ray',
            last: 'Lund',
            email: 'ray@loganhomes.com',
            mobile_phone: '7405550101',
          })
        ).json().id,
      ).toBeGreaterThanOrEqual(PEOPLE_ADDED_ONLINE_FIRST_ID);
    });
    it('answers a search with the fields the company shows now, right after an import changes them', async () => {
      expect(Object.keys((await searchAgents('josefina', 'buyers_agent', other, otherToken))[0]!)).toContain('email');
      const doc = otherCompanyDocument() as { settings: Array<{ key: string; value: string }> };
      const narrowed = [
        ...doc.settings.filter((s) => !s.key.startsWith('ONLINE_SCHEDULER_V3_BA_')),
        { key: 'ONLINE_SCHEDULER_V3_BA_DISPLAY_FIELDS', value: 'first,last,city' },
      ];
      await importCompanyDocument(harness.database.db, { ...doc, settings: narrowed });
      await expect
        .poll(async () => Object.keys((await searchAgents('josefina', 'buyers_agent', other, otherToken))[0]!).sort())
        .toEqual(['add_new', 'city', 'display', 'first', 'id', 'last']);
      await importCompanyDocument(harness.database.db, otherCompanyDocument());
    });
    it("offers neither the seller's agent role nor its panel when the company has turned them off", async () => {
      refused(await other.post(otherToken, '/set_user_type', { type: 'SELLERS_AGENT' }), 'invalid_request', 'type');
      refused(
        await other.post(otherToken, '/set_sellers_agent', { first: 'Sam', last: 'Hale', email: 'sam@loganhomes.com' }),
        'SELLERS_AGENT_FAILED_VALIDATION',
        'none',
      );
    });
  });

  describe('clients', () => {
    const ada = { first: 'Ada', last: 'Brooks', email: 'ada.brooks@example.com', mobile_phone: '6145550101' };

    it('saves the first client', async () => {
      expect((await demo.post(token, '/set_client', { ...ada, send_sms: true })).json()).toEqual({ id: 1 });
      expect((await order()).client).toMatchObject({ ...ada, id: 1, send_sms: true });
      refused(
        await demo.post(token, '/set_client', { ...ada, mobile_phone: ' ' }),
        'CLIENTS_FAILED_VALIDATION',
        'mobile_phone',
      );
      // Decision 0027: a phone is a whole number of the company's country (the demo's is the US), as in the browser.
      const short = await demo.post(token, '/set_client', { ...ada, mobile_phone: '123' });
      refused(short, 'CLIENTS_FAILED_VALIDATION', 'mobile_phone');
      expect(short.json().error.message).toBe('Enter the whole mobile phone number, area code included');
      refused(
        await demo.post(token, '/set_clients', { clients: [ada, { ...ada, mobile_phone: '555-1234' }] }),
        'CLIENTS_FAILED_VALIDATION',
        'clients.1.mobile_phone',
      );
    });
    it('replaces the list, naming the failing client and field', async () => {
      const two = [
        ada,
        {
          first: 'Ben',
          last: 'Brooks',
          email: 'ben@example.com',
          mobile_phone: '6145550102',
          address1: '12 Elm St',
          city: 'Dublin',
          state: OHIO,
          postal_code: '43017',
        },
      ];
      const saved = await demo.post(token, '/set_clients', { clients: two });
      expect(saved.json().clients.map((c: { id: number; first: string }) => [c.id, c.first])).toEqual([
        [1, 'Ada'],
        [2, 'Ben'],
      ]);
      expect((await order()).clients?.map((c) => c.first)).toEqual(['Ada', 'Ben']);
      refused(
        await demo.post(token, '/set_clients', { clients: [ada, { ...ada, email: 'ben@@example.com' }] }),
        'CLIENTS_FAILED_VALIDATION',
        'clients.1.email',
      );
      refused(
        await demo.post(token, '/set_clients', { clients: [ada, { ...ada, state: 77 }] }),
        'CLIENTS_FAILED_VALIDATION',
        'clients.1.state',
      );
      refused(
        await demo.post(token, '/set_clients', { clients: Array.from({ length: 6 }, () => ada) }),
        'invalid_request',
        'clients',
      );
      refused(await demo.post(token, '/set_clients', { clients: [] }), 'invalid_request', 'clients');
    });
    it('refuses, per field, a value too long or of the wrong kind, and unknown fields', async () => {
      for (const field of partyFields('client')) {
        const bad = field === 'state' ? 'OH' : 'x'.repeat(PERSON_FIELD_MAX[field] + 1);
        refused(await demo.post(token, '/set_client', { ...ada, [field]: bad }), 'invalid_request', field);
      }
      const others = [
        ['/set_buyers_agent', 'buyers_agent', { ...ada, company: 'Short North Properties' }],
        [
          '/set_insurance_agent',
          'insurance_agent',
          { ...ada, work_phone: '6145550160', agency: 'Hayden Run Insurance Group' },
        ],
        ['/add_contact', 'contact', { first: 'Kevin', type: { id: 1, name: 'Loan Officer' } }],
      ] as const;
      for (const [path, party, valid] of others) {
        for (const field of partyFields(party)) {
          const bad = field === 'state' ? 0 : 'x'.repeat(PERSON_FIELD_MAX[field] + 1);
          refused(await demo.post(token, path, { ...valid, [field]: bad }), 'invalid_request', field);
        }
      }
      refused(await demo.post(token, '/set_client', { ...ada, first: 'A\u0000da' }), 'invalid_request', 'first');
      refused(await demo.post(token, '/set_client', { ...ada, send_sms: 'yes' }), 'invalid_request', 'send_sms');
      for (const path of [
        '/set_client',
        '/set_buyers_agent',
        '/set_insurance_agent',
        '/add_contact',
        '/remove_contact',
      ]) {
        const response = await demo.post(token, path, { ...ada, id: 1, pac_opt_out: false, agency_id: 7 });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('invalid_request');
      }
    });
  });

  describe('contacts', () => {
    const title = { id: 2, name: 'Title Company' };

    it('finds contacts of one type, with only the fields the form shows and the type', async () => {
      const found = (await demo.get(token, '/search_contacts?query=olentangy&type=2')).json<SearchResult[]>();
      expect(found).toEqual([
        {
          id: 411,
          display: 'Amanda Brooks (Olentangy Title Agency)',
          add_new: false,
          first: 'Amanda',
          last: 'Brooks',
          email: 'closings@olentangytitle.com',
          work_phone: '(614) 555-0220',
          company: 'Olentangy Title Agency',
          type: title,
        },
      ]);
      expect(
        (await demo.get(token, '/search_contacts?query=nunez&type=1')).json<SearchResult[]>().map((c) => c.last),
      ).toEqual(['Núñez']);
      expect((await demo.get(token, '/search_contacts?query=olentangy&type=1')).json()).toEqual([]);
      expect((await demo.get(token, '/search_contacts?query=olentangy&type=99')).json()).toEqual([]);
      refused(await demo.get(token, '/search_contacts?query=olentangy&type=title'), 'invalid_request', 'type');
    });
    it('adds a contact with a first name and a type, once per type, and removes it', async () => {
      const session = await startDemoSession(harness.app);
      refused(await demo.post(session, '/add_contact', { first: 'Amanda' }), 'CONTACT_FAILED_VALIDATION', 'type');
      refused(
        await demo.post(session, '/add_contact', { last: 'Brooks', type: title }),
        'CONTACT_FAILED_VALIDATION',
        'first',
      );
      refused(
        await demo.post(session, '/add_contact', { first: 'Amanda', type: { id: 42, name: 'Surveyor' } }),
        'CONTACT_FAILED_VALIDATION',
        'type',
      );
      expect(
        (await demo.post(session, '/add_contact', { id: 411, first: 'Amanda', last: 'Brooks', type: title })).json(),
      ).toEqual({ id: 411 });
      refused(
        await demo.post(session, '/add_contact', { first: 'Greg', last: 'Sutter', type: title }),
        'CONTACT_FAILED_VALIDATION',
        'type',
      );
      const lender = await demo.post(session, '/add_contact', {
        first: 'Lena',
        last: 'Ivanova',
        email: 'lena@riverbendlending.com',
        company: 'Riverbend Lending',
        type: { id: 1, name: 'Loan Officer' },
      });
      expect(lender.json().id).toBeGreaterThanOrEqual(PEOPLE_ADDED_ONLINE_FIRST_ID);
      expect((await order(session)).contacts.map((c) => [c.first, c.type?.name])).toEqual([
        ['Amanda', 'Title Company'],
        ['Lena', 'Loan Officer'],
      ]);
      expect((await demo.post(session, '/remove_contact', { id: 411, first: 'Amanda', type: title })).json()).toEqual({
        removed: true,
      });
      expect((await demo.post(session, '/remove_contact', { id: 411, first: 'Amanda', type: title })).json()).toEqual({
        removed: false,
      });
      refused(await demo.post(session, '/remove_contact', { first: 'Amanda' }), 'invalid_request', 'id');
      expect((await order(session)).contacts.map((c) => c.first)).toEqual(['Lena']);
    });
    it('replaces the list with set_contacts, checking each contact', async () => {
      const session = await startDemoSession(harness.app);
      const amanda = { id: 411, first: 'Amanda', last: 'Brooks', email: 'closings@olentangytitle.com', type: title };
      const saved = await demo.post(session, '/set_contacts', {
        contacts: [
          amanda,
          { first: 'Rita', last: 'Sol', email: 'rita@solaw.com', type: { id: 3, name: 'Closing Attorney' } },
        ],
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().contacts.map((c: { first: string }) => c.first)).toEqual(['Amanda', 'Rita']);
      refused(
        await demo.post(session, '/set_contacts', { contacts: [{ ...amanda, email: '' }] }),
        'CONTACT_FAILED_VALIDATION',
        'contacts.0.email',
      );
      refused(
        await demo.post(session, '/set_contacts', { contacts: [{ ...amanda, type: { id: 9, name: 'Plumber' } }] }),
        'CONTACT_FAILED_VALIDATION',
        'contacts.0.type',
      );
      // A contact with no type at all is refused as well, wherever it stands in the list.
      const { type: _type, ...untyped } = amanda;
      const noType = await demo.post(session, '/set_contacts', { contacts: [amanda, untyped] });
      expect(noType.statusCode).toBe(400);
      expect(noType.json().error.field).toBe('contacts.1.type');
      expect((await demo.post(session, '/set_contacts', { contacts: [] })).json()).toEqual({ contacts: [] });
      expect((await order(session)).contacts).toEqual([]);
    });
  });
});

describe("the company document's people", () => {
  const issue = (doc: unknown) => {
    const result = companyDocumentSchema.safeParse(doc);
    return result.success
      ? null
      : { path: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message };
  };
  const withPeople = (agents: unknown[], contacts: unknown[] = []) => ({ ...demoDocument(), agents, contacts });
  const agent = { id: 7, kind: 'real_estate', first: 'Ana', last: 'Ruiz' };
  const contact = { id: 8, type: 1, first: 'Lee', last: 'Park' };

  it('takes the demo company, with its contacts directory', () => {
    expect(issue(demoDocument())).toBeNull();
    expect(companyDocumentSchema.parse(demoDocument()).contacts.length).toBeGreaterThan(0);
  });
  it("names a person's state by one of the document's state ids, and a contact's type by one of its contact types", () => {
    expect(issue(withPeople([{ ...agent, state: OHIO }], [contact]))).toBeNull();
    expect(issue(withPeople([{ ...agent, state: 99 }]))).toMatchObject({ path: 'agents.0.state' });
    expect(issue(withPeople([{ ...agent, state: 'OH' }]))).toMatchObject({ path: 'agents.0.state' });
    expect(issue(withPeople([], [{ ...contact, type: 42 }]))).toMatchObject({ path: 'contacts.0.type' });
    expect(issue(withPeople([], [contact, contact]))).toMatchObject({ path: 'contacts.1.id' });
  });
  it('keeps the ids from 1,000,000,000 up for people added online, and only for them', () => {
    expect(issue(withPeople([{ ...agent, id: PEOPLE_ADDED_ONLINE_FIRST_ID, added_online: true }]))).toBeNull();
    expect(issue(withPeople([{ ...agent, id: PEOPLE_ADDED_ONLINE_FIRST_ID }]))).toMatchObject({ path: 'agents.0.id' });
    expect(issue(withPeople([], [{ ...contact, added_online: true }]))).toMatchObject({ path: 'contacts.0.id' });
  });
});
