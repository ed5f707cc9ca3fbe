import type { OfficeContactResponse, OfficeResponse } from '@scheduler/contracts/office';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import { analyticsSettingsSchema, type ControlType } from '@scheduler/contracts/company-document';
import { SettingsReader } from '@scheduler/domain/settings';
import { configuredContactTypes } from '@scheduler/domain/people/contacts-step';
import type { Database } from '../../db/connection.ts';
import { NotFoundError } from '../../errors.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import {
  findCompanyByKey,
  findOffice,
  findFirstActiveOffice,
  loadOfficeView,
  type CompanyRow,
  type OfficeRow,
} from './office.repository.ts';

export async function getOfficeForSession(db: Database, session: AuthenticatedSession): Promise<OfficeResponse> {
  const company = await findCompanyByKey(db, session.companyKey);
  const office = company ? await findOffice(db, company.id, session.officeId) : null;
  if (!company || !office) throw new NotFoundError('The office');
  const view = await loadOfficeView(db, company.id, office.id);
  const settings = new SettingsReader(company.settings);
  const pacService = view.services.find((s) => s.isPac) ?? null;
  return {
    company_key: company.key,
    company_name: company.name,
    office_uuid: office.id,
    office_name: office.name,
    office_phone: office.phone,
    office_email: office.email,
    office_state: office.state,
    time_zone: office.timeZone,
    country: company.country,
    currency_code: company.currency,
    enabled: company.schedulerEnabled,
    settings_data: company.settings,
    users: view.inspectors.map((i) => ({ id: i.id, display: i.display || `${i.first} ${i.last}` })),
    states: view.states,
    controls: view.controls.map((c) => ({
      id: c.id,
      slug: c.slug,
      type: c.type as ControlType,
      label: c.label,
      length: c.length,
      required: c.required,
      fee: c.fee,
      options: c.options,
      value: null,
      checked: false,
      textBoxLabel: c.textBoxLabel,
      description: c.description,
    })),
    // Spec 9.4: the pay-at-close service is not counted; heading-only entries are not services.
    services_count: view.services.filter((s) => !s.isPac && !s.label).length,
    max_clients: company.maxClients,
    pac_enabled: pacService !== null && !settings.isOn(SETTING.PAC_HIDE_ON_ONLINE_SCHEDULER),
    pac_service_uuid: pacService?.id ?? null,
    rer_rush_amount: company.rerRushAmountCents,
    state_label: company.stateLabel,
    contact_types: configuredContactTypes(view.contactTypes, settings.list(PEOPLE_SETTING.CONTACT_TYPES)),
    google_tag_id: analyticsSettingsSchema.catch({ google_tag_id: null }).parse(company.analyticsSettings)
      .google_tag_id,
  };
}

/**
 * The office's public contact details and the scheduler's state. `mayTry` says whether the
 * requester may try a disabled scheduler (its own staff, signed in); asked only while it is disabled.
 */
export async function getOfficeContact(
  db: Database,
  companyKey: string,
  officeUuid: string,
  mayTry: (company: { id: string; key: string }) => Promise<boolean>,
): Promise<OfficeContactResponse> {
  const company = await findCompanyByKey(db, companyKey);
  const office = company ? await findOffice(db, company.id, officeUuid) : null;
  if (!company || !office) throw new NotFoundError('The office');
  return {
    company_name: company.name,
    office_uuid: office.id,
    office_name: office.name,
    office_phone: office.phone,
    office_email: office.email,
    enabled: company.schedulerEnabled,
    may_try: !company.schedulerEnabled && (await mayTry({ id: company.id, key: company.key })),
    hide_logo: new SettingsReader(company.settings).isOn(SETTING.HIDE_LOGO),
  };
}

export async function getCurrencyCode(db: Database, companyKey: string): Promise<string> {
  const company = await findCompanyByKey(db, companyKey);
  if (!company) throw new NotFoundError('The company');
  return company.currency;
}

export interface LogoImage {
  contentType: string;
  body: Buffer;
}

const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp|svg\+xml));base64,([A-Za-z0-9+/=\s]+)$/;

function decodeLogo(dataUrl: string | null): LogoImage | null {
  const match = dataUrl ? DATA_URL.exec(dataUrl) : null;
  if (!match) return null;
  return { contentType: match[1]!, body: Buffer.from(match[2]!, 'base64') };
}

/** A neutral house mark in the company's initials' stead, for companies without a logo. */
export function defaultLogo(companyName: string): LogoImage {
  const initials = companyName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .replace(/[^A-Z0-9]/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48" role="img" aria-label="${initials}"><path d="M24 6 4 22h6v20h28V22h6z" fill="#1f4e79"/><rect x="19" y="30" width="10" height="12" fill="#fff"/><text x="52" y="32" font-family="Helvetica,Arial,sans-serif" font-size="22" font-weight="700" fill="#1f4e79">${initials}</text></svg>`;
  return { contentType: 'image/svg+xml', body: Buffer.from(svg) };
}

/** The office's logo, else the company's, else the default mark. */
export async function getLogo(db: Database, companyKey: string, officeUuid: string | undefined): Promise<LogoImage> {
  const company: CompanyRow | null = await findCompanyByKey(db, companyKey);
  if (!company) throw new NotFoundError('The company');
  const office: OfficeRow | null = officeUuid
    ? await findOffice(db, company.id, officeUuid)
    : await findFirstActiveOffice(db, company.id);
  return decodeLogo(office?.logo ?? null) ?? decodeLogo(company.logo) ?? defaultLogo(company.name);
}

/** Whether a company with this key exists. */
export async function companyExists(db: Database, companyKey: string): Promise<boolean> {
  return (await findCompanyByKey(db, companyKey)) !== null;
}

/** The company's own sites that may frame its wizard pages; none for an unknown company. */
export async function embeddingOriginsOf(db: Database, companyKey: string): Promise<string[]> {
  return (await findCompanyByKey(db, companyKey))?.embeddingOrigins ?? [];
}
