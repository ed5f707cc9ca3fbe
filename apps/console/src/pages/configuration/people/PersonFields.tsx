import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import {
  AGENT_KIND_LABELS,
  AGENT_KINDS,
  FIELD_LABELS,
  MAX_LENGTH,
  type ContactTypeValues,
  type PeopleFormValues,
  type PersonList,
  type PersonText,
  type StateChoice,
} from './people-form.ts';

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

const bound = (field: PersonText) => `At most ${MAX_LENGTH[field]} characters.`;

/**
 * The fields of one agent or contact, at its place in the form's list (`agents.4.…`). A person a
 * visitor added in the wizard says so: the office may correct them, and they keep their number.
 */
export function PersonFields({
  form,
  list,
  index,
  addedOnline,
  states,
  stateLabel,
  contactTypes,
}: {
  form: UseFormReturn<PeopleFormValues>;
  list: PersonList;
  index: number;
  addedOnline: boolean;
  states: readonly StateChoice[];
  stateLabel: string;
  contactTypes: readonly ContactTypeValues[];
}) {
  const name = (field: string) => `${list}.${index}.${field}` as FieldPath<PeopleFormValues>;
  const text = (field: PersonText, helperText: string) => fieldProps(form, name(field), helperText);
  const optOutHelp = useId();

  /** A choice from a list, kept by react-hook-form as the chosen id's text. */
  const choice = (
    field: 'state' | 'kind' | 'type',
    label: string,
    helperText: string,
    options: ReadonlyArray<{ value: string; label: string }>,
    required = false,
  ) => (
    <Controller
      control={form.control}
      name={name(field)}
      render={({ field: control, fieldState }) => (
        <TextField
          select
          label={label}
          required={required}
          value={String(control.value ?? '')}
          onChange={control.onChange}
          onBlur={control.onBlur}
          inputRef={control.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {addedOnline && (
        <Alert severity="info">
          <strong>Added by a visitor</strong> in the scheduler. You may correct their details; they keep their place in
          past orders.
        </Alert>
      )}
      <Box sx={GRID}>
        <TextField label={FIELD_LABELS.first} required {...text('first', bound('first'))} />
        <TextField label={FIELD_LABELS.last} {...text('last', bound('last'))} />
        <TextField
          label={FIELD_LABELS.email}
          type="email"
          {...text('email', 'Like name@example.com. An import finds the person by it.')}
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
        />
        {list === 'agents'
          ? choice(
              'kind',
              FIELD_LABELS.kind,
              'A buyer’s or seller’s agent, or an insurance agent.',
              AGENT_KINDS.map((kind) => ({ value: kind, label: AGENT_KIND_LABELS[kind] })),
              true,
            )
          : choice(
              'type',
              FIELD_LABELS.type,
              contactTypes.length === 0
                ? 'Add a contact type below first.'
                : 'Like Attorney or Lender; the types are listed below.',
              contactTypes.map((type) => ({
                value: String(type.id),
                label: type.name.trim() || `Type ${type.id} (no name yet)`,
              })),
              true,
            )}
        {list === 'agents' && <TextField label={FIELD_LABELS.agency} {...text('agency', bound('agency'))} />}
        <TextField label={FIELD_LABELS.company} {...text('company', bound('company'))} />
        <TextField label={FIELD_LABELS.mobile_phone} type="tel" {...text('mobile_phone', bound('mobile_phone'))} />
        <TextField label={FIELD_LABELS.work_phone} type="tel" {...text('work_phone', bound('work_phone'))} />
        <TextField label={FIELD_LABELS.home_phone} type="tel" {...text('home_phone', bound('home_phone'))} />
        <TextField label={FIELD_LABELS.work_fax} type="tel" {...text('work_fax', bound('work_fax'))} />
        <TextField label={FIELD_LABELS.home_fax} type="tel" {...text('home_fax', bound('home_fax'))} />
        <TextField label={FIELD_LABELS.address1} {...text('address1', bound('address1'))} />
        <TextField label={FIELD_LABELS.address2} {...text('address2', bound('address2'))} />
        <TextField label={FIELD_LABELS.city} {...text('city', bound('city'))} />
        {choice('state', stateLabel, 'Empty: none.', [
          { value: '', label: 'None' },
          ...states.map((state) => ({ value: String(state.id), label: `${state.name} (${state.abbreviation})` })),
        ])}
        <TextField label={FIELD_LABELS.postal_code} {...text('postal_code', bound('postal_code'))} />
      </Box>
      {list === 'agents' && (
        <Controller
          control={form.control}
          name={name('pac_opt_out')}
          render={({ field }) => (
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value === true}
                    onChange={(event) => field.onChange(event.target.checked)}
                    inputRef={field.ref}
                    slotProps={{ input: { 'aria-describedby': optOutHelp } }}
                  />
                }
                label={FIELD_LABELS.pac_opt_out}
              />
              <FormHelperText id={optOutHelp} sx={{ mt: 0 }}>
                On: pay-at-close is not offered on an order with this agent as the buyer’s or the seller’s agent.
              </FormHelperText>
            </Box>
          )}
        />
      )}
    </Box>
  );
}
