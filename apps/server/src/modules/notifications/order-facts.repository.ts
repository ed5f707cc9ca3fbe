import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { bookingChangesSchema } from '@scheduler/contracts/company-document';
import { pricingSchema } from '@scheduler/contracts/pricing';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { answeredQuestions, foundationText, type ControlText } from '@scheduler/domain/property/answer-text';
import { SettingsReader } from '@scheduler/domain/settings';
import { owedCents } from '@scheduler/domain/payments/change-fees';
import { ledgerTotals } from '@scheduler/domain/payments/ledger';
import { storedPersonName } from '@scheduler/domain/people/person-display';
import { textMessageNumber } from '@scheduler/domain/people/sms-number';
import type { MessageFacts, MessageParty } from './mail-content.ts';

const MINUTE_MS = 60_000;

function textOf(person: Record<string, unknown>, field: string): string {
  const value = person[field];
  return typeof value === 'string' ? value.trim() : '';
}

const PHONE_FIELDS = [
  ['mobile_phone', 'Mobile'],
  ['work_phone', 'Work'],
  ['home_phone', 'Home'],
] as const;

/** A person on the order as the messages read them. */
function messageParty(role: MessageParty['role'], person: Record<string, unknown>, country: string): MessageParty {
  return {
    role,
    name: storedPersonName(person),
    email: textOf(person, 'email'),
    phones: PHONE_FIELDS.flatMap(([field, label]) =>
      textOf(person, field) ? [{ label, number: textOf(person, field) }] : [],
    ),
    company: textOf(person, 'agency') || textOf(person, 'company'),
    textMessageNumber: textMessageNumber(role, person, country),
  };
}

/** The what-to-prepare texts of what the order booked, each once, packages first. */
function prepareTexts(packages: Array<{ prepare: string }>, services: Array<{ prepare: string }>): string[] {
  return [...new Set([...packages, ...services].map((item) => item.prepare.trim()).filter((text) => text !== ''))];
}

/** Which orders `loadMessageFacts` reads: confirmed ones, and with `cancelled`, cancelled ones too (a cancellation's message). */
export interface MessageFactsOptions {
  cancelled?: boolean;
  /**
   * A draft read as it would be booked, with this priced snapshot as its frozen price (the review's
   * agreements, issue 43: filled with the same values the confirm will freeze).
   */
  draftPricedAs?: Record<string, unknown>;
}

/**
 * Everything the e-mails, text messages and invitations say about one confirmed order, or null
 * when it is not confirmed (a job of an order that is gone, or not yet committed; cancelled,
 * unless `options.cancelled` asks for those too). Every read names the company: another
 * company's rows never join in.
 */
