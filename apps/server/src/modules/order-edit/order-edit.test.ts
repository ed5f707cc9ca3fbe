import type {
  ConsoleOrderEditPreview,
  ConsoleOrderEditResponse,
  ConsoleOrderEditState,
} from '@scheduler/contracts/order-edit';
import type { ConsoleOrderDetail } from '@scheduler/contracts/console';
import type { SearchResult } from '@scheduler/contracts/people';
import { and, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { EDIT_REASON_MAX } from '@scheduler/contracts/order-edit';
import { displayLines } from '@scheduler/domain/pricing/display-lines';
import { lengthText } from '@scheduler/domain/order-edit/edit-length';
import type { Pricing } from '@scheduler/contracts/pricing';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { rangeOf } from '../scheduling/scheduling.repository.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { importDemoCopy, type TestApp } from '../../test-support/test-app.ts';
import { ManagedBooking, setClock, startWithOtherCompany } from '../booking-changes/manage-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';

/** A Monday, 9 AM in Columbus (EST). */
const MONDAY = '2027-03-01T14:00:00.000Z';
const DEMO = '/api/console/companies/demo';
const OTHER_KEY = 'edit-other';
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000e1';
const RADON = 'a1c0ffee-0000-4000-8000-000000000006';

describeOnEachDatabase("the office's edit of an order", (factory) => {
  let harness: TestApp;
  let office: ConsolePerson;
  let inspector: ConsolePerson;
  let outsider: ConsolePerson;
  let booking: ManagedBooking;
  let otherBooking: ManagedBooking;

  const call = (method: 'GET' | 'POST', url: string, person: ConsolePerson, payload?: Record<string, unknown>) =>
    harness.app.inject({ method, url, headers: person.headers, ...(payload ? { payload } : {}) });
  const stateOf = async (orderId = booking.orderId) => {
    const response = await call('GET', `${DEMO}/orders/${orderId}/edit`, office);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ConsoleOrderEditState>();
  };
  /** The edit's body from the order as it is, with `changes` on top. */
  const bodyOf = (state: ConsoleOrderEditState, changes: Record<string, unknown> = {}) => ({
    version: state.version,
    package_id: state.package_id,
    service_ids: state.service_ids,
    special_note: state.special_note,
    // The discount the order carries stays unless an edit changes it (dropping it needs a reason).
    discount_cents: state.discount_cents,
    ...changes,
  });
  const save = (body: Record<string, unknown>, person = office, orderId = booking.orderId) =>
    call('POST', `${DEMO}/orders/${orderId}/edit`, person, body);

  beforeAll(async () => {
    harness = await startWithOtherCompany(factory, MONDAY, { key: OTHER_KEY, officeUuid: OTHER_OFFICE });
    office = await signedInMember(harness, 'office@edit.example', 'office');
    inspector = await signedInMember(harness, 'mike@edit.example', 'inspector', 'demo', 101);
    outsider = await signedInMember(harness, 'office@edit-other.example', 'office', OTHER_KEY);
    const day = demoOrdinaryWeekday('2027-03-08');
    booking = await ManagedBooking.book(harness, day, { agentEmail: 'ray@example.com' });
    otherBooking = await ManagedBooking.book(harness, day, { company: { key: OTHER_KEY, officeUuid: OTHER_OFFICE } });
  });
  beforeEach(() => setClock(harness, MONDAY));
  afterAll(async () => harness.close());

  it('adds a service repriced by the engine, records it in words, bumps the SEQUENCE and e-mails the people concerned', async () => {
    const state = await stateOf();
    expect(state.service_ids).not.toContain(RADON);
    const body = bodyOf(state, { service_ids: [...state.service_ids, RADON], notify: true });
    const preview = await call('POST', `${DEMO}/orders/${booking.orderId}/edit/preview`, office, body);
    expect(preview.statusCode, preview.body).toBe(200);
    const priced = preview.json<ConsoleOrderEditPreview>();
    expect(priced.before_total_cents).toBe(state.total_cents);
    // The lines shown add up to the total shown, to the cent.
    expect(priced.lines.reduce((sum, line) => sum + (line.amount ?? 0), 0)).toBe(priced.total_cents);
    expect(priced.changes).toContain('Radon Testing added ($150.00)');
    expect(priced.message.to.sort()).toEqual(['dana@example.com', 'ray@example.com']);
    const jobsBefore = (await booking.jobs('confirmation_email')).length;
    const sequenceBefore = (await booking.orderRow()).changeSequence;

    const saved = await call('POST', `${DEMO}/orders/${booking.orderId}/edit`, office, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json<ConsoleOrderEditResponse>();
    expect(answer.version).toBe(sequenceBefore + 1);
    expect(answer.total_cents).toBe(priced.total_cents);
    const row = await booking.orderRow();
    expect(row.changeSequence).toBe(sequenceBefore + 1);
    expect(row.serviceIds).toContain(RADON);
    const snapshot = row.pricingSnapshot as { total_cents: number; pricing: Pricing };
    expect(displayLines(snapshot.pricing).total).toBe(priced.total_cents);
    expect(snapshot.total_cents).toBe(snapshot.pricing.totals.grand_total);
    const [event] = await booking.events('edited');
    expect(event).toMatchObject({ by: { kind: 'office', name: 'office' }, sequence: sequenceBefore + 1 });
    const jobs = await booking.jobs('confirmation_email');
    expect(jobs.length - jobsBefore).toBe(2);
    // The order page's history and price follow.
    const detail = (await call('GET', `${DEMO}/orders/${booking.orderId}`, office)).json<ConsoleOrderDetail>();
    expect(detail.order.history.map((entry) => entry.type)).toContain('edited');
    expect(detail.order.total_cents).toBe(snapshot.total_cents);
  });

  it('refuses a save over a newer version (409) and saves nothing', async () => {
    const state = await stateOf();
    const stale = bodyOf(state, { version: state.version - 1, special_note: 'From an old window' });
    const response = await call('POST', `${DEMO}/orders/${booking.orderId}/edit`, office, stale);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'order_changed' } });
    expect((await booking.orderRow()).specialNote).not.toBe('From an old window');
  });

  it('requires a reason for a price changed by hand, bounded, and says the price change in words', async () => {
    const state = await stateOf();
    const [line] = state.prices;
    const priced = { prices: [{ ...line!, price_cents: line!.price_cents + 2000 }] };
    const noReason = await call('POST', `${DEMO}/orders/${booking.orderId}/edit`, office, bodyOf(state, priced));
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ error: { field: 'reason' } });
    const tooLong = await call(
      'POST',
      `${DEMO}/orders/${booking.orderId}/edit`,
      office,
      bodyOf(state, { ...priced, reason: 'x'.repeat(EDIT_REASON_MAX + 1) }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: { field: 'reason' } });
    const saved = await call(
      'POST',
      `${DEMO}/orders/${booking.orderId}/edit`,
      office,
      bodyOf(state, { ...priced, discount_cents: 1000, reason: 'x'.repeat(EDIT_REASON_MAX) }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const changes = saved.json<ConsoleOrderEditResponse>().changes;
    expect(changes.some((change) => / price: \$[\d,.]+ → \$[\d,.]+$/.test(change))).toBe(true);
    expect(changes).toContain('Discount added (- $10.00)');
    // The kept discount needs no reason again.
    const again = await stateOf();
    expect(again.discount_cents).toBe(1000);
    const note = await call('POST', `${DEMO}/orders/${booking.orderId}/edit`, office, {
      ...bodyOf(again, { special_note: 'Gate code 4417', discount_cents: 1000 }),
    });
    expect(note.statusCode, note.body).toBe(200);
  });

  it('answers 400 naming the field for bad input', async () => {
    const state = await stateOf();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ service_ids: ['not-a-uuid'] }, 'service_ids.0'],
      [{ service_ids: ['a1c0ffee-0000-4000-8000-0000000000ff'] }, 'service_ids'],
      [{ package_id: 999 }, 'package_id'],
      [{ package_id: null, service_ids: [] }, 'service_ids'],
      [{ prices: [{ kind: 'service', id: RADON, price_cents: 100_000_001 }] }, 'prices.0.price_cents'],
      [{ special_note: 'x'.repeat(4001) }, 'special_note'],
      [
        { people: [{ id: RADON, first: 'A', last: 'B', email: '', mobile_phone: '', work_phone: '', home_phone: '' }] },
        'people.0.id',
      ],
      [{ unknown: true }, ''],
    ];
    for (const [changes, field] of cases) {
      const response = await call('POST', `${DEMO}/orders/${booking.orderId}/edit`, office, bodyOf(state, changes));
      expect(response.statusCode, JSON.stringify(changes)).toBe(400);
      if (field) expect(response.json().error.field, JSON.stringify(changes)).toBe(field);
    }
  });

  it('edits an order whose service the catalogue has since dropped: shown at its booked price, kept or taken off, never added back', async () => {
    const company = { key: 'edit-retired', officeUuid: 'c0000000-0000-4000-8000-0000000000e2' };
    await importDemoCopy(harness, company.key, company.officeUuid);
    const member = await signedInMember(harness, 'office@edit-retired.example', 'office', company.key);
    const base = `/api/console/companies/${company.key}/orders`;
    const retired = await ManagedBooking.book(harness, demoOrdinaryWeekday('2027-03-09'), { company });
    const stateNow = async () => {
      const response = await call('GET', `${base}/${retired.orderId}/edit`, member);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ConsoleOrderEditState>();
    };
    const added = await stateNow();
    const withRadon = await call('POST', `${base}/${retired.orderId}/edit`, member, {
      ...bodyOf(added, { service_ids: [...added.service_ids, RADON] }),
    });
    expect(withRadon.statusCode, withRadon.body).toBe(200);
    const booked = await stateNow();
    const radonPrice = booked.prices.find((price) => price.id === RADON)!.price_cents;
    // The company drops Radon Testing from its catalogue (and from every package, inspector, coupon and rule naming it).
    await importDemoCopy(harness, company.key, company.officeUuid, (document) => withoutService(document, RADON));

    const state = await stateNow();
    expect(state.service_ids).toContain(RADON);
    expect(state.total_cents).toBe(booked.total_cents);
    // Another change saves with the service kept at its booked price: the total does not move.
    const note = bodyOf(state, { special_note: 'Gate code 4411' });
    const preview = await call('POST', `${base}/${retired.orderId}/edit/preview`, member, note);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<ConsoleOrderEditPreview>().total_cents).toBe(booked.total_cents);
    const saved = await call('POST', `${base}/${retired.orderId}/edit`, member, note);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ConsoleOrderEditResponse>().total_cents).toBe(booked.total_cents);
    // Listed, so the dialog can show it ticked and take it off, at the price the order booked it at.
    expect(state.services.find((service) => service.id === RADON)).toEqual({
      id: RADON,
      name: 'Radon Testing',
      price_cents: radonPrice,
      offered: false,
    });
    expect(state.services.filter((service) => !service.offered).map((service) => service.id)).toEqual([RADON]);
    // Taken off: the order drops it and its price.
    const kept = await stateNow();
    const off = await call('POST', `${base}/${retired.orderId}/edit`, member, {
      ...bodyOf(kept, { service_ids: kept.service_ids.filter((id) => id !== RADON) }),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<ConsoleOrderEditResponse>().total_cents).toBe(added.total_cents);
    expect((await retired.orderRow()).serviceIds).not.toContain(RADON);
    // Once off the order it is a service the office does not offer: 400 naming the field, nothing saved.
    const after = await stateNow();
    expect(after.services.map((service) => service.id)).not.toContain(RADON);
    const back = await call('POST', `${base}/${retired.orderId}/edit`, member, {
      ...bodyOf(after, { service_ids: [...after.service_ids, RADON] }),
    });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toMatchObject({ error: { code: 'unknown_item', field: 'service_ids' } });
  });

  it("corrects a client's e-mail as the contacts step checks it, and e-mails the corrected address", async () => {
    const state = await stateOf();
    const client = state.people.find((person) => person.role === 'client')!;
    const fixed = { ...client, email: 'dana.doe@example.org' };
    delete (fixed as { role?: string }).role;
    const malformed = await call('POST', `${DEMO}/orders/${booking.orderId}/edit`, office, {
      ...bodyOf(state, { people: [{ ...fixed, email: 'dana@example' }] }),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { field: 'people.0.email' } });
    const saved = await call('POST', `${DEMO}/orders/${booking.orderId}/edit`, office, {
      ...bodyOf(state, { people: [fixed], notify: true }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json<ConsoleOrderEditResponse>();
    expect(answer.changes).toContain(`${client.first} ${client.last}'s e-mail: ${client.email} → dana.doe@example.org`);
    expect(answer.emailed).toContain('dana.doe@example.org');
    expect(answer.emailed).not.toContain(client.email);
    expect((await stateOf()).people.find((person) => person.id === client.id)?.email).toBe('dana.doe@example.org');
  });

  it("keeps another company's order (404) and members without the permission (403) out", async () => {
    const state = await stateOf();
    for (const url of [
      `${DEMO}/orders/${otherBooking.orderId}/edit`,
      `${DEMO}/orders/${otherBooking.orderId}/edit/preview`,
    ]) {
      const response = await call(
        url.endsWith('preview') ? 'POST' : 'GET',
        url,
        office,
        url.endsWith('preview') ? bodyOf(state) : undefined,
      );
      expect(response.statusCode, url).toBe(404);
    }
    const outside = await call(
      'POST',
      `/api/console/companies/${OTHER_KEY}/orders/${booking.orderId}/edit`,
      outsider,
      bodyOf(state, { special_note: 'x' }),
    );
    expect(outside.statusCode).toBe(404);
    const byInspector = await call(
      'POST',
      `${DEMO}/orders/${booking.orderId}/edit`,
      inspector,
      bodyOf(state, { special_note: 'x' }),
    );
    expect(byInspector.statusCode).toBe(403);
    expect((await call('GET', `${DEMO}/orders/${booking.orderId}/edit`, inspector)).statusCode).toBe(403);
  });

  it("sets the buyer's and listing agents from the directory found by the office's lookup, named before → after", async () => {
    const state = await stateOf();
    expect(state.agents).toEqual({
      buyers_agent: { id: null, name: 'Ray Ortiz', email: 'ray@example.com' },
      sellers_agent: null,
    });
    const found = await call('GET', `${DEMO}/agent-search?type=sellers_agent&query=moreno`, office);
    expect(found.statusCode, found.body).toBe(200);
    const [jessica] = found.json<SearchResult[]>();
    expect(jessica).toMatchObject({ id: 201, first: 'Jessica', last: 'Moreno' });
    const saved = await save(
      bodyOf(state, { agents: { buyers_agent: 202, sellers_agent: jessica!.id }, notify: true }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json<ConsoleOrderEditResponse>();
    expect(answer.changes).toEqual(
      expect.arrayContaining(["Buyer's agent: Ray Ortiz → Brian Kowalski", 'Listing agent added (Jessica Moreno)']),
    );
    // The new agent gets the e-mail, the one taken off does not.
    expect(answer.emailed).toContain('brian.kowalski@shortnorthproperties.com');
    expect(answer.emailed).not.toContain('ray@example.com');
    const after = await stateOf();
    expect(after.agents.buyers_agent).toMatchObject({ id: 202, name: 'Brian Kowalski' });
    expect(after.agents.sellers_agent).toMatchObject({ id: 201, name: 'Jessica Moreno' });
    const recorded = (await booking.events('edited')).flatMap((event) => event.changes as unknown[]);
    expect(recorded).toContainEqual({ label: "Buyer's agent", before: 'Ray Ortiz', after: 'Brian Kowalski' });
    // The same agent again is no change; null takes the agent off.
    const removed = await save(bodyOf(after, { agents: { buyers_agent: 202, sellers_agent: null } }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<ConsoleOrderEditResponse>().changes).toEqual(['Listing agent removed (was Jessica Moreno)']);
    expect((await stateOf()).agents.sellers_agent).toBeNull();
  });

  it("refuses an agent the company's directory does not list (another company's, an insurance agent): 400 naming the role", async () => {
    const [other] = await harness.database.db
      .select({ id: t.companies.id })
      .from(t.companies)
      .where(eq(t.companies.key, OTHER_KEY));
    await harness.database.db
      .insert(t.agents)
      .values({ companyId: other!.id, id: 9901, kind: 'real_estate', first: 'Olga', last: 'Outside' });
    const state = await stateOf();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ buyers_agent: 9901 }, 'agents.buyers_agent'],
      [{ sellers_agent: 301 }, 'agents.sellers_agent'],
      [{ buyers_agent: 0 }, 'agents.buyers_agent'],
      [{ insurance_agent: 301 }, 'agents'],
    ];
    for (const [agents, field] of cases) {
      const response = await save(bodyOf(state, { agents }));
      expect(response.statusCode, JSON.stringify(agents)).toBe(400);
      expect(response.json().error.field, JSON.stringify(agents)).toBe(field);
    }
    expect((await stateOf()).version).toBe(state.version);
    // The lookup finds only this company's agents, and only for those who may edit an order.
    const outsideName = await call('GET', `${DEMO}/agent-search?type=buyers_agent&query=outside`, office);
    expect(outsideName.json()).toEqual([]);
    const short = await call('GET', `${DEMO}/agent-search?type=buyers_agent&query=m`, office);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: { field: 'query' } });
    expect((await call('GET', `${DEMO}/agent-search?type=buyers_agent&query=moreno`, inspector)).statusCode).toBe(403);
    expect((await call('GET', `${DEMO}/agent-search?type=buyers_agent&query=moreno`, outsider)).statusCode).toBe(403);
  });

  it("corrects a client's work and home phones, checked as the mobile one is (400 naming the field), trimmed and said in words", async () => {
    const state = await stateOf();
    const { role: _role, ...client } = state.people.find((person) => person.role === 'client')!;
    const name = `${client.first} ${client.last}`;
    for (const [field, typed] of [
      ['work_phone', '614-555-019'],
      ['home_phone', 'not a phone'],
    ] as const) {
      const refused = await save(bodyOf(state, { people: [{ ...client, [field]: typed }] }));
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json()).toMatchObject({ error: { field: `people.0.${field}` } });
    }
    const saved = await save(
      bodyOf(state, { people: [{ ...client, work_phone: ' (614) 555-0199 ', home_phone: '614.555.0100' }] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ConsoleOrderEditResponse>().changes).toEqual([
      `${name}'s work phone: (none) → (614) 555-0199`,
      `${name}'s home phone: (none) → 614.555.0100`,
    ]);
    const after = (await stateOf()).people.find((person) => person.id === client.id)!;
    expect(after).toMatchObject({ work_phone: '(614) 555-0199', home_phone: '614.555.0100' });
    // The orders search finds the client by the new phone typed another way (its digits).
    const party = await harness.database.db
      .select({ phones: t.orderParties.phoneSearch })
      .from(t.orderParties)
      .where(eq(t.orderParties.id, client.id));
    expect(party[0]?.phones).toContain('6145550199');
  });

  it('adds clients and a contact up to the limits, takes them off, and never the last client (400 naming the field)', async () => {
    const state = await stateOf();
    expect(state.client_limit).toBe(5);
    const title = state.contact_types.find((type) => type.name === 'Title Company')!;
    const [first] = state.people.filter((person) => person.role === 'client');
    expect(state.people.filter((person) => person.role === 'client')).toHaveLength(1);
    const person = (first: string, role: 'client' | 'contact' = 'client', contact_type_id: number | null = null) => ({
      role,
      contact_type_id,
      first,
      last: 'Lee',
      email: `${first.toLowerCase()}@example.com`,
      mobile_phone: '',
      work_phone: '',
      home_phone: '',
    });
    const four = ['Sam', 'Kim', 'Ann', 'Bo'].map((name) => person(name));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ removed: [first!.id] }, 'removed'],
      [{ removed: [RADON] }, 'removed.0'],
      [{ added: [...four, person('Cy')] }, 'added'],
      [{ added: [{ ...person('Sam'), work_phone: '614-555-019' }] }, 'added.0.work_phone'],
      [{ added: [{ ...person('Sam'), first: '' }] }, 'added.0.first'],
      [{ added: [person('Jo', 'contact', 999)] }, 'added.0.contact_type_id'],
      [{ added: [person('Jo', 'client', title.id)] }, 'added.0.contact_type_id'],
      [{ added: [person('Jo', 'contact', title.id), person('Al', 'contact', title.id)] }, 'added.1.contact_type_id'],
    ];
    for (const [changes, field] of cases) {
      const response = await save(bodyOf(state, changes));
      expect(response.statusCode, JSON.stringify(changes)).toBe(400);
      expect(response.json().error.field, JSON.stringify(changes)).toBe(field);
    }
    // Four more clients make five, the company's limit: taken.
    const added = await save(bodyOf(state, { added: [...four, person('Jo', 'contact', title.id)] }));
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<ConsoleOrderEditResponse>().changes).toEqual([
      'Client added (Sam Lee)',
      'Client added (Kim Lee)',
      'Client added (Ann Lee)',
      'Client added (Bo Lee)',
      'Title Company contact added (Jo Lee)',
    ]);
    const full = await stateOf();
    const clients = full.people.filter((one) => one.role === 'client');
    expect(clients.map((one) => one.first)).toEqual([first!.first, 'Sam', 'Kim', 'Ann', 'Bo']);
    const contact = full.people.find((one) => one.role === 'contact')!;
    // Every client off is refused; the first four off leave Bo as the first client, numbered 1.
    const all = await save(bodyOf(full, { removed: clients.map((one) => one.id) }));
    expect(all.statusCode).toBe(400);
    expect(all.json()).toMatchObject({ error: { field: 'removed' } });
    const removed = await save(bodyOf(full, { removed: [...clients.slice(0, 4).map((one) => one.id), contact.id] }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<ConsoleOrderEditResponse>().changes).toEqual([
      `Client removed (was ${first!.first} ${first!.last})`,
      'Client removed (was Sam Lee)',
      'Client removed (was Kim Lee)',
      'Client removed (was Ann Lee)',
      'Title Company contact removed (was Jo Lee)',
    ]);
    const [bo] = await harness.database.db
      .select({ position: t.orderParties.position, person: t.orderParties.person })
      .from(t.orderParties)
      .where(eq(t.orderParties.orderId, booking.orderId))
      .then((rows) => rows.filter((row) => row.person.first === 'Bo'));
    expect(bo).toMatchObject({ position: 0, person: { id: 1 } });
    expect((await stateOf()).people.map((one) => one.first)).toEqual(['Bo']);
  });

  it('edits the property answers as the property step checks them (400 naming the field), repriced and said in words', async () => {
    const state = await stateOf();
    const answers = state.property.answers;
    const occupancy = state.property.questions.find((question) => question.label === 'Occupancy')!;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sqft: 100_001 }, 'property.sqft'],
      [{ yb: 2028 }, 'property.yb'],
      [{ foundation_type: 99 }, 'property.foundation_type'],
      [
        { controls: answers.controls.filter((answer) => answer.id !== occupancy.id) },
        `property.controls.${occupancy.id}`,
      ],
    ];
    for (const [changes, field] of cases) {
      const response = await save(bodyOf(state, { property: { ...answers, ...changes } }));
      expect(response.statusCode, JSON.stringify(changes)).toBe(400);
      expect(response.json().error.field, JSON.stringify(changes)).toBe(field);
    }
    // 100,000 square feet is the most a home may have: taken. A crawlspace adds its fee.
    const foundation = answers.foundation_type === 2 ? 4 : 2;
    const body = bodyOf(state, { property: { ...answers, sqft: 100_000, yb: 2027, foundation_type: foundation } });
    const preview = await call('POST', `${DEMO}/orders/${booking.orderId}/edit/preview`, office, body);
    expect(preview.statusCode, preview.body).toBe(200);
    const priced = preview.json<ConsoleOrderEditPreview>();
    expect(priced.total_cents).toBeGreaterThan(state.total_cents!);
    expect(priced.changes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Square Feet: .+ → 100,000$/),
        expect.stringMatching(/^Year Built: .+ → 2027$/),
      ]),
    );
    expect(priced.changes.some((change) => change.startsWith('Foundation: '))).toBe(true);
    const saved = await save(body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ConsoleOrderEditResponse>().total_cents).toBe(priced.total_cents);
    const after = (await stateOf()).property.answers;
    expect(after).toMatchObject({ sqft: 100_000, yb: 2027, foundation_type: foundation });
    expect(after.controls).toEqual(answers.controls);
  });

  /** Miles along a meridian per degree of latitude (the great circle's radius, 3958.8 miles). */
  const MILES_PER_DEGREE = (3958.8 * Math.PI) / 180;
  /**
   * An address due north of the booked inspector's home, `beyond` road miles past their driving
   * radius (negative: inside it), as the office's estimate measures it (straight line × road factor).
   */
  const addressBeyondRadius = async (beyond: number) => {
    const db = harness.database.db;
    const row = await booking.orderRow();
    const [first] = row.inspectors;
    const [inspector] = await db
      .select()
      .from(t.inspectors)
      .where(and(eq(t.inspectors.companyId, row.companyId), eq(t.inspectors.id, first!.id)));
    const [officeRow] = await db.select().from(t.offices).where(eq(t.offices.id, row.officeId));
    const roadFactor = Number(officeRow!.scheduling.road_factor ?? 1.3);
    const degrees = (inspector!.maxDriveMiles + beyond) / roadFactor / MILES_PER_DEGREE;
    return {
      name: inspector!.display || `${inspector!.first} ${inspector!.last}`,
      address: {
        address1: `${Math.round(1000 + beyond * 100)} Elm St`,
        address2: '',
        city: 'Dublin',
        state: null,
        postal_code: '43017',
        latitude: inspector!.homeLatitude + degrees,
        longitude: inspector!.homeLongitude,
        county: '',
      },
    };
  };

  it("refuses an address just outside the inspector's area (400 on address, in words) and saves nothing", async () => {
    const state = await stateOf();
    const { name, address } = await addressBeyondRadius(0.1);
    const body = bodyOf(state, { address });
    for (const url of [`${DEMO}/orders/${booking.orderId}/edit/preview`, `${DEMO}/orders/${booking.orderId}/edit`]) {
      const response = await call('POST', url, office, body);
      expect(response.statusCode, url).toBe(400);
      const error = response.json<{ error: { field: string; message: string } }>().error;
      expect(error.field).toBe('address');
      expect(error.message).toContain("outside the inspector's area");
      expect(error.message).toContain(name);
      expect(error.message).toContain("Book outside the inspector's area");
    }
    expect((await booking.orderRow()).address1).not.toBe(address.address1);
  });

  it('takes an address just outside the area when the office ticks the override, and says so in the event', async () => {
    const state = await stateOf();
    const before = await booking.orderRow();
    const { address } = await addressBeyondRadius(0.1);
    const body = bodyOf(state, { address, book_outside_area: true });
    const preview = await call('POST', `${DEMO}/orders/${booking.orderId}/edit/preview`, office, body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<ConsoleOrderEditPreview>().before_total_cents).toBe(state.total_cents);
    const saved = await save(body);
    expect(saved.statusCode, saved.body).toBe(200);
    const changes = saved.json<ConsoleOrderEditResponse>().changes;
    expect(changes).toContain(
      `Address: ${before.address1}, ${before.city}, OH ${before.postalCode} → 1010 Elm St, Dublin, OH 43017`,
    );
    expect(
      changes.some((change) => change.startsWith("Booked outside the inspector's area, as the office chose:")),
    ).toBe(true);
    const row = await booking.orderRow();
    expect(row).toMatchObject({ address1: '1010 Elm St', postalCode: '43017', latitude: address.latitude });
    expect(row.changeSequence).toBe(before.changeSequence + 1);
    const events = await booking.events('edited');
    expect(JSON.stringify(events.at(-1))).toContain("Booked outside the inspector's area");
  });

  it('takes an address just inside the area without the override', async () => {
    const state = await stateOf();
    const { address } = await addressBeyondRadius(-0.1);
    const saved = await save(bodyOf(state, { address }));
    expect(saved.statusCode, saved.body).toBe(200);
    const changes = saved.json<ConsoleOrderEditResponse>().changes;
    expect(changes).toContain('Address: 1010 Elm St, Dublin, OH 43017 → 990 Elm St, Dublin, OH 43017');
    expect(changes.some((change) => change.startsWith('Booked outside'))).toBe(false);
    expect((await stateOf()).address).toMatchObject({ address1: '990 Elm St', postal_code: '43017' });
  });

  it('places the address as the wizard does: a PO box or a bad postal code is 400 naming its field', async () => {
    const state = await stateOf();
    const { address } = await addressBeyondRadius(-1);
    const poBox = await save(bodyOf(state, { address: { ...address, address1: 'PO Box 12' } }));
    expect(poBox.statusCode).toBe(400);
    expect(poBox.json()).toMatchObject({ error: { field: 'address.address1' } });
    const zip = await save(bodyOf(state, { address: { ...address, postal_code: '4301' } }));
    expect(zip.statusCode).toBe(400);
    expect(zip.json()).toMatchObject({ error: { field: 'address.postal_code' } });
  });

  it("prices the new address: its postal code's trip charge shows in the preview's old → new total", async () => {
    const state = await stateOf();
    const { address } = await addressBeyondRadius(-1);
    // 43015 (Delaware) is in the demo's $35 trip-charge zone; the order's own postal code is not.
    const body = bodyOf(state, { address: { ...address, postal_code: '43015', city: 'Delaware' } });
    const preview = await call('POST', `${DEMO}/orders/${booking.orderId}/edit/preview`, office, body);
    expect(preview.statusCode, preview.body).toBe(200);
    const priced = preview.json<ConsoleOrderEditPreview>();
    expect(priced.before_total_cents).toBe(state.total_cents);
    expect(priced.total_cents).toBeGreaterThanOrEqual(state.total_cents! + 3500);
    expect(priced.changes).toContain('Trip charge (outside Franklin County) added ($35.00)');
    expect(priced.changes.some((change) => /^Address: .+ → \d+ Elm St, Delaware, OH 43015$/.test(change))).toBe(true);
  });

  it("keeps another company's order (404) and an inspector (403) from changing an address", async () => {
    const state = await stateOf();
    const { address } = await addressBeyondRadius(-1);
    const body = bodyOf(state, { address, book_outside_area: true });
    expect((await save(body, inspector)).statusCode).toBe(403);
    expect((await save(body, office, otherBooking.orderId)).statusCode).toBe(404);
    const theirs = await call(
      'POST',
      `/api/console/companies/${OTHER_KEY}/orders/${booking.orderId}/edit`,
      outsider,
      body,
    );
    expect(theirs.statusCode).toBe(404);
    expect((await booking.orderRow()).address1).toBe('990 Elm St');
  });

  it("recomputes the inspection's length: ends exactly at the next booking taken, one minute past it 409, past the hours 409 unless kept", async () => {
    const db = harness.database.db;
    const fresh = await ManagedBooking.book(harness, demoOrdinaryWeekday('2027-03-10'));
    const state = await stateOf(fresh.orderId);
    expect(state.service_ids).not.toContain(RADON);
    const row = await fresh.orderRow();
    const inspectorId = row.inspectors[0]!.id;
    const start = row.datetime!.getTime();
    const booked = row.durationMinutes;
    const radonOf = async () => {
      const [radon] = await db
        .select({ durationMinutes: t.services.durationMinutes })
        .from(t.services)
        .where(and(eq(t.services.companyId, row.companyId), eq(t.services.id, RADON)));
      return radon!.durationMinutes;
    };
    const setRadon = (minutes: number) =>
      db
        .update(t.services)
        .set({ durationMinutes: minutes })
        .where(and(eq(t.services.companyId, row.companyId), eq(t.services.id, RADON)));
    const radonBefore = await radonOf();
    await setRadon(30);
    const end = start + (booked + 30) * 60_000;
    // Another customer's inspection for the same inspector, starting exactly where the longer one ends.
    const [other] = await db
      .insert(t.orders)
      .values({ companyId: row.companyId, officeId: row.officeId, postalCode: '43017' })
      .returning();
    const [blocking] = await db
      .insert(t.appointments)
      .values({
        companyId: row.companyId,
        officeId: row.officeId,
        orderId: other!.id,
        inspectorId,
        kind: 'appointment',
        during: rangeOf(end, end + 60 * 60_000),
      })
      .returning();
    const edit = (orderState: ConsoleOrderEditState, changes: Record<string, unknown>) =>
      save(bodyOf(orderState, changes), office, fresh.orderId);
    try {
      const exactly = await edit(state, { service_ids: [...state.service_ids, RADON] });
      expect(exactly.statusCode, exactly.body).toBe(200);
      expect(exactly.json<ConsoleOrderEditResponse>().changes).toContain(
        `Inspection length: ${lengthText(booked)} → ${lengthText(booked + 30)}`,
      );
      expect((await fresh.orderRow()).durationMinutes).toBe(booked + 30);
      const [appointment] = await fresh.rows();
      const bounds = [...String(appointment!.during).matchAll(/"([^"]+)"/g)].map((match) =>
        Date.parse(match[1]!.replace(' ', 'T').replace(/\+00$/, 'Z')),
      );
      expect(bounds).toEqual([start, end]);
      // A shorter inspection is always taken.
      const longer = await stateOf(fresh.orderId);
      expect((await edit(longer, { service_ids: state.service_ids })).statusCode).toBe(200);
      expect((await fresh.orderRow()).durationMinutes).toBe(booked);

      await db
        .update(t.appointments)
        .set({ during: rangeOf(end - 60_000, end + 60 * 60_000) })
        .where(eq(t.appointments.id, blocking!.id));
      const shorter = await stateOf(fresh.orderId);
      const pastNext = await edit(shorter, { service_ids: [...state.service_ids, RADON], keep_length: true });
      expect(pastNext.statusCode).toBe(409);
      expect(pastNext.json()).toMatchObject({ error: { code: 'change_refused', field: 'service_ids' } });
      expect(pastNext.json<{ error: { message: string } }>().error.message).toMatch(/next booking starts at/);
      expect((await fresh.orderRow()).durationMinutes).toBe(booked);

      // Past the hours by one minute (Mike works until 5 PM; Columbus is UTC−5 on 10 March 2027).
      await db.delete(t.appointments).where(eq(t.appointments.id, blocking!.id));
      const localStart = new Date(start - 5 * 3_600_000);
      const startMinutes = localStart.getUTCHours() * 60 + localStart.getUTCMinutes();
      await setRadon(17 * 60 - startMinutes - booked + 1);
      const pastHours = await edit(shorter, { service_ids: [...state.service_ids, RADON] });
      expect(pastHours.statusCode, pastHours.body).toBe(409);
      expect(pastHours.json()).toMatchObject({ error: { field: 'keep_length' } });
      expect(pastHours.json<{ error: { message: string } }>().error.message).toContain(
        'The inspection would end at 5:01 PM, after',
      );
      const kept = await edit(shorter, { service_ids: [...state.service_ids, RADON], keep_length: true });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(
        kept
          .json<ConsoleOrderEditResponse>()
          .changes.some((change) => change.startsWith("Kept past the inspector's working hours, as the office chose:")),
      ).toBe(true);
    } finally {
      await setRadon(radonBefore);
      await db.delete(t.appointments).where(eq(t.appointments.orderId, other!.id));
    }
  });
});

/** The company document without one service: its entry, and its uuid wherever a package, inspector, coupon or rule names it. */
function withoutService(document: Record<string, any>, uuid: string): void {
  const others = (ids: string[]) => ids.filter((id) => id !== uuid);
  document.services = document.services.filter((service: { uuid: string }) => service.uuid !== uuid);
  for (const pkg of document.packages) pkg.services = others(pkg.services);
  for (const inspector of document.inspectors) inspector.services = others(inspector.services);
  document.pricing.coupons = document.pricing.coupons.filter(
    (coupon: { services?: string[] }) => !coupon.services?.includes(uuid),
  );
  document.booking_changes.services = document.booking_changes.services.filter(
    (rule: { service: string }) => rule.service !== uuid,
  );
}
