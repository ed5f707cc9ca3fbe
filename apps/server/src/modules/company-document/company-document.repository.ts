import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CompanyDocument } from '@scheduler/contracts/company-document';
import { readTogether, type Executor, type Transaction } from '../../db/connection.ts';
import { inspectorFromRow, packageFromRow, serviceFromRow } from '../../db/document-rows.ts';
import * as t from '../../db/schema.ts';
import { parseDocumentInSlices } from './document-parse.ts';
import { readDirectoryPeople, replaceDirectoryPeople } from './people-directory.repository.ts';
import { loadNotificationSettings, saveNotificationSettings } from '../notifications/notifications.service.ts';

/**
 * Reads and writes a whole company document. Writing replaces the company's configuration:
 * catalogue rows are replaced; offices and inspectors absent from the document are deactivated
 * rather than deleted, because sessions, orders and appointments still refer to them; people
 * visitors added online are never deleted or renumbered (decision 0015).
 */

export async function findOfficeOwners(
  db: Executor,
  officeIds: string[],
): Promise<Array<{ id: string; companyKey: string }>> {
  if (officeIds.length === 0) return [];
  return db
    .select({ id: t.offices.id, companyKey: t.companies.key })
    .from(t.offices)
    .innerJoin(t.companies, eq(t.companies.id, t.offices.companyId))
    .where(inArray(t.offices.id, officeIds));
}

/** Any fixed number, apart from the migrations' lock: the space of the imports' advisory locks. */
const IMPORT_LOCK_SPACE = 727_002;

/** The largest inspector id the company has used, removed inspectors included (0: none yet). */
export async function highestInspectorId(db: Executor, companyId: string): Promise<number> {
  const [row] = await db
    .select({ highest: sql<number>`coalesce(max(${t.inspectors.id}), 0)::int` })
    .from(t.inspectors)
    .where(eq(t.inspectors.companyId, companyId));
  return Number(row?.highest ?? 0);
}

/** The id of the company with this key, or null. */
export async function companyIdOfKey(db: Executor, key: string): Promise<string | null> {
  const [row] = await db.select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, key));
  return row?.id ?? null;
}

/**
 * Holds, until the transaction ends, the locks of a company key and of the offices a document
 * names. Two imports naming one of them run one after the other, so what the second reads about
 * who owns an office is what the first committed. Taken in one order, so two imports never wait
 * for each other in a circle.
 */