export async function loadMessageFacts(
  db: Executor,
  companyId: string,
  orderId: string,
  options: MessageFactsOptions = {},
): Promise<MessageFacts | null> {
  const [row] = await db
    .select({
      order: t.orders,
      office: t.offices,
      company: {
        name: t.companies.name,
        key: t.companies.key,
        currency: t.companies.currency,
        country: t.companies.country,
        settings: t.companies.settings,
        logo: t.companies.logo,
        bookingChanges: t.companies.bookingChanges,
      },
    })
    .from(t.orders)
    .innerJoin(t.offices, and(eq(t.offices.companyId, t.orders.companyId), eq(t.offices.id, t.orders.officeId)))
    .innerJoin(t.companies, eq(t.companies.id, t.orders.companyId))
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  if (!row || !row.order.datetime) return null;
  const { order, office, company } = row;
  const status = order.status;
  if (status === 'draft' && !options.draftPricedAs) return null;
  if (status === 'cancelled' && options.cancelled !== true) return null;
  const start = order.datetime!;
  const inspectorIds = order.inspectors.map((i) => i.id);
  const [inspectors, parties, state, answers, controls, packages, packageServices, ledger] = await Promise.all([
    inspectorIds.length
      ? db
          .select({ id: t.inspectors.id, display: t.inspectors.display })
          .from(t.inspectors)
          .where(and(eq(t.inspectors.companyId, companyId), inArray(t.inspectors.id, inspectorIds)))
      : Promise.resolve([]),
    db
      .select({ role: t.orderParties.role, person: t.orderParties.person })
      .from(t.orderParties)
      .where(and(eq(t.orderParties.companyId, companyId), eq(t.orderParties.orderId, orderId)))
      .orderBy(asc(t.orderParties.position)),
    order.stateId === null
      ? Promise.resolve([])
      : db
          .select({ abbreviation: t.states.abbreviation })
          .from(t.states)
          .where(and(eq(t.states.companyId, companyId), eq(t.states.id, order.stateId))),
    db
      .select({ controlId: t.orderAnswers.controlId, value: t.orderAnswers.value, checked: t.orderAnswers.checked })
      .from(t.orderAnswers)
      .where(and(eq(t.orderAnswers.companyId, companyId), eq(t.orderAnswers.orderId, orderId))),
    db
      .select({
        id: t.propertyControls.id,
        type: t.propertyControls.type,
        label: t.propertyControls.label,
        options: t.propertyControls.options,
      })
      .from(t.propertyControls)
      .where(eq(t.propertyControls.companyId, companyId))
      .orderBy(asc(t.propertyControls.sort), asc(t.propertyControls.id)),
    order.packageIds.length
      ? db
          .select({ id: t.packages.id, prepare: t.packages.prepare })
          .from(t.packages)
          .where(and(eq(t.packages.companyId, companyId), inArray(t.packages.id, order.packageIds)))
      : Promise.resolve([]),
    order.packageIds.length
      ? db
          .select({ serviceId: t.packageServices.serviceId })
          .from(t.packageServices)
          .where(
            and(eq(t.packageServices.companyId, companyId), inArray(t.packageServices.packageId, order.packageIds)),
          )
      : Promise.resolve([]),
    db
      .select(t.ledgerAmountColumns)
      .from(t.orderLedger)
      .where(and(eq(t.orderLedger.companyId, companyId), eq(t.orderLedger.orderId, orderId))),
  ]);
  // The agreements still waiting for signatures, which a client's booking messages point to (issue 43).
  const unsignedAgreements = await db
    .select({ title: t.orderAgreements.title })
    .from(t.orderAgreements)
    .where(
      and(
        eq(t.orderAgreements.companyId, companyId),
        eq(t.orderAgreements.orderId, orderId),
        eq(t.orderAgreements.status, 'pending'),
      ),
    )
    .orderBy(asc(t.orderAgreements.createdAt));
  const bookedServiceIds = [...new Set([...packageServices.map((ps) => ps.serviceId), ...order.serviceIds])];
  const services = bookedServiceIds.length
    ? await db
        .select({ prepare: t.services.prepare })
        .from(t.services)
        .where(and(eq(t.services.companyId, companyId), inArray(t.services.id, bookedServiceIds)))
        .orderBy(asc(t.services.sort))
    : [];
  const names = new Map(inspectors.map((i) => [i.id, i.display]));
  const snapshot = (status === 'draft' ? options.draftPricedAs : order.pricingSnapshot) as {
    total_cents?: unknown;
    lines?: Array<{ name?: unknown }>;
    pricing?: unknown;
  } | null;
  // The frozen pricing object, when the snapshot has one that still reads as one: the e-mails' price lines.
  const frozen = pricingSchema.safeParse(snapshot?.pricing);
  const settings = new SettingsReader(company.settings);
  // The company document's schema checked each control type when it was imported.
  const questionTexts = controls.map((control) => ({ ...control, type: control.type as ControlText['type'] }));
  const people = parties.map((party) => messageParty(party.role, party.person, company.country));
  const logo = office.logo ?? company.logo ?? '';
  return {
    orderId,
    companyName: company.name,
    companyKey: company.key,
    officeId: office.id,
    office: { name: office.name, phone: office.phone, email: office.email, timeZone: office.timeZone },
    start,
    end: new Date(start.getTime() + order.durationMinutes * MINUTE_MS),
    durationMinutes: order.durationMinutes,
    confirmedAt: order.confirmedAt ?? start,
    inspectors: inspectorIds.map((id) => names.get(id) ?? `#${id}`),
    showInspectorNames: settings.isOn(SETTING.SHOW_INSPECTOR_NAMES),
    // A document the schema no longer reads keeps agents from prices, the default (issue 42).
    agentSeesPrices: bookingChangesSchema.safeParse(company.bookingChanges ?? {}).data?.agents.see_prices ?? false,
    address: {
      address1: order.address1,
      address2: order.address2,
      city: order.city,
      state: state[0]?.abbreviation ?? '',
      postalCode: order.postalCode,
    },
    // Catalogue names are HTML; e-mails and invitations are plain text.
    services: (snapshot?.lines ?? [])
      .map((line) => htmlToPlainText(String(line.name ?? '')))
      .filter((name) => name !== ''),
    totalCents: typeof snapshot?.total_cents === 'number' ? snapshot.total_cents : null,
    pricing: frozen.success ? frozen.data : null,
    currency: company.currency,
    clientNames: people.filter((p) => p.role === 'client' && p.name !== '').map((p) => p.name),
    people,
    property: {
      sqft: order.sqft,
      yearBuilt: order.yearBuilt,
      foundation: foundationText(questionTexts, order.foundationTypeId),
      salesPrice: order.salesPrice,
      answers: answeredQuestions(questionTexts, answers),
    },
    specialNote: order.specialNote,
    paid: order.paid,
    // Pay Online is offered while unpaid, with a link, and with the company's setting on (spec 2.11).
    payUrl: !order.paid && order.payUrl && settings.isOn(SETTING.SHOW_PAYMENT_LINK) ? order.payUrl : null,
    // What the order owes: its total and late-reschedule fees, or its late-cancellation fee once cancelled (decision 0081).
    balanceDueCents:
      typeof snapshot?.total_cents === 'number'
        ? ledgerTotals(
            owedCents({
              totalCents: snapshot.total_cents,
              cancelled: status === 'cancelled',
              cancelFeeCents: order.cancelFeeCents,
              rescheduleFeesCents: order.rescheduleFeesCents,
            }),
            ledger,
          ).balanceDueCents
        : null,
    prepare: prepareTexts(packages, services),
    // Mail programs show raster images only; the default mark and SVG logos leave the company's name in their place.
    unsignedAgreements: unsignedAgreements.map((agreement) => agreement.title),
    emailLogo: !settings.isOn(SETTING.HIDE_LOGO) && /^data:image\/(png|jpeg|gif)[;,]/i.test(logo),
    // A draft read as booked (draftPricedAs) reads as the confirmed order it is about to be.
    status: status === 'draft' ? 'confirmed' : status,
    cancelled:
      status === 'cancelled'
        ? { at: order.cancelledAt ?? order.updatedAt, reason: order.cancelReason, feeCents: order.cancelFeeCents }
        : null,
    // The invitation's SEQUENCE: one more at every reschedule and cancellation.
    sequence: order.changeSequence,
  };
}
