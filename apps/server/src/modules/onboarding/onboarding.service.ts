import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import tzLookup from '@photostructure/tz-lookup';
import {
  MAX_COMPANIES_CREATED_PER_PERSON,
  type NewCompany,
  type NewCompanyResponse,
  type Place,
} from '@scheduler/contracts/onboarding';
import { newCompanyDocument } from '@scheduler/domain/configuration/new-company';
import type { Database } from '../../db/connection.ts';
import { AppError, ConflictError } from '../../errors.ts';
import type { GeocodingService } from '../address/geocoding.service.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import type { SignedInUser } from '../console-auth/console-access.ts';
import { founders } from '../console-auth/company-founder.ts';

/**
 * A company signing itself up (issue 26): finding the first office's place and time zone from its
 * address, and making the company from what the founder entered, with them as its owner.
 */

const ADDRESS_NOT_FOUND = 'We could not find this address. Check the street, the city and the postal code.';

/** The IANA zone at a place; tz-lookup answers offline from its bundled boundaries. */
export function timeZoneAt(latitude: number, longitude: number): string {
  return tzLookup(latitude, longitude);
}

/** Where an address is, with its time zone; 404 when nobody can place it. */
export async function placeOfAddress(
  geocoding: GeocodingService,
  address: string,
  log: FastifyBaseLogger,
): Promise<Place> {
  const found = await geocoding.suggest(address, { officeState: '', states: [] }, log);
  if (found.no_results || found.refusal)
    throw new AppError(404, 'address_not_found', found.refusal?.message ?? ADDRESS_NOT_FOUND, 'address');
  return {
    address1: found.address1,
    address2: found.address2,
    city: found.city,
    state: found.state,
    postal_code: found.postal_code,
    latitude: found.latitude,
    longitude: found.longitude,
    time_zone: timeZoneAt(found.latitude, found.longitude),
  };
}

/** The sign-up form's field of a refusal the import named by its path in the document. */
function formField(documentPath: string | undefined): string | undefined {
  if (!documentPath) return undefined;
  if (documentPath === 'key' || documentPath === 'name') return `company.${documentPath}`;
  const [section, , field] = documentPath.split('.');
  const sections: Record<string, string> = { offices: 'office', inspectors: 'inspector', services: 'service' };
  const formSection = section ? sections[section] : undefined;
  return formSection && field ? `${formSection}.${field}` : documentPath;
}

export interface FoundingContext {
  db: Database;
  /** The product's base URL (PUBLIC_URL): the scheduler link is written under it (house rule 15). */
  baseUrl: string;
  at: Date;
}

/** Makes the company and its owner; the answer is the scheduler link to share. */
export async function foundCompany(
  context: FoundingContext,
  founder: SignedInUser,
  input: NewCompany,
): Promise<NewCompanyResponse> {
  const { db, at } = context;
  if (!(await founders.isEmailVerified(db, founder.id))) {
    throw new AppError(
      403,
      'email_not_verified',
      `Open the link we e-mailed to ${founder.email} first: it confirms the address is yours.`,
    );
  }
  if ((await founders.ownedCompanyCount(db, founder.id)) >= MAX_COMPANIES_CREATED_PER_PERSON) {
    throw new ConflictError(
      'too_many_companies',
      `You already own ${MAX_COMPANIES_CREATED_PER_PERSON} companies, the most one person may create. Ask us if you need more.`,
    );
  }
  const officeUuid = randomUUID();
  const document = newCompanyDocument(input, { officeUuid, serviceUuid: randomUUID() }, founder.email);
  try {
    await importCompanyDocument(db, document, input.company.key, {
      createOnly: true,
      source: 'console',
      author: { userId: founder.id, name: founder.name },
      at,
      onCreated: (tx, company) => founders.makeOwner(tx, company, founder.id, at),
    });
  } catch (error) {
    if (error instanceof AppError)
      throw new AppError(error.statusCode, error.code, error.message, formField(error.field));
    throw error;
  }
  return {
    company_key: input.company.key,
    scheduler_url: `${context.baseUrl}/${encodeURIComponent(input.company.key)}/online-scheduler/${officeUuid}`,
  };
}
