import Box from '@mui/material/Box';
import type { Control, FieldValues } from 'react-hook-form';
import type { Party, PersonField } from '@scheduler/contracts/people';
import {
  FIELD_AUTOCOMPLETE,
  FIELD_LABELS,
  showsSmsChoice,
  type PanelFields,
} from '@scheduler/domain/people/person-fields';
import { formatPhoneNumber } from '@scheduler/domain/people/phone-numbers';
import { FormTextField } from '../../shared/form/FormTextField.tsx';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { SmsCheckbox } from './SmsCheckbox.tsx';
import { texts } from '../../shared/texts.ts';

const PHONES: ReadonlySet<PersonField> = new Set(['mobile_phone', 'work_phone', 'home_phone', 'work_fax', 'home_fax']);
const WIDE: ReadonlySet<PersonField> = new Set(['email', 'address1', 'address2', 'company', 'agency']);

export interface PersonFieldsProps {
  party: Party;
  fields: PanelFields;
  control: Control<FieldValues>;
  /** `clients.1.` for a field of a list, empty for a form of one person. */
  prefix?: string;
  /** Autofill fills the visitor's own details only into their own form. */
  ownDetails: boolean;
  /** The e-mail address was filled in and locked by the company's page (issue 27). */
  emailLocked?: boolean;
}

/** The configured fields of one person form (spec 2.7, 5.4), in the form's order. */
export function PersonFields({
  party,
  fields,
  control,
  prefix = '',
  ownDetails,
  emailLocked = false,
}: PersonFieldsProps) {
  const { office } = useScheduler();
  const required = new Set(fields.required);
  const stateOptions = office.states.map((state) => ({ value: String(state.id), label: state.abbreviation }));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {fields.displayed.map((field) => (
        <Box key={field} sx={{ gridColumn: WIDE.has(field) ? '1 / -1' : undefined }}>
          {field === 'state' ? (
            <FormTextField
              control={control}
              name={`${prefix}state`}
              label={office.state_label}
              options={stateOptions}
              emptyOption=""
              autoComplete={ownDetails ? FIELD_AUTOCOMPLETE.state : 'off'}
              required={required.has(field)}
              sx={{ width: '100%' }}
            />
          ) : (
            <FormTextField
              control={control}
              name={`${prefix}${field}`}
              label={FIELD_LABELS[field]}
              autoComplete={ownDetails ? FIELD_AUTOCOMPLETE[field] : 'off'}
              inputMode={PHONES.has(field) ? 'tel' : field === 'email' ? 'email' : 'text'}
              formatOnBlur={PHONES.has(field) ? (text) => formatPhoneNumber(text, office.country) : undefined}
              required={required.has(field)}
              readOnly={field === 'email' && emailLocked}
              hint={field === 'email' && emailLocked ? texts.lockedField : undefined}
              sx={{ width: '100%' }}
            />
          )}
        </Box>
      ))}
      {showsSmsChoice(party, fields) && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <SmsCheckbox control={control} name={`${prefix}send_sms`} />
        </Box>
      )}
    </Box>
  );
}
