import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pricePreviewResponseSchema, type PricePreviewBody } from '@scheduler/contracts/price-preview';
import { callApi, companyApi } from '../../../shared/api.ts';
import { consoleKeys } from '../../../shared/queries.ts';
import type { ServicesFormValues } from './services-form.ts';

/**
 * The sample cart the person prices while editing: a package or none, services, and the two
 * property facts the catalogue's fees most often read. The server prices it against the form's
 * unsaved document by the wizard's own engine (POST …/price-preview).
 */
export interface SampleChoice {
  packageId: number | null;
  services: string[];
  squareFeet: string;
  yearBuilt: string;
  rush: boolean;
}

export const EMPTY_SAMPLE: SampleChoice = { packageId: null, services: [], squareFeet: '', yearBuilt: '', rush: false };

export const MAX_SQUARE_FEET = 1_000_000;
export const YEAR_RANGE = { min: 1200, max: 3000 } as const;

export type SampleRead =
  { ok: true; sample: PricePreviewBody['sample'] } | { ok: false; field: 'squareFeet' | 'yearBuilt'; message: string };

function whole(text: string, min: number, max: number): number | null | undefined {
  const trimmed = text.trim().replaceAll(',', '');
  if (trimmed === '') return null;
  if (!/^\d{1,7}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
}

/**
 * The sample as the preview takes it. A package or service the person removed from the form
 * since choosing it is left out, as it would be from a visitor's cart.
 */
export function readSample(choice: SampleChoice, values: ServicesFormValues): SampleRead {
  const squareFeet = whole(choice.squareFeet, 1, MAX_SQUARE_FEET);
  if (squareFeet === undefined)
    return {
      ok: false,
      field: 'squareFeet',
      message: `Enter a whole number from 1 to ${MAX_SQUARE_FEET.toLocaleString('en-US')}, or leave it empty.`,
    };
  const yearBuilt = whole(choice.yearBuilt, YEAR_RANGE.min, YEAR_RANGE.max);
  if (yearBuilt === undefined)
    return {
      ok: false,
      field: 'yearBuilt',
      message: `Enter a year from ${YEAR_RANGE.min} to ${YEAR_RANGE.max}, or leave it empty.`,
    };
  const known = new Set(values.services.filter((s) => !s.label).map((s) => s.uuid));
  const packageId = values.packages.some((p) => p.packageId === choice.packageId) ? choice.packageId : null;
  return {
    ok: true,
    sample: {
      package_id: packageId,
      services: choice.services.filter((id) => known.has(id)),
      square_feet: squareFeet,
      year_built: yearBuilt,
      rush_rer: choice.rush,
    },
  };
}

/** Waits until the value has stopped changing for `ms`: a price per pause in the typing, not per key. */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export const PREVIEW_DELAY_MS = 400;

/** The preview of a settled body; nothing is asked while there is no body (the form or the sample has a problem, or nothing is chosen). */
export function usePricePreview(companyKey: string, body: PricePreviewBody | null) {
  const settled = useSettled(body === null ? null : JSON.stringify(body), PREVIEW_DELAY_MS);
  return useQuery({
    queryKey: [...consoleKeys.company(companyKey), 'price-preview', settled] as const,
    queryFn: ({ signal }) =>
      callApi(companyApi(companyKey, '/price-preview'), pricePreviewResponseSchema, {
        method: 'POST',
        body: JSON.parse(settled!) as unknown,
        signal,
      }),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
  });
}
