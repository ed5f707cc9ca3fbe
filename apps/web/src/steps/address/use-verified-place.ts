import { useEffect, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { GeocodeSuggestion } from '@scheduler/contracts/address';
import type { AddressFormInput, AddressFormValues } from '@scheduler/contracts/forms/address';
import type { SessionScope } from '../../shared/queries.ts';
import { useDebouncedValue } from '../../shared/use-debounced-value.ts';
import {
  acceptedValues,
  ADDRESS_FIELDS,
  geocodeLine,
  placeOf,
  suggestionMatchesTyped,
  UNVERIFIED,
  type Place,
} from './address-lookup.ts';
import { useGeocode } from './api.ts';

/** The geocoder is asked once the visitor pauses typing this long. */
const LOOKUP_DELAY_MS = 500;

export interface VerifiedPlace {
  /** What the save sends as the property's place: verified, or 0,0. */
  place: Place;
  /** The suggestion to verify, while an edit waits for Yes or No. */
  suggestion: GeocodeSuggestion | null;
  /** Every edit by the visitor: the address is unverified until answered again (spec 4.7). */
  edited(): void;
  /** Yes: the suggestion goes into the fields, its coordinates and county onto the place. */
  accept(): void;
  /** No: the typed address stays, unverified. */
  keepTyped(): void;
}

/**
 * Spec 2.6, 4.7: the place of the typed address. An edit clears it and, once address1 and city are
 * there and the visitor pauses, asks the geocoder; its suggestion waits for Yes or No. A refusal
 * (a PO box) goes onto the field it names.
 */
export function useVerifiedPlace(
  form: UseFormReturn<AddressFormInput, unknown, AddressFormValues>,
  scope: SessionScope,
  states: ReadonlyArray<{ id: number; abbreviation: string }>,
  initial: Place,
): VerifiedPlace {
  const [place, setPlace] = useState<Place>(initial);
  const [editing, setEditing] = useState(false);
  const values = useWatch({ control: form.control }) as Partial<AddressFormInput>;
  const line = editing ? geocodeLine(values, states) : null;
  const settled = useDebouncedValue(line, LOOKUP_DELAY_MS);
  const current = line !== null && settled === line;
  const geocode = useGeocode(scope, current ? line : null);
  const answer = current ? geocode.data : undefined;
  const refusal = answer?.refusal ?? null;

  const { setError } = form;
  useEffect(() => {
    if (refusal) setError(refusal.field, { type: 'geocode', message: refusal.message });
  }, [refusal, setError]);

  // A suggestion that says exactly what was typed needs no Yes: it is taken as verified at once.
  const suggested = answer && !answer.no_results && !refusal ? answer : null;
  const matches = suggested !== null && suggestionMatchesTyped(suggested, form.getValues());
  useEffect(() => {
    if (!matches || !suggested) return;
    setPlace(placeOf(suggested));
    setEditing(false);
  }, [matches, suggested]);

  return {
    // A matching suggestion is the place from the render it arrives in, not one render later when
    // the effect above has stored it: a Next pressed in between saves it verified.
    place: matches && suggested ? placeOf(suggested) : place,
    suggestion: matches ? null : suggested,
    edited: () => {
      setEditing(true);
      setPlace(UNVERIFIED);
    },
    accept: () => {
      if (!answer) return;
      const accepted = acceptedValues(answer, form.getValues());
      for (const field of ADDRESS_FIELDS)
        form.setValue(field, accepted[field], { shouldValidate: true, shouldDirty: true });
      setPlace(placeOf(answer));
      setEditing(false);
    },
    keepTyped: () => {
      setPlace(UNVERIFIED);
      setEditing(false);
    },
  };
}
