import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { addressFormSchema, type AddressFormInput, type AddressFormValues } from '@scheduler/contracts/forms/address';
import { usesUsPostalCodes } from '@scheduler/contracts/postal-code';
import { SETTING } from '@scheduler/contracts/setting-keys';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatPhone } from '@scheduler/domain/formatting';
import { nextStep } from '@scheduler/domain/route-table';
import { StepFrame } from '../../app/StepFrame.tsx';
import { useScheduler } from '../../app/scheduler-context.tsx';
import { isFailure } from '../../shared/api-client.ts';
import { describeSlot } from '../../shared/appointments/slot-labels.ts';
import { ContactText } from '../../shared/ContactText.tsx';
import { FailureNotice } from '../../shared/FailureNotice.tsx';
import { FormTextField } from '../../shared/form/FormTextField.tsx';
import { applyServerFieldError, isFieldError } from '../../shared/form/server-errors.ts';
import { useStepForm } from '../../shared/form/use-step-form.ts';
import { Notice } from '../../shared/Notice.tsx';
import { readStorage, storageKeys } from '../../shared/storage-keys.ts';
import { useDebouncedValue } from '../../shared/use-debounced-value.ts';
import { acceptedValues, geocodeLine, placeOf, UNVERIFIED, type Place } from './address-lookup.ts';
import { addressTexts } from './address-texts.ts';
import { useGeocode, useSaveAddress, type AddressSave } from './api.ts';
import { VerifyAddressBox } from './VerifyAddressBox.tsx';

// The dialogs open only after a refused save: they load then.
const SorryDialog = lazy(() => import('../../shared/appointments/SorryDialog.tsx').then((m) => ({ default: m.SorryDialog })));
const NotAvailableDialog = lazy(() => import('../../shared/appointments/NotAvailableDialog.tsx').then((m) => ({ default: m.NotAvailableDialog })));

const FIELDS = ['address1', 'address2', 'city', 'state', 'postal_code'] as const;
/** The geocoder is asked once the visitor pauses typing this long. */
const LOOKUP_DELAY_MS = 500;

