import Box from '@mui/material/Box';
import { Suspense, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { addressFormSchema, type AddressFormValues } from '@scheduler/contracts/forms/address';
import { usesUsPostalCodes } from '@scheduler/contracts/postal-code';
import { SETTING } from '@scheduler/contracts/setting-keys';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatPhone } from '@scheduler/domain/formatting';
import { nextStep } from '@scheduler/domain/route-table';
import { StepFrame } from '../../frame/StepFrame.tsx';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { isFailure } from '../../shared/api-client.ts';
import { describeSlot } from '../../shared/appointments/slot-labels.ts';
import { ContactText } from '../../shared/ContactText.tsx';
import { FailureNotice } from '../../shared/FailureNotice.tsx';
import { applyServerFieldError, isFieldError } from '../../shared/form/server-errors.ts';
import { useStepForm } from '../../shared/form/use-step-form.ts';
import { Notice } from '../../shared/Notice.tsx';
import { readStorage, storageKeys } from '../../shared/storage-keys.ts';
import { AddressFields } from './AddressFields.tsx';
import { ADDRESS_FIELDS, type AddressField } from './address-lookup.ts';
import { addressTexts } from './address-texts.ts';
import { useSaveAddress, type AddressSave } from './api.ts';
import { useVerifiedPlace } from './use-verified-place.ts';
import { lazyChunk } from '../../shared/chunk-load.ts';

// The suggestion comes with the geocoder's answer, after the visitor has typed: its box loads
// then, which leaves room in the first step's budget for the answer parser's loader (decision 0056).
const VerifyAddressBox = lazyChunk(() =>
  import('./VerifyAddressBox.tsx').then((m) => ({ default: m.VerifyAddressBox })),
);

// The dialogs open only after a refused save: they load then.
const SorryDialog = lazyChunk(() =>
  import('../../shared/appointments/SorryDialog.tsx').then((m) => ({ default: m.SorryDialog })),
);
const NotAvailableDialog = lazyChunk(() =>
  import('../../shared/appointments/NotAvailableDialog.tsx').then((m) => ({ default: m.NotAvailableDialog })),
);

/** Spec 2.6, 4.7: the property's address, verified by the geocoder, saved against the held time. */
export function AddressScreen() {
  const { companyKey, credentials, scope, office, order, settings, mode, hasControls, goTo } = useScheduler();
  const phone = formatPhone(office.office_phone);
  const schema = useMemo(() => addressFormSchema(office.country), [office.country]);
  // An order without a state starts with the office's (issue 20 item 10): most properties are in it.
  const officeState = office.states.find((state) => state.abbreviation === office.office_state);
  const form = useStepForm(schema, {
    // What the company's page filled in (issue 27) until the visitor saves their own.
    address1: order.address1 || (order.prefill.address1 ?? ''),
    address2: order.address2,
    city: order.city || (order.prefill.city ?? ''),
    state: String(order.state ?? order.prefill.state ?? officeState?.id ?? ''),
    // Spec 4.1: an order without a postal code takes the one this browser kept.
    postal_code:
      order.postal_code || readStorage('localStorage', storageKeys.postalCode(companyKey, credentials.token)) || '',
  });
  const verified = useVerifiedPlace(form, scope, office.states, {
    latitude: order.latitude ?? 0,
    longitude: order.longitude ?? 0,
    county: order.county,
  });
  const save = useSaveAddress(scope, order, office.time_zone);
  const after = nextStep(mode, 'address', hasControls);

  const outcome = save.data;
  const unserved = outcome?.kind === 'refused' && outcome.code === 'ERROR_NO_INSPECTORS_FOR_ZIP' ? outcome : null;
  const edit = (field: AddressField) => {
    verified.edited();
    // Spec 2.6, 8.2: the unserved-postal-code banner clears when the postal code is edited.
    if (field === 'postal_code' && unserved) save.reset();
  };

  const run = (request: AddressSave) =>
    save.mutate(request, {
      onSuccess: (result) => result.kind === 'saved' && after && goTo(after),
      onError: (error) => applyServerFieldError(error, ADDRESS_FIELDS, form.setError),
    });
  const submit = form.handleSubmit((address: AddressFormValues) => run({ address: { ...address, ...verified.place } }));
  // Spec 4.7: choosing another appointment holds it, then saves the same address again.
  const choose = (slot: AppointmentSlot) =>
    save.variables && run({ address: save.variables.address, alternative: slot });

  // Spec 2.6: Enter saves. The form has several fields and no submit button of its own, so the
  // browser would not submit it.
  const enterSaves = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void submit();
    }
  };

  // The banner comes after Next, which on a phone sits at the foot of the screen: bring it into view.
  const bannerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (unserved) bannerRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [unserved]);

  const showNames = settings.isOn(SETTING.SHOW_INSPECTOR_NAMES);
  const describe = (slot: AppointmentSlot) => describeSlot(slot, { long: true, showNames, users: office.users });

  return (
    <StepFrame
      step="address"
      hideBack={mode === 'calendar-last'}
      nextDisabled={save.isPending}
      onNext={() => void submit()}
    >
      <form onSubmit={(event) => void submit(event)} onKeyDown={enterSaves} noValidate>
        <AddressFields
          control={form.control}
          states={office.states}
          stateLabel={office.state_label}
          us={usesUsPostalCodes(office.country)}
          postalCodeLocked={order.locked.includes('postal_code')}
          onEdit={edit}
        />
      </form>

      {/* Announced when it appears: the suggestion arrives while the visitor types. */}
      <Box aria-live="polite">
        <Suspense fallback={null}>
          {verified.suggestion && (
            <VerifyAddressBox suggestion={verified.suggestion} onYes={verified.accept} onNo={verified.keepTyped} />
          )}
        </Suspense>
      </Box>

      {unserved && (
        // Clear of the sticky action bar when scrolled into view.
        <Box ref={bannerRef} sx={{ mt: 3, scrollMarginBottom: 112 }}>
          <Notice severity="warning">
            <ContactText text={unserved.message} phone={phone} />
          </Notice>
        </Box>
      )}
      {isFailure(save.error) && !isFieldError(save.error, ADDRESS_FIELDS) && (
        <FailureNotice phone={office.office_phone} sx={{ mt: 3 }} />
      )}

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
          <NotAvailableDialog
            at={outcome.at}
            alternatives={outcome.appointments}
            describe={describe}
            phone={phone}
            onChoose={choose}
            onClose={() => save.reset()}
          />
        )}
      </Suspense>
    </StepFrame>
  );
}
