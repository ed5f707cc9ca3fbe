import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { postalCodeFormSchema } from '@scheduler/contracts/forms/postal-code';
import { usesUsPostalCodes } from '@scheduler/contracts/postal-code';
import { StepFrame } from '../../frame/StepFrame.tsx';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { isFailure } from '../../shared/api-client.ts';
import { FailureNotice } from '../../shared/FailureNotice.tsx';
import { FormTextField } from '../../shared/form/FormTextField.tsx';
import { applyServerFieldError, isFieldError } from '../../shared/form/server-errors.ts';
import { useStepForm } from '../../shared/form/use-step-form.ts';
import { Notice } from '../../shared/Notice.tsx';
import { firstBookableDate } from '../../shared/scheduling-api.ts';
import { readStorage, storageKeys } from '../../shared/storage-keys.ts';
import { texts } from '../../shared/texts.ts';
import { useSavePostalCode } from './api.ts';

const FIELDS = ['postal_code'] as const;

/** Spec 2.4: the property's postal code, which decides which inspectors can come. */
export default function PostalCodeStep() {
  const { companyKey, credentials, scope, order, office, settings, goTo } = useScheduler();
  const schema = useMemo(() => postalCodeFormSchema(office.country), [office.country]);
  // The code saved before (in the order, else in this browser) stays in the field to edit.
  const saved =
    order.postal_code || readStorage('localStorage', storageKeys.postalCode(companyKey, credentials.token)) || '';
  const form = useStepForm(schema, { postal_code: saved });
  const value = useWatch({ control: form.control, name: 'postal_code' }) ?? '';
  const save = useSavePostalCode(scope, firstBookableDate(office.time_zone, settings.isOn(SETTING.ALLOW_TODAY)));

  const submit = form.handleSubmit(({ postal_code }) =>
    save.mutate(postal_code, {
      onSuccess: (result) => result.available && goTo('calendar'),
      onError: (error) => applyServerFieldError(error, FIELDS, form.setError),
    }),
  );

  return (
    <StepFrame step="postal-code" nextDisabled={value.trim() === '' || save.isPending} onNext={() => void submit()}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormTextField
          control={form.control}
          name="postal_code"
          label={texts.postalCode.label}
          autoComplete="postal-code"
          inputMode={usesUsPostalCodes(office.country) ? 'numeric' : 'text'}
          maxLength={10}
          required
          autoFocus
          readOnly={order.locked.includes('postal_code')}
          hint={order.locked.includes('postal_code') ? texts.lockedField : undefined}
          // Spec 2.4: changing the postal code clears the no-availability state.
          onValueChange={() => save.reset()}
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
      </form>
      {save.data && !save.data.available && (
        <Notice severity="warning" sx={{ mt: 3 }}>
          {texts.postalCode.noAvailability(save.data.postalCode, office.office_phone)}
        </Notice>
      )}
      {isFailure(save.error) && !isFieldError(save.error, FIELDS) && (
        <FailureNotice phone={office.office_phone} sx={{ mt: 3 }} />
      )}
    </StepFrame>
  );
}
