import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { loadMessageFacts } from './order-facts.repository.ts';

/**
 * The facts a message is written from, read field by field from rows written here: two companies
 * whose inspectors, states, packages, services and questions share ids, so that every read is
 * seen to take the order's own company's row and never the other's.
 */
const START = new Date('2026-12-01T14:30:00.000Z');
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const SERVICE_FROM_PACKAGE = randomUUID();
const SERVICE_BOOKED = randomUUID();
const SERVICE_SAME_TEXT = randomUUID();
const SERVICE_BLANK = randomUUID();

describeOnEachDatabase('the order facts of a message', { onPgliteToo: 'every test' }, (factory) => {
  let database: DatabaseHandle;
  const ours = { company: '', office: randomUUID() };
  const theirs = { company: '', office: randomUUID() };

  async function company(key: string, officeId: string, label: string): Promise<string> {
    const db = database.db;
    const [row] = await db
      .insert(t.companies)
      .values({ key, name: `${label} Inspections`, logo: PNG })
      .returning({ id: t.companies.id });
    const companyId = row!.id;
    await db.insert(t.offices).values({
      id: officeId,
      companyId,
      name: `${label} office`,
      phone: '(614) 555-0100',
      email: `office@${key}.example`,
      state: 'OH',
      timeZone: 'America/New_York',
      scheduling: {},
    });
    const inspector = (id: number, display: string) => ({
      companyId,
      id,
      officeId,
      first: display,
      last: label,
      display,
      maxInspectionsPerDay: 3,
      homeLatitude: 40,
      homeLongitude: -83,
      maxDriveMiles: 50,
      weeklyHours: {},
    });
    await db
      .insert(t.inspectors)
      .values(
        label === 'Ours'
          ? [inspector(1, 'Ann Ours'), inspector(2, 'Ben Ours')]
          : [inspector(1, 'Ann Theirs'), inspector(2, 'Ben Theirs'), inspector(3, 'Cal Theirs')],
      );
    await db.insert(t.states).values({ companyId, id: 7, abbreviation: label === 'Ours' ? 'OH' : 'KY', name: label });
    await db.insert(t.packages).values({
      companyId,
      id: 1,
      name: 'Full',
      priceCents: 30000,
      prepare: label === 'Ours' ? '  Clear the attic hatch  ' : 'Their package text',
    });
    const service = (id: string, prepare: string, sort: number) => ({
      companyId,
      id,
      name: `Service ${sort}`,
      priceCents: 100,
      durationMinutes: 30,
      sort,
      prepare,
    });
    await db
      .insert(t.services)
      .values(
        label === 'Ours'
          ? [
              service(SERVICE_FROM_PACKAGE, 'Unlock the gate', 1),
              service(SERVICE_BOOKED, ' Leave the pets out ', 2),
              service(SERVICE_SAME_TEXT, 'Clear the attic hatch', 3),
              service(SERVICE_BLANK, '   ', 4),
            ]
          : [service(SERVICE_FROM_PACKAGE, 'Their service text', 1), service(SERVICE_BOOKED, 'Their other text', 2)],
      );
    await db
      .insert(t.packageServices)
      .values({ companyId, packageId: 1, serviceId: SERVICE_FROM_PACKAGE, position: 0 });
    await db.insert(t.propertyControls).values([
      {
        companyId,
        id: 10,
        slug: 'gate',
        type: 'TextBox',
        label: label === 'Ours' ? 'Gate code' : 'Their question',
        sort: 2,
      },
      {
        companyId,
        id: 11,
        slug: 'foundation',
        type: 'FoundationType',
        label: 'Foundation',
        options: [{ id: 2, value: label === 'Ours' ? 'Slab' : 'Their slab' }],
        sort: 1,
      },
      { companyId, id: 12, slug: 'pool', type: 'CheckBox', label: label === 'Ours' ? 'Pool' : 'Their pool', sort: 0 },
    ]);
    return companyId;
  }

  beforeAll(async () => {
    database = await factory.open();
    ours.company = await company('facts-ours', ours.office, 'Ours');
    theirs.company = await company('facts-theirs', theirs.office, 'Theirs');
  });
  afterAll(async () => database?.close());

  async function settings(values: Record<string, string | boolean>): Promise<void> {
    await database.db
      .update(t.companies)
      .set({ settings: Object.entries(values).map(([key, value]) => ({ key, value })) })
      .where(eq(t.companies.id, ours.company));
  }

  /** One order of ours, as the changes make it; its id. */
  async function order(
    changes: Partial<typeof t.orders.$inferInsert> = {},
    parties: Array<{ role: typeof t.orderParties.$inferInsert.role; person: Record<string, unknown> }> = [],
  ): Promise<string> {
    const [row] = await database.db
      .insert(t.orders)
      .values({
        companyId: ours.company,
        officeId: ours.office,
        status: 'confirmed',
        datetime: START,
        durationMinutes: 90,
        ...changes,
      })
      .returning({ id: t.orders.id });
    const orderId = row!.id;
    if (parties.length)
      await database.db
        .insert(t.orderParties)
        .values(parties.map((party, position) => ({ companyId: ours.company, orderId, position, ...party })));
    return orderId;
  }

  it('reads the people on the order: trimmed addresses, phones by label, firm, and the clients named', async () => {
    await settings({});
    const orderId = await order({}, [
      {
        role: 'client',
        person: {
          first: 'Dana',
          last: 'Stone',
          email: '  Dana@Example.com ',
          mobile_phone: ' (614) 555-0142 ',
          work_phone: '',
          home_phone: '614-555-0143',
          company: 'Acme Homes',
          agency: '',
        },
      },
      {
        role: 'buyers_agent',
        person: {
          first: 'Ray',
          last: 'Realtor',
          email: 7,
          agency: ' Realty One ',
          company: 'Ignored Co',
          work_phone: '614-555-0111',
        },
      },
      { role: 'client', person: { email: 'nameless@example.com' } },
      { role: 'contact', person: { first: 'Cory', last: 'Contact' } },
    ]);
    const facts = await loadMessageFacts(database.db, ours.company, orderId);
    expect(facts?.people).toEqual([
      {
        role: 'client',
        name: 'Dana Stone',
        email: 'Dana@Example.com',
        phones: [
          { label: 'Mobile', number: '(614) 555-0142' },
          { label: 'Home', number: '614-555-0143' },
        ],
        company: 'Acme Homes',
        textMessageNumber: null,
      },
      {
        role: 'buyers_agent',
        name: 'Ray Realtor',
        email: '',
        phones: [{ label: 'Work', number: '614-555-0111' }],
        company: 'Realty One',
        textMessageNumber: null,
      },
      { role: 'client', name: '', email: 'nameless@example.com', phones: [], company: '', textMessageNumber: null },
      { role: 'contact', name: 'Cory Contact', email: '', phones: [], company: '', textMessageNumber: null },
    ]);
    expect(facts?.clientNames).toEqual(['Dana Stone']);
  });

  it("names the order's inspectors, state, answers and prepare texts from its own company's rows only", async () => {
    await settings({});
    const orderId = await order({
      inspectors: [
        { id: 2, requested: false },
        { id: 3, requested: false },
      ],
      stateId: 7,
      foundationTypeId: 2,
      packageIds: [1],
      serviceIds: [SERVICE_BOOKED, SERVICE_SAME_TEXT, SERVICE_BLANK],
    });
    await database.db.insert(t.orderAnswers).values([
      { companyId: ours.company, orderId, controlId: 10, value: '1234' },
      { companyId: ours.company, orderId, controlId: 12, checked: true },
    ]);
    const facts = await loadMessageFacts(database.db, ours.company, orderId);
    // Inspector 3 is only the other company's: it is named by its id, never by their name.
    expect(facts?.inspectors).toEqual(['Ben Ours', '#3']);
    expect(facts?.address.state).toBe('OH');
    expect(facts?.property.foundation).toBe('Slab');
    expect(facts?.property.answers).toEqual([
      { question: 'Pool', answer: 'Yes' },
      { question: 'Gate code', answer: '1234' },
    ]);
    // Packages first, then services by their sort, each text once, trimmed, blanks left out.
    expect(facts?.prepare).toEqual(['Clear the attic hatch', 'Unlock the gate', 'Leave the pets out']);
    // Another company asking for our order gets nothing.
    expect(await loadMessageFacts(database.db, theirs.company, orderId)).toBeNull();
  });

  it('reads an order with no inspectors, state, packages or snapshot as empty, never failing', async () => {
    await settings({});
    const orderId = await order({ pricingSnapshot: null });
    const facts = await loadMessageFacts(database.db, ours.company, orderId);
    expect(facts).toMatchObject({
      inspectors: [],
      prepare: [],
      services: [],
      totalCents: null,
      pricing: null,
      clientNames: [],
      people: [],
    });
    expect(facts?.address.state).toBe('');
    expect(facts?.property).toEqual({ sqft: null, yearBuilt: null, foundation: '', salesPrice: '', answers: [] });
    const onlyServices = await order({ serviceIds: [SERVICE_BOOKED] });
    expect((await loadMessageFacts(database.db, ours.company, onlyServices))?.prepare).toEqual(['Leave the pets out']);
  });

  it("reads the frozen lines' names as plain text, the total only when it is a number, and the end from the duration", async () => {
    await settings({});
    const orderId = await order({
      pricingSnapshot: {
        total_cents: 34500,
        lines: [{ name: '<b>Home</b> &amp; radon' }, { name: '' }, {}, { name: 'Pool' }],
      },
    });
    const facts = await loadMessageFacts(database.db, ours.company, orderId);
    expect(facts?.services).toEqual(['Home & radon', 'Pool']);
    expect(facts?.totalCents).toBe(34500);
    expect(facts?.start).toEqual(START);
    expect(facts?.end).toEqual(new Date('2026-12-01T16:00:00.000Z'));
    expect(facts?.durationMinutes).toBe(90);
    const free = await order({ pricingSnapshot: { total_cents: 0, lines: [] } });
    expect((await loadMessageFacts(database.db, ours.company, free))?.totalCents).toBe(0);
    const textual = await order({ pricingSnapshot: { total_cents: '34500' } });
    expect((await loadMessageFacts(database.db, ours.company, textual))?.totalCents).toBeNull();
  });

  it('offers the pay link only while unpaid, with a link, and with the setting on', async () => {
    const payUrl = 'https://pay.example/ord';
    await settings({ [SETTING.SHOW_PAYMENT_LINK]: true });
    const unpaid = await order({ paid: false, payUrl });
    const paid = await order({ paid: true, payUrl });
    const noLink = await order({ paid: false, payUrl: null });
    const payUrlOf = async (orderId: string) => (await loadMessageFacts(database.db, ours.company, orderId))?.payUrl;
    expect(await payUrlOf(unpaid)).toBe(payUrl);
    expect(await payUrlOf(paid)).toBeNull();
    expect(await payUrlOf(noLink)).toBeNull();
    await settings({});
    expect(await payUrlOf(unpaid)).toBeNull();
  });

  it("shows a logo in e-mails only for a raster data URL, the office's before the company's, unless hidden", async () => {
    const orderId = await order();
    const emailLogo = async () => (await loadMessageFacts(database.db, ours.company, orderId))?.emailLogo;
    const officeLogo = async (logo: string | null) =>
      database.db.update(t.offices).set({ logo }).where(eq(t.offices.id, ours.office));
    await settings({});
    expect(await emailLogo()).toBe(true);
    await settings({ [SETTING.HIDE_LOGO]: true });
    expect(await emailLogo()).toBe(false);
    await settings({});
    for (const [logo, shown] of [
      ['data:image/svg+xml;base64,PHN2Zz4=', false],
      ['DATA:image/JPEG,abc', true],
      ['data:image/gif;base64,R0lG', true],
      [`x${PNG}`, false],
      ['data:image/pngx;base64,abc', false],
    ] as const) {
      await officeLogo(logo);
      expect([logo, await emailLogo()]).toEqual([logo, shown]);
    }
    await officeLogo(null);
    expect(await emailLogo()).toBe(true);
    await database.db.update(t.companies).set({ logo: null }).where(eq(t.companies.id, ours.company));
    expect(await emailLogo()).toBe(false);
    await database.db.update(t.companies).set({ logo: PNG }).where(eq(t.companies.id, ours.company));
  });

  it('reads confirmed orders, cancelled ones only when asked, and never a draft or an order without a time', async () => {
    await settings({});
    const confirmed = await order();
    const draft = await order({ status: 'draft' });
    const timeless = await order({ datetime: null });
    const cancelledAt = new Date('2026-11-25T10:00:00.000Z');
    const cancelled = await order({
      status: 'cancelled',
      cancelledAt,
      cancelReason: 'Sold elsewhere',
      cancelFeeCents: 5000,
    });
    const cancelledLongAgo = await order({ status: 'cancelled', cancelledAt: null });
    const load = (orderId: string, cancelledToo = false) =>
      loadMessageFacts(database.db, ours.company, orderId, cancelledToo ? { cancelled: true } : {});
    expect(await load(confirmed)).toMatchObject({ status: 'confirmed', cancelled: null });
    expect(await load(draft)).toBeNull();
    expect(await load(draft, true)).toBeNull();
    expect(await load(timeless)).toBeNull();
    expect(await load(randomUUID())).toBeNull();
    expect(await load(cancelled)).toBeNull();
    expect(await load(cancelled, true)).toMatchObject({
      status: 'cancelled',
      cancelled: { at: cancelledAt, reason: 'Sold elsewhere', feeCents: 5000 },
    });
    const [row] = await database.db
      .select({ updatedAt: t.orders.updatedAt })
      .from(t.orders)
      .where(eq(t.orders.id, cancelledLongAgo));
    expect((await load(cancelledLongAgo, true))?.cancelled).toEqual({ at: row!.updatedAt, reason: '', feeCents: null });
  });
});
