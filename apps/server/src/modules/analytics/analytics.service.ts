import {
  MAX_EVENTS_PER_SESSION,
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
  sessionsByDay,
  type FunnelOffice,
} from './analytics.repository.ts';
import { noCounts, sumOf, tallyByOffice, topSources } from './funnel-tally.ts';

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

/**
 * The company's funnel from `from` to `to` (office-local dates), per active office or for the one
 * asked: a session counts on the day it started, and the steps it reached and whether it was
 * confirmed count on that same day, so each day reads as "of the visits begun that day". A
 * session counts as a visit once the wizard showed it a step (decision 0046); the bookings made
 * by phone or through the API are counted apart. The same figures by source follow the days.
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
  const [sessions, reached] = await Promise.all([
    sessionsByDay(db, company.id, officeIds, span),
    reachedByDay(db, company.id, officeIds, span),
  ]);
  const steps = walkedSteps(company.settings, propertyQuestions);
  const tallies = tallyByOffice(sessions, reached, steps);
  const dates = datesOf(query.from, query.to);

  const funnelOf = (office: FunnelOffice): OfficeFunnel => {
    const tally = tallies.get(office.id);
    const days = dates.map((date) => ({ date, ...(tally?.byDay.get(date) ?? noCounts(steps.length)) }));
    return {
      office_uuid: office.id,
      office_name: office.name,
      time_zone: office.timeZone,
      step_order: steps,
      totals: sumOf(days, steps.length),
      days,
      sources: topSources(tally?.bySource ?? new Map(), steps.length),
    };
  };
  return { company_key: company.key, from: query.from, to: query.to, offices: offices.map(funnelOf) };
}
