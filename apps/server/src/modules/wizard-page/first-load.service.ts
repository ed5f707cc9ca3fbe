import type { FirstLoadData } from '@scheduler/contracts/first-load';
import {
  currencyCodeResponseSchema,
  officeContactResponseSchema,
  officeResponseSchema,
} from '@scheduler/contracts/office';
import { orderResponseSchema } from '@scheduler/contracts/order';
import { resolveScreen, type StepName } from '@scheduler/domain/route-table';
import { schedulerFlags, SettingsReader } from '@scheduler/domain/settings';
import type { AppContext } from '../../context.ts';
import { getCurrencyCode, getOfficeContact, getOfficeForSession } from '../office/office.service.ts';
import { getOrderForSession } from '../orders/orders.service.ts';
import { authenticate } from '../sessions/sessions.service.ts';

/** The wizard page's URL, as far as its first screen goes. */
export interface WizardPageRequest {
  companyKey: string;
  /** What follows `/online-scheduler/`: the step, or nothing. */
  subpath: string;
  /** The session token and office of the URL's `t` and `office`; empty when absent. */
  token: string;
  officeUuid: string;
  /** The URL holds `try=1`; it counts only for the company's own staff (`may_try`). */
  tryWhileDisabled: boolean;
}

/** The first screen of a visit: its data, and the step it shows (null: a status page). */
export interface FirstLoad {
  data: FirstLoadData;
  step: StepName | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * What the wizard's first screen needs, read as its four routes would answer them for the session
 * the URL names (each parsed by its route's response schema, so the page carries nothing the API
 * would not), and the step the route table gives. Null when the URL names no valid session: the
 * page then loads as before and the wizard's own calls meet the refusal (the unauthorised page).
 */
export async function loadFirstLoad(
  ctx: Pick<AppContext, 'db' | 'sessions' | 'config'>,
  page: WizardPageRequest,
  /** Whether the requester may try the company's scheduler while it is disabled (its own staff, signed in). */
  mayTry: (company: { id: string; key: string }) => Promise<boolean>,
): Promise<FirstLoad | null> {
  if (page.token === '' || !UUID.test(page.officeUuid)) return null;
  const session = await authenticate(
    ctx.sessions,
    { ttlDays: ctx.config.SESSION_TTL_DAYS },
    { token: page.token, companyKey: page.companyKey, officeUuid: page.officeUuid },
    { allowConfirmedAfterExpiry: true },
  ).catch(() => null);
  if (!session) return null;
  const [officeContact, currencyCode, office, order] = await Promise.all([
    getOfficeContact(ctx.db, page.companyKey, page.officeUuid, mayTry),
    getCurrencyCode(ctx.db, page.companyKey),
    getOfficeForSession(ctx.db, session),
    getOrderForSession(ctx.db, session),
  ]);
  const data: FirstLoadData = {
    company_key: page.companyKey,
    office_uuid: page.officeUuid,
    office_contact: officeContactResponseSchema.parse(officeContact),
    currency_code: currencyCodeResponseSchema.parse({ currency_code: currencyCode }).currency_code,
    office: officeResponseSchema.parse(office),
    order: orderResponseSchema.parse(order),
  };
  const flags = schedulerFlags(new SettingsReader(data.office.settings_data));
  const screen = resolveScreen(
    {
      enabled: data.office_contact.enabled,
      tryWhileDisabled: page.tryWhileDisabled && data.office_contact.may_try,
      authorized: true,
      orderConfirmed: data.order.confirmed,
      servicesCount: data.office.services_count,
      calendarLast: flags.calendarLast,
      zipRestrict: flags.zipRestrict,
      orderHasTime: !!data.order.datetime,
    },
    page.subpath,
  );
  return { data, step: screen.kind === 'step' || screen.kind === 'redirect' ? screen.step : null };
}
