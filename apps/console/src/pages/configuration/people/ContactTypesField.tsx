import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import {
  contactsOfType,
  contactTypeRemovalProblem,
  MAX_CONTACT_TYPE_NAME,
  nextId,
  type PeopleFormValues,
} from './people-form.ts';

/**
 * The contact types (Attorney, Lender…), each renamed in place. One still given to a contact is
 * not removed: the refusal says how many contacts have it, so the office knows what to change.
 */
export function ContactTypesField({
  form,
  idFloor,
  onFocus,
}: {
  form: UseFormReturn<PeopleFormValues>;
  idFloor: number;
  onFocus: (field: string) => void;
}) {
  const types = useWatch({ control: form.control, name: 'contact_types' });
  const contacts = useWatch({ control: form.control, name: 'contacts' });
  const [announcement, setAnnouncement] = useState('');
  const values = { agents: [], contacts, contact_types: types };

  const add = () => {
    form.setValue('contact_types', [...types, { id: nextId(types, idFloor), name: '' }], { shouldDirty: true });
    setAnnouncement('');
    onFocus(`contact_types.${types.length}.name`);
  };

  const remove = (index: number) => {
    const type = types[index]!;
    const field = `contact_types.${index}.name` as FieldPath<PeopleFormValues>;
    const problem = contactTypeRemovalProblem(values, type.id);
    if (problem) {
      form.setError(field, { message: problem }, { shouldFocus: true });
      return;
    }
    form.clearErrors('contact_types');
    form.setValue(
      'contact_types',
      types.filter((_, i) => i !== index),
      { shouldDirty: true },
    );
    setAnnouncement(`${type.name.trim() || 'The new type'} removed.`);
  };

  return (
    <>
      {types.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No contact types yet: add one before adding contacts.</Typography>
      ) : (
        <Box component="ul" aria-label="Contact types" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {types.map((type, index) => {
            const used = contactsOfType(values, type.id);
            return (
              <Box
                component="li"
                key={type.id}
                sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
              >
                <TextField
                  label={`Contact type ${index + 1}`}
                  sx={{ flex: '1 1 16rem', minWidth: 0 }}
                  {...fieldProps(
                    form,
                    `contact_types.${index}.name`,
                    `${used === 0 ? 'No contacts have it' : `${used} ${used === 1 ? 'contact has' : 'contacts have'} it`}. At most ${MAX_CONTACT_TYPE_NAME} characters.`,
                  )}
                />
                <Button
                  type="button"
                  color="error"
                  aria-label={`Remove ${type.name.trim() || `contact type ${index + 1}`}`}
                  onClick={() => remove(index)}
                  sx={{ minHeight: 56 }}
                >
                  Remove
                </Button>
              </Box>
            );
          })}
        </Box>
      )}
      <Button type="button" variant="outlined" onClick={add} sx={{ justifySelf: 'start' }}>
        Add contact type
      </Button>
      <Box role="status" sx={{ minHeight: '1.5em', color: 'text.secondary' }}>
        {announcement}
      </Box>
    </>
  );
}