export async function lockForImport(tx: Transaction, companyKey: string, officeIds: string[]): Promise<void> {
  const names = [...new Set([`company:${companyKey}`, ...officeIds.map((id) => `office:${id}`)])].sort();
  for (const name of names) {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(IMPORT_LOCK_SPACE))}, hashtext(${name}))`);
  }
}

/**
 * The company's organization (the console's team, Better Auth's word), made with the company and
 * only here (issue 39): tied by the company's immutable id, never found by a name, so no
 * organization is ever adopted by another company. Its slug is the company's id, which decides
 * nothing; its name follows the company's (Better Auth's invitation e-mail says it).
 */
async function upsertCompanyOrganization(tx: Transaction, companyId: string, name: string): Promise<void> {
  await tx
    .insert(t.authOrganizations)
    .values({ id: randomUUID(), companyId, name, slug: companyId })
    .onConflictDoUpdate({ target: t.authOrganizations.companyId, set: { name } });
}

/** Writes the document's rows; the caller holds the import's locks in `tx`. */
export async function replaceCompanyDocument(
  tx: Transaction,
  doc: CompanyDocument,
): Promise<{ companyId: string; created: boolean }> {
  const companyFields = {
    name: doc.name,
    currency: doc.currency,
    country: doc.country,
    schedulerEnabled: doc.scheduler_enabled,
    logo: doc.logo,
    stateLabel: doc.state_label,
    maxClients: doc.max_clients,
    rerRushAmountCents: doc.rer_rush_amount_cents,
    settings: doc.settings,
    embeddingOrigins: doc.embedding_origins,
    payments: doc.payments,
    bookingChanges: doc.booking_changes,
    consoleSettings: doc.console,
    analyticsSettings: doc.analytics,
    privacySettings: doc.privacy,
    updatedAt: new Date(),
  };
  const existing = await tx.select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, doc.key));
  const companyId =
    existing[0]?.id ??
    (
      await tx
        .insert(t.companies)
        .values({ key: doc.key, ...companyFields })
        .returning({ id: t.companies.id })
    )[0]!.id;
  if (existing[0]) await tx.update(t.companies).set(companyFields).where(eq(t.companies.id, companyId));
  await upsertCompanyOrganization(tx, companyId, doc.name);
  await saveNotificationSettings(tx, companyId, doc.notifications);

  // Replaced wholesale: nothing outside the configuration refers to these rows by key.
  for (const table of [
    t.packageServices,
    t.packages,
    t.services,
    t.fees,
    t.taxes,
    t.coupons,
    t.propertyControls,
    t.contactTypes,
    t.states,
  ]) {
    await tx.delete(table).where(eq(table.companyId, companyId));
  }

  await tx.insert(t.states).values(doc.states.map((s) => ({ companyId, ...s })));

  for (const [position, office] of doc.offices.entries()) {
    const row = {
      companyId,
      active: true,
      position,
      name: office.name,
      phone: office.phone,
      email: office.email,
      state: office.state,
      timeZone: office.time_zone,
      address1: office.address1,
      address2: office.address2,
      city: office.city,
      postalCode: office.postal_code,
      latitude: office.latitude,
      longitude: office.longitude,
      logo: office.logo,
      scheduling: office.scheduling,
    };
    await tx
      .insert(t.offices)
      .values({ id: office.uuid, ...row })
      .onConflictDoUpdate({ target: t.offices.id, set: row });
  }
  const officeIds = doc.offices.map((o) => o.uuid);
  await tx
    .update(t.offices)
    .set({ active: false })
    .where(and(eq(t.offices.companyId, companyId), notInArray(t.offices.id, officeIds)));

  for (const inspector of doc.inspectors) {
    const row = {
      officeId: inspector.office,
      active: inspector.active,
      first: inspector.first,
      last: inspector.last,
      display: inspector.display,
      email: inspector.email,
      phone: inspector.phone,
      preferredRank: inspector.preferred_rank,
      maxInspectionsPerDay: inspector.max_inspections_per_day,
      homeLatitude: inspector.home_base.latitude,
      homeLongitude: inspector.home_base.longitude,
      homePostalCode: inspector.home_base.postal_code,
      maxDriveMiles: inspector.max_drive_miles,
      services: inspector.services,
      postalCodes: inspector.postal_codes,
      postalCodesByWeekday: inspector.postal_codes_by_weekday,
      weeklyHours: inspector.weekly_hours,
      overrides: inspector.overrides,
      removedAt: null,
    };
    await tx
      .insert(t.inspectors)
      .values({ companyId, id: inspector.id, ...row })
      .onConflictDoUpdate({ target: [t.inspectors.companyId, t.inspectors.id], set: row });
  }
  const inspectorIds = doc.inspectors.map((i) => i.id);
  await tx
    .update(t.inspectors)
    .set({ removedAt: new Date() })
    .where(
      and(
        eq(t.inspectors.companyId, companyId),
        inspectorIds.length ? notInArray(t.inspectors.id, inspectorIds) : undefined,
      ),
    );

  if (doc.services.length) {
    await tx.insert(t.services).values(
      doc.services.map((s) => ({
        companyId,
        id: s.uuid,
        name: s.name,
        description: s.description,
        ancillary: s.ancillary,
        isPac: s.is_pac,
        label: s.label,
        rer: s.rer,
        priceCents: s.price_cents,
        durationMinutes: s.duration_minutes,
        sort: s.sort,
        prepare: s.prepare,
      })),
    );
  }
  for (const p of doc.packages) {
    await tx.insert(t.packages).values({
      companyId,
      id: p.id,
      name: p.name,
      description: p.description,
      best: p.best,
      bestText: p.best_text,
      rer: p.rer,
      priceCents: p.price_cents,
      durationMinutes: p.duration_minutes,
      sort: p.sort,
      prepare: p.prepare,
    });
    await tx
      .insert(t.packageServices)
      .values(p.services.map((serviceId, position) => ({ companyId, packageId: p.id, serviceId, position })));
  }
  if (doc.fees.length) {
    await tx.insert(t.fees).values(
      doc.fees.map((f, position) => ({
        companyId,
        position,
        code: f.code,
        description: f.description,
        scope: f.scope,
        services: f.services,
        rule: f.rule,
      })),
    );
  }
  if (doc.taxes.length) {
    await tx.insert(t.taxes).values(
      doc.taxes.map((x, position) => ({
        companyId,
        position,
        code: x.code,
        name: x.name,
        ratePercent: x.rate_percent,
        services: x.services,
      })),
    );
  }
  if (doc.coupons.length) {
    await tx.insert(t.coupons).values(
      doc.coupons.map((c, position) => ({
        companyId,
        position,
        code: c.code.toUpperCase(),
        displayCode: c.code,
        name: c.name,
        discount: c.discount,
        validFrom: c.valid_from,
        validUntil: c.valid_until,
        maxRedemptions: c.max_redemptions,
        active: c.active,
      })),
    );
  }
  if (doc.property_controls.length) {
    await tx.insert(t.propertyControls).values(
      doc.property_controls.map((c) => ({
        companyId,
        id: c.id,
        slug: c.slug,
        type: c.type,
        label: c.label,
        length: c.length,
        required: c.required,
        fee: c.fee,
        options: c.options,
        description: c.description,
        textBoxLabel: c.text_box_label,
        sort: c.sort,
      })),
    );
  }
  await tx
    .insert(t.companyPricing)
    .values({ companyId, rules: doc.pricing })
    .onConflictDoUpdate({ target: t.companyPricing.companyId, set: { rules: doc.pricing } });
  if (doc.contact_types.length) {
    await tx
      .insert(t.contactTypes)
      .values(doc.contact_types.map((c, position) => ({ companyId, position, id: c.id, name: c.name })));
  }
  await replaceDirectoryPeople(tx, companyId, doc.agents, doc.contacts);
  return { companyId, created: !existing[0] };
}

/** The company's configuration as a document, or null when no company has that key. */
export async function readCompanyDocument(db: Executor, key: string): Promise<CompanyDocument | null> {
  const [company] = await db.select().from(t.companies).where(eq(t.companies.key, key));
  if (!company) return null;
  const companyId = company.id;
  const byCompany = (table: { companyId: AnyPgColumn }) => eq(table.companyId, companyId);

  const [
    states,
    offices,
    inspectors,
    services,
    packages,
    packageServices,
    fees,
    taxes,
    coupons,
    controls,
    contactTypes,
    people,
    [pricing],
  ] = await readTogether(db, [
    () => db.select().from(t.states).where(byCompany(t.states)).orderBy(asc(t.states.id)),
    () =>
      db
        .select()
        .from(t.offices)
        .where(and(byCompany(t.offices), eq(t.offices.active, true)))
        .orderBy(asc(t.offices.position)),
    () =>
      db
        .select()
        .from(t.inspectors)
        .where(and(byCompany(t.inspectors), isNull(t.inspectors.removedAt)))
        .orderBy(asc(t.inspectors.id)),
    () => db.select().from(t.services).where(byCompany(t.services)).orderBy(asc(t.services.sort), asc(t.services.name)),
    () => db.select().from(t.packages).where(byCompany(t.packages)).orderBy(asc(t.packages.sort), asc(t.packages.id)),
    () =>
      db.select().from(t.packageServices).where(byCompany(t.packageServices)).orderBy(asc(t.packageServices.position)),
    () => db.select().from(t.fees).where(byCompany(t.fees)).orderBy(asc(t.fees.position)),
    () => db.select().from(t.taxes).where(byCompany(t.taxes)).orderBy(asc(t.taxes.position)),
    () => db.select().from(t.coupons).where(byCompany(t.coupons)).orderBy(asc(t.coupons.position)),
    () =>
      db
        .select()
        .from(t.propertyControls)
        .where(byCompany(t.propertyControls))
        .orderBy(asc(t.propertyControls.sort), asc(t.propertyControls.id)),
    () => db.select().from(t.contactTypes).where(byCompany(t.contactTypes)).orderBy(asc(t.contactTypes.position)),
    () => readDirectoryPeople(db, companyId),
    () => db.select({ rules: t.companyPricing.rules }).from(t.companyPricing).where(byCompany(t.companyPricing)),
  ]);
  const activeOfficeIds = new Set(offices.map((o) => o.id));
  const notifications = await loadNotificationSettings(db, companyId);

  // Parsing fills nothing in (every field is present) but proves what we read is a valid document,
  // a slice of the directory at a time, so that a large one does not hold up other requests.
  const parsed = await parseDocumentInSlices({
    key: company.key,
    name: company.name,
    currency: company.currency,
    country: company.country,
    scheduler_enabled: company.schedulerEnabled,
    logo: company.logo,
    state_label: company.stateLabel,
    max_clients: company.maxClients,
    rer_rush_amount_cents: company.rerRushAmountCents,
    settings: company.settings,
    embedding_origins: company.embeddingOrigins,
    notifications,
    payments: company.payments,
    booking_changes: company.bookingChanges,
    console: company.consoleSettings,
    analytics: company.analyticsSettings,
    privacy: company.privacySettings,
    states: states.map((s) => ({ id: s.id, abbreviation: s.abbreviation, name: s.name })),
    offices: offices.map((o) => ({
      uuid: o.id,
      name: o.name,
      phone: o.phone,
      email: o.email,
      state: o.state,
      time_zone: o.timeZone,
      address1: o.address1,
      address2: o.address2,
      city: o.city,
      postal_code: o.postalCode,
      latitude: o.latitude,
      longitude: o.longitude,
      logo: o.logo,
      scheduling: o.scheduling,
    })),
    inspectors: inspectors.filter((i) => activeOfficeIds.has(i.officeId)).map(inspectorFromRow),
    services: services.map(serviceFromRow),
    packages: packages.map((p) => packageFromRow(p, packageServices)),
    fees: fees.map((f) => ({
      code: f.code,
      description: f.description,
      scope: f.scope,
      services: f.services,
      rule: f.rule,
    })),
    taxes: taxes.map((x) => ({ code: x.code, name: x.name, rate_percent: x.ratePercent, services: x.services })),
    coupons: coupons.map((c) => ({
      code: c.displayCode,
      name: c.name,
      discount: c.discount,
      valid_from: c.validFrom,
      valid_until: c.validUntil,
      max_redemptions: c.maxRedemptions,
      active: c.active,
    })),
    property_controls: controls.map((c) => ({
      id: c.id,
      slug: c.slug,
      type: c.type,
      label: c.label,
      length: c.length,
      required: c.required,
      fee: c.fee,
      options: c.options,
      description: c.description,
      text_box_label: c.textBoxLabel,
      sort: c.sort,
    })),
    agents: people.agents,
    contact_types: contactTypes.map((c) => ({ id: c.id, name: c.name })),
    contacts: people.contacts,
    pricing: pricing?.rules ?? {},
  });
  if (!parsed.success)
    throw new Error(
      `The stored configuration of company ${companyId} is not a valid document at ${parsed.issue.path.join('.')}: ${parsed.issue.message}`,
    );
  return parsed.data;
}