/** Spec 2.6, 4.7: the property's address, verified by the geocoder, saved against the held time. */
export function AddressScreen() {
  const { companyKey, credentials, scope, office, order, settings, mode, hasControls, goTo } = useScheduler();
  const phone = formatPhone(office.office_phone);
  const us = usesUsPostalCodes(office.country);
  const schema = useMemo(() => addressFormSchema(office.country), [office.country]);
  const form = useStepForm(schema, {
    address1: order.address1,
    address2: order.address2,
    city: order.city,
    state: order.state === null ? '' : String(order.state),
    // Spec 4.1: an order without a postal code takes the one this browser kept.
    postal_code: order.postal_code || readStorage(globalThis.localStorage, storageKeys.postalCode(companyKey, credentials.token)) || '',
  });
  const save = useSaveAddress(scope, order, office.time_zone);
  const after = nextStep(mode, 'address', hasControls);
  const stateOptions = useMemo(() => office.states.map((state) => ({ value: String(state.id), label: state.abbreviation })), [office.states]);

  // Where the property is: what the order has, until an edit makes it unverified (spec 4.7).
  const [place, setPlace] = useState<Place>({ latitude: order.latitude ?? 0, longitude: order.longitude ?? 0, county: order.county });
  // An edit not yet answered with Yes or No: only then is the geocoder asked.
  const [edited, setEdited] = useState(false);
  const values = useWatch({ control: form.control }) as Partial<AddressFormInput>;
  const line = edited ? geocodeLine(values, office.states) : null;
  const settled = useDebouncedValue(line, LOOKUP_DELAY_MS);
  const geocode = useGeocode(scope, settled !== null && settled === line ? settled : null);
  const suggestion = line !== null && settled === line ? geocode.data : undefined;
  const refusal = suggestion?.refusal ?? null;

  // A PO box cannot be inspected: the geocoder says so, on the field that holds it.
  const { setError } = form;
  useEffect(() => {
    if (refusal) setError(refusal.field, { type: 'geocode', message: refusal.message });
  }, [refusal, setError]);

  const edit = (field: (typeof FIELDS)[number]) => () => {
    setEdited(true);
    setPlace(UNVERIFIED);
    // Spec 2.6, 8.2: the unserved-postal-code banner clears when the postal code is edited.
    if (field === 'postal_code' && save.data?.kind === 'refused' && save.data.code === 'ERROR_NO_INSPECTORS_FOR_ZIP') save.reset();
  };

  const run = (request: AddressSave) =>
    save.mutate(request, {
      onSuccess: (outcome) => outcome.kind === 'saved' && after && goTo(after),
      onError: (error) => applyServerFieldError(error, FIELDS, form.setError),
    });
  const toBody = (address: AddressFormValues) => ({ ...address, ...place });
  const submit = form.handleSubmit((address) => run({ address: toBody(address) }));
  // Spec 4.7: choosing another appointment holds it, then saves the same address again.
  const choose = (slot: AppointmentSlot) => save.variables && run({ address: save.variables.address, alternative: slot });

  // Spec 2.6: Enter saves. The form has several fields and no submit button of its own, so the
  // browser would not submit it.
  const enterSaves = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void submit();
    }
  };

  const showNames = settings.isOn(SETTING.SHOW_INSPECTOR_NAMES);
  const describe = (slot: AppointmentSlot) => describeSlot(slot, { long: true, showNames, users: office.users });
  const outcome = save.data;
  const unserved = outcome?.kind === 'refused' && outcome.code === 'ERROR_NO_INSPECTORS_FOR_ZIP' ? outcome : null;
  // The banner comes after Next, which on a phone sits at the foot of the screen: bring it into view.
  const bannerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (unserved) bannerRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [unserved]);

  return (
    <StepFrame step="address" hideBack={mode === 'calendar-last'} nextDisabled={save.isPending} onNext={() => void submit()}>
      <form onSubmit={(event) => void submit(event)} onKeyDown={enterSaves} noValidate>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 120px 160px' } }}>
          <FormTextField control={form.control} name="address1" label={addressTexts.address1} autoComplete="address-line1" maxLength={120} required hint={addressTexts.required} onValueChange={edit('address1')} sx={{ gridColumn: '1 / -1' }} />
          <FormTextField control={form.control} name="address2" label={addressTexts.address2} autoComplete="address-line2" maxLength={120} onValueChange={edit('address2')} sx={{ gridColumn: '1 / -1' }} />
          <FormTextField control={form.control} name="city" label={addressTexts.city} autoComplete="address-level2" maxLength={80} required hint={addressTexts.required} onValueChange={edit('city')} />
          <FormTextField control={form.control} name="state" label={office.state_label} autoComplete="address-level1" options={stateOptions} onValueChange={edit('state')} />
          <FormTextField
            control={form.control}
            name="postal_code"
            label={addressTexts.postalCode(us)}
            autoComplete="postal-code"
            inputMode={us ? 'numeric' : 'text'}
            maxLength={10}
            required
            hint={addressTexts.required}
            onValueChange={edit('postal_code')}
          />
        </Box>
      </form>

      {/* Announced when it appears: the suggestion arrives while the visitor types. */}
      <Box aria-live="polite">
        {suggestion && !suggestion.no_results && !refusal && (
          <VerifyAddressBox
            suggestion={suggestion}
            onYes={() => {
              for (const [field, value] of Object.entries(acceptedValues(suggestion, form.getValues()))) {
                form.setValue(field as (typeof FIELDS)[number], value, { shouldValidate: true, shouldDirty: true });
              }
              setPlace(placeOf(suggestion));
              setEdited(false);
            }}
            onNo={() => {
              setPlace(UNVERIFIED);
              setEdited(false);
            }}
          />
        )}
      </Box>

      {unserved && (
        // Clear of the sticky action bar when scrolled into view.
        <Box ref={bannerRef} sx={{ mt: 3, scrollMarginBottom: 112 }}>
          <Notice severity="warning">
            <ContactText text={unserved.message} phone={phone} />
          </Notice>
        </Box>
      )}
      {isFailure(save.error) && !isFieldError(save.error, FIELDS) && <FailureNotice phone={office.office_phone} sx={{ mt: 3 }} />}

      <Suspense fallback={null}>
        {outcome?.kind === 'refused' && !unserved && (
          <SorryDialog
            message={outcome.message}
            alternatives={outcome.appointments}
            describe={describe}
            noAlternatives={addressTexts.noAlternatives(phone)}
            phone={phone}
            onChoose={choose}
            onClose={() => save.reset()}
          />
        )}
        {outcome?.kind === 'time-gone' && (
          <NotAvailableDialog at={outcome.at} alternatives={outcome.appointments} describe={describe} phone={phone} onChoose={choose} onClose={() => save.reset()} />
        )}
      </Suspense>
    </StepFrame>
  );
}
