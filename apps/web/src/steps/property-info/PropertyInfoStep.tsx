import { usableDateFormat } from '@scheduler/contracts/date-format';
import Stack from '@mui/material/Stack';
import { useMemo, type KeyboardEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { propertyInfoFormSchema } from '@scheduler/contracts/forms/property-info';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { StepFrame } from '../../frame/StepFrame.tsx';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { isFailure } from '../../shared/api-client.ts';
import { FailureNotice } from '../../shared/FailureNotice.tsx';
import { applyServerFieldError, isFieldError } from '../../shared/form/server-errors.ts';
import { useStepForm } from '../../shared/form/use-step-form.ts';
import { Notice } from '../../shared/Notice.tsx';
import { officeToday } from '../../shared/scheduling-api.ts';
import { texts } from '../../shared/texts.ts';
import { propertyTexts } from './property-texts.ts';
import { Waiting } from '../../shared/Waiting.tsx';
import { useSavePropertyInfo } from './api.ts';
import { ControlField } from './ControlField.tsx';
import { feesHidden, formDefaults, toPropertyInfoBody } from './property-form.ts';
import { SpecialNote } from './SpecialNote.tsx';

const SERVER_FIELDS = ['sqft', 'yb', 'sales_price', 'foundation_type', 'refer_reason'] as const;

/** Spec 2.8, 5.6: the company's questions about the property, in their order; Next saves them. */
export default function PropertyInfoStep() {
  const { scope, order, office, settings, credentials, goTo } = useScheduler();
  const controls = office.controls;
  const currentYear = Number(officeToday(office.time_zone).slice(0, 4));
  // Spec 3.3, DECISIONS 3.3: Date and ClosingDate answers are shown and typed in the company's DATE_FORMAT.
  const dateFormat = usableDateFormat(settings.text(SETTING.DATE_FORMAT));
  const schema = useMemo(
    () => propertyInfoFormSchema(controls, currentYear, dateFormat),
    [controls, currentYear, dateFormat],
  );
  const form = useStepForm(schema, formDefaults(controls, order, dateFormat));
  const referReason = useWatch({ control: form.control, name: 'refer_reason' });
  const save = useSavePropertyInfo(scope);
  const cartHasServices = order.services.length > 0 || order.packages.length > 0;

  const submit = form.handleSubmit((values) =>
    save.mutate(toPropertyInfoBody(values, controls, dateFormat), {
      onSuccess: () => goTo('packages'),
      onError: (error) => applyServerFieldError(error, SERVER_FIELDS, form.setError),
    }),
  );
  // Spec 2.8: Enter in a text input saves, as Next does; in the note it starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <StepFrame step="property-info" nextDisabled={save.isPending} onNext={() => void submit()}>
      {cartHasServices && !feesHidden(settings) && (
        <Notice severity="info" sx={{ mb: 3 }}>
          {propertyTexts.pricingBanner}
        </Notice>
      )}
      <form onSubmit={(event) => void submit(event)} onKeyDown={onKeyDown} noValidate>
        <Stack spacing={3} sx={{ maxWidth: 520 }}>
          {controls.map((question) => (
            <ControlField
              key={question.id}
              question={question}
              form={form.control}
              referOther={referReason === 'other'}
              dateFormat={dateFormat}
            />
          ))}
          {settings.isOn(SETTING.PROPERTY_INFO_NOTE) && <SpecialNote token={credentials.token} />}
        </Stack>
      </form>
      {save.isPending && <Waiting label={texts.pleaseWait} />}
      {isFailure(save.error) && !isFieldError(save.error, SERVER_FIELDS) && (
        <FailureNotice phone={office.office_phone} sx={{ mt: 3 }} />
      )}
    </StepFrame>
  );
}
