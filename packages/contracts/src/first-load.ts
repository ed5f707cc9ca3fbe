import type { OfficeContactResponse, OfficeResponse } from './office.ts';
import type { OrderResponse } from './order.ts';

/**
 * What the server puts into the wizard's page for its first screen (issue 19): the answers of the
 * four calls every screen starts with, so that the first step renders without waiting for them.
 * Each is exactly what its own route answers; the page carries them only for the company, office
 * and session its URL names.
 */
export interface FirstLoadData {
  company_key: string;
  office_uuid: string;
  office_contact: OfficeContactResponse;
  currency_code: string;
  office: OfficeResponse;
  order: OrderResponse;
}

/** The id of the page's `<script type="application/json">` element that carries it. */
export const FIRST_LOAD_ELEMENT_ID = 'first-load';
