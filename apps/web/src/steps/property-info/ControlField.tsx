import type { FieldPath, Control as FormControl } from 'react-hook-form';
import type { Control } from '@scheduler/contracts/office';
import { answerKey, typedMaxLength, type PropertyInfoFormValues } from '@scheduler/contracts/forms/property-info';
import { FormTextField } from '../../shared/form/FormTextField.tsx';
import { CheckControl } from './CheckControl.tsx';
import { DateCalendarButton } from './DateCalendarButton.tsx';
import { ControlLabel } from './ControlLabel.tsx';
import { keepDigits, keepDigitsAndCommas, truncatedLabel } from './property-form.ts';
import { propertyTexts } from './property-texts.ts';

/** The helper text under a question's field: the whole question when its label was cut, and "Required". */
function wholeQuestionHint(wholeLabel: string | undefined, required: boolean): string | undefined {
  if (wholeLabel === undefined) return required ? propertyTexts.required : undefined;
  return required ? `${wholeLabel} (${propertyTexts.required})` : wholeLabel;
}

const optionsOf = (question: Control) =>
  question.options.map((o) =>
    typeof o === 'object' ? { value: String(o.id), label: o.value } : { value: o, label: o },
  );

/** One configured question (spec 3.3) with its input handling (spec 5.6). */
export function ControlField({
  question,
  form,
  referOther,
  dateFormat,
}: {
  question: Control;
  form: FormControl<PropertyInfoFormValues>;
  referOther: boolean;
  dateFormat: string;
}) {
  const { label, required } = question;
  // A long label shows cut short in the field (spec 2.8), with a tooltip for a mouse; the whole
  // question shows under the field too, where a phone can read it (decision 0027). The field's
  // accessible name stays the whole label.
  const shown = <ControlLabel label={label} />;
  const whole = truncatedLabel(label, false) ? label : undefined;
  const hint = wholeQuestionHint(whole, required);
  const answer = `answers.${answerKey(question.id)}` as const;
  const select = (
    name: FieldPath<PropertyInfoFormValues>,
    options: Array<{ value: string; label: string }>,
    isRequired: boolean,
    text = label,
  ) => (
    <FormTextField
      control={form}
      name={name}
      label={<ControlLabel label={text} dropdown />}
      accessibleLabel={text}
      autoComplete="off"
      options={options}
      emptyOption={isRequired ? propertyTexts.select : undefined}
      required={isRequired}
      hint={wholeQuestionHint(truncatedLabel(text, true) ? text : undefined, isRequired)}
      sx={{ width: '100%' }}
    />
  );
  switch (question.type) {
    case 'SquareFeet':
      return (
        <FormTextField
          control={form}
          name="sqft"
          label={shown}
          accessibleLabel={whole}
          autoComplete="off"
          inputMode="numeric"
          maxLength={12}
          required={required}
          hint={hint}
          transform={keepDigits}
        />
      );
    case 'YearBuilt':
      return (
        <FormTextField
          control={form}
          name="yb"
          label={shown}
          accessibleLabel={whole}
          autoComplete="off"
          inputMode="numeric"
          maxLength={question.length > 0 ? question.length : 4}
          required={required}
          hint={hint}
          transform={keepDigits}
        />
      );
    case 'SalesPrice':
      return (
        <FormTextField
          control={form}
          name="sales_price"
          label={shown}
          accessibleLabel={whole}
          autoComplete="off"
          inputMode="numeric"
          maxLength={12}
          required={required}
          hint={hint}
          transform={keepDigitsAndCommas}
        />
      );
    case 'FoundationType':
      return select('foundation_type', optionsOf(question), required);
    case 'ReferReason':
      return (
        <>
          {select('refer_reason', [...optionsOf(question), { value: 'other', label: 'Other' }], required)}
          {referOther && (
            <FormTextField
              control={form}
              name="refer_reason_other"
              label={propertyTexts.referReasonOther}
              autoComplete="off"
              maxLength={500}
              sx={{ mt: 2 }}
            />
          )}
        </>
      );
    case 'DropDown':
      return select(`${answer}.value`, optionsOf(question), required);
    case 'CheckBox':
      return <CheckControl control={form} name={answer} label={label} required={required} />;
    case 'TriggeredDropDown':
      return (
        <CheckControl control={form} name={answer} label={label} required={false}>
          {select(`${answer}.value`, optionsOf(question), true, question.textBoxLabel || label)}
        </CheckControl>
      );
    case 'TriggeredTextBox':
      return (
        <CheckControl control={form} name={answer} label={label} required={false}>
          <FormTextField
            control={form}
            name={`${answer}.value`}
            label={question.description || label}
            autoComplete="off"
            maxLength={question.length > 0 ? question.length : undefined}
            required
          />
        </CheckControl>
      );
    case 'Date':
    case 'ClosingDate':
      // Typed as the company writes dates (spec 3.3), which the hint says, or picked on a calendar
      // that writes it so: a browser's own date input would show the visitor's locale's order instead.
      return (
        <FormTextField
          control={form}
          name={`${answer}.value`}
          label={shown}
          accessibleLabel={whole}
          autoComplete="off"
          inputMode="numeric"
          maxLength={10}
          required={required}
          hint={[hint, propertyTexts.dateAs(dateFormat)].filter(Boolean).join(' · ')}
          adornment={({ value, set }) => (
            <DateCalendarButton question={label} value={value} dateFormat={dateFormat} onPick={set} />
          )}
        />
      );
    case 'Text':
      return (
        <FormTextField
          control={form}
          name={`${answer}.value`}
          label={shown}
          accessibleLabel={whole}
          autoComplete="off"
          maxLength={typedMaxLength(question) ?? undefined}
          required={required}
          hint={hint}
          multiline
        />
      );
    case 'TextBox':
      return (
        <FormTextField
          control={form}
          name={`${answer}.value`}
          label={shown}
          accessibleLabel={whole}
          autoComplete="off"
          maxLength={typedMaxLength(question) ?? undefined}
          required={required}
          hint={hint}
        />
      );
  }
}
