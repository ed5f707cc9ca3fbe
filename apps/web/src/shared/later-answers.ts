import type { z } from 'zod';
import { geocodeSuggestionSchema, setAddressResponseSchema } from '@scheduler/contracts/address';
import { firstLoadDataSchema } from '@scheduler/contracts/first-load-schema';
import {
  currencyCodeResponseSchema,
  officeContactResponseSchema,
  officeResponseSchema,
} from '@scheduler/contracts/office';
import { orderResponseSchema } from '@scheduler/contracts/order';
import {
  availabilityResponseSchema,
  officeHoldResponseSchema,
  setDatetimeResponseSchema,
  setPostalCodeResponseSchema,
} from '@scheduler/contracts/scheduling';
import type { AnswerSchema } from '@scheduler/ui/api-error';
import { answerBy } from './answer-by.ts';

/**
 * The answers of the calls on the first steps' path, by their contracts' schemas (decision 0056).
 * Loaded on demand (answer-later.ts): with zod's full build this module is about 30 KB gzip, which
 * would not fit a first step's budget. Only what those calls need belongs here; a later step's
 * module parses with `answerBy` directly.
 */
const SCHEMAS = {
  officeContact: officeContactResponseSchema,
  currency: currencyCodeResponseSchema,
  office: officeResponseSchema,
  order: orderResponseSchema,
  availability: availabilityResponseSchema,
  setDatetime: setDatetimeResponseSchema,
  setPostalCode: setPostalCodeResponseSchema,
  officeHold: officeHoldResponseSchema,
  geocode: geocodeSuggestionSchema,
  setAddress: setAddressResponseSchema,
};

export type LaterAnswerName = keyof typeof SCHEMAS;
export type LaterAnswer<K extends LaterAnswerName> = z.output<(typeof SCHEMAS)[K]>;

const schemas: { [K in LaterAnswerName]: AnswerSchema<LaterAnswer<K>> } = SCHEMAS;

/** The named call's answer, read by its contract's schema (ApiError `invalid_response` when it is not that). */
export function readAnswer<K extends LaterAnswerName>(name: K, status: number, body: unknown): LaterAnswer<K> {
  return answerBy(schemas[name])(status, body);
}

/** Whether the first screen's data the page carried is what its contract describes. */
export function isFirstLoadData(data: unknown): boolean {
  return firstLoadDataSchema.safeParse(data).success;
}
