import {
  MAX_EVENTS_PER_SESSION,
  type FunnelCounts,
  type FunnelEvent,
  type FunnelQuery,
  type FunnelResponse,
  type FunnelStep,
  type OfficeFunnel,
} from '@scheduler/contracts/analytics';
import type { Setting } from '@scheduler/contracts/settings';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { nextStep, schedulerMode, stepOrder } from '@scheduler/domain/route-table';
import { schedulerFlags, SettingsReader } from '@scheduler/domain/settings';
import type { Database } from '../../db/connection.ts';
import { NotFoundError } from '../../errors.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import {
  activeOffices,
  findFunnelCompany,
  hasPropertyQuestions,
  insertEventsUpTo,
  reachedByDay,
  startedByDay,
  type FunnelOffice,
} from './analytics.repository.ts';

/**
 * The wizard's funnel (issue 27): the events a visitor's session sends, kept per office with the
 * session's company, office and order, and read back as how many sessions reached each step.
 */

/** Records a batch of the session's events; past the session's cap they are dropped, silently, as the wizard cannot act on a refusal. */
export async function recordEvents(
  db: Database,
  session: AuthenticatedSession,
  events: readonly FunnelEvent[],
  at: Date,
): Promise<void> {
  const rows = events.map(({ name, step, ...data }) => ({ name, step, data }));
  await insertEventsUpTo(
    db,
    { companyId: session.companyId, officeId: session.officeId, orderId: session.orderId },
    rows,
    at,
    MAX_EVENTS_PER_SESSION,
  );
}

/**
 * The steps in the order the company's visitors walk them today: the route table's order for the
 * company's mode, following its own "next step" rule, which skips property info when the company
 * asks no property questions.
 */
export function walkedSteps(settings: readonly Setting[], propertyQuestions: boolean): FunnelStep[] {
  const mode = schedulerMode(schedulerFlags(new SettingsReader(settings)));
  const steps: FunnelStep[] = [];
  for (
    let step: FunnelStep | null = stepOrder(mode)[0] ?? null;
    step !== null;
    step = nextStep(mode, step, propertyQuestions)
  )
    steps.push(step);
  return steps;
}

/** Every date from `from` to `to`, both included. */
function datesOf(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

const keyOf = (...parts: string[]) => parts.join('\u0000');

/**
 * The company's funnel from `from` to `to` (office-local dates), per active office or for the one
 * asked: a session counts on the day it started, and the steps it reached and whether it was
 * confirmed count on that same day, so each day reads as "of the visits begun that day".
 */
export async function companyFunnel(db: Database, companyKey: string, query: FunnelQuery): Promise<FunnelResponse> {
  const company = await findFunnelCompany(db, companyKey);
  if (!company) throw new NotFoundError('The company');
  const [offices, propertyQuestions] = await Promise.all([
    activeOffices(db, company.id, query.office),
    hasPropertyQuestions(db, company.id),
  ]);
  if (query.office !== undefined && offices.length === 0) throw new NotFoundError('The office');
  const officeIds = offices.map((office) => office.id);
  const span = { from: query.from, to: query.to };
  const [started, reached] = await Promise.all([
    startedByDay(db, company.id, officeIds, span),
    reachedByDay(db, company.id, officeIds, span),
  ]);
  const startedOn = new Map(started.map((row) => [keyOf(row.officeId, row.day), row]));
  const reachedOn = new Map(reached.map((row) => [keyOf(row.officeId, row.day, row.step), row.reached]));
  const steps = walkedSteps(company.settings, propertyQuestions);
  const dates = datesOf(query.from, query.to);

  const funnelOf = (office: FunnelOffice): OfficeFunnel => {
    const days = dates.map((date) => {
      const counts = startedOn.get(keyOf(office.id, date));
      return {
        date,
        started: counts?.started ?? 0,
        reached: steps.map((step) => reachedOn.get(keyOf(office.id, date, step)) ?? 0),
        confirmed: counts?.confirmed ?? 0,
      };
    });
    return {
      office_uuid: office.id,
      office_name: office.name,
      time_zone: office.timeZone,
      step_order: steps,
      totals: sumOf(days, steps.length),
      days,
    };
  };
  return { company_key: company.key, from: query.from, to: query.to, offices: offices.map(funnelOf) };
}

/** A session counts on one day only, so the span's figures are the days' sums. */
function sumOf(days: readonly FunnelCounts[], stepCount: number): FunnelCounts {
  return days.reduce<FunnelCounts>(
    (total, day) => ({
      started: total.started + day.started,
      reached: total.reached.map((n, i) => n + (day.reached[i] ?? 0)),
      confirmed: total.confirmed + day.confirmed,
    }),
    { started: 0, reached: Array.from({ length: stepCount }, () => 0), confirmed: 0 },
  );
}
