import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ConsoleOrderEditState, OrderEditNewPerson } from '@scheduler/contracts/order-edit';
import { MAX_CONTACTS, PERSON_FIELD_MAX } from '@scheduler/contracts/people';

/** The fields of a client or contact the office corrects, with their labels (the contacts step's words). */
export const PERSON_FIELDS = [
  ['first', 'First name'],
  ['last', 'Last name'],
  ['email', 'E-mail'],
  ['mobile_phone', 'Mobile phone'],
  ['work_phone', 'Work phone'],
  ['home_phone', 'Home phone'],
] as const;
const ROLE_WORDS = { client: 'Client', contact: 'Contact' } as const;

type Person = ConsoleOrderEditState['people'][number];
type PersonFields = Pick<Person, (typeof PERSON_FIELDS)[number][0]>;
/** A person the office adds, keyed while on screen. */
export type AddedPerson = OrderEditNewPerson & { key: number };
/** The people as the dialog edits them: the order's (corrected), those taken off (by id), those added. */
export interface PeopleEdit {
  people: Person[];
  removed: string[];
  added: AddedPerson[];
}

const EMPTY: PersonFields = { first: '', last: '', email: '', mobile_phone: '', work_phone: '', home_phone: '' };
const nameOf = (person: PersonFields) => `${person.first} ${person.last}`.trim();

const FIELDSET_SX = {
  border: 0,
  p: 0,
  m: 0,
  mb: 1.5,
  display: 'grid',
  gap: 1,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

function Fields<T extends PersonFields>({ person, onChange }: { person: T; onChange: (person: T) => void }) {
  return PERSON_FIELDS.map(([field, label]) => (
    <TextField
      key={field}
      label={label}
      value={person[field]}
      onChange={(event) => onChange({ ...person, [field]: event.target.value })}
      slotProps={{ htmlInput: { maxLength: PERSON_FIELD_MAX[field] } }}
    />
  ));
}

/**
 * The order's clients and contacts: each corrected in place or taken off (never the last client:
 * its button is not shown), and clients (up to the company's limit) and contacts (of a type the
 * company offers and the order does not have yet) added.
 */
export function PeopleFields({
  state,
  value,
  onChange,
}: {
  state: ConsoleOrderEditState;
  value: PeopleEdit;
  onChange: (value: PeopleEdit) => void;
}) {
  const { people, removed, added } = value;
  const onPeople = (next: Person[]) => onChange({ ...value, people: next });
  const onRemoved = (next: string[]) => onChange({ ...value, removed: next });
  const onAdded = (next: AddedPerson[]) => onChange({ ...value, added: next });
  const kept = people.filter((person) => !removed.includes(person.id));
  const clients =
    kept.filter((person) => person.role === 'client').length + added.filter((one) => one.role === 'client').length;
  const contacts = kept.length + added.length - clients;
  const nextKey = added.reduce((highest, one) => Math.max(highest, one.key + 1), 0);
  const add = (role: 'client' | 'contact') =>
    onAdded([...added, { ...EMPTY, role, contact_type_id: null, key: nextKey }]);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        People
      </Typography>
      {people.map((person, index) => {
        if (removed.includes(person.id)) return null;
        const was = state.people[index]!;
        const name = nameOf(was) || 'no name';
        return (
          <Box key={person.id} component="fieldset" sx={FIELDSET_SX}>
            <Typography component="legend" sx={{ fontWeight: 650, mb: 0.5 }}>
              {`${ROLE_WORDS[person.role]}: ${name}`}
            </Typography>
            <Fields
              person={person}
              onChange={(changed) => onPeople(people.map((other, at) => (at === index ? changed : other)))}
            />
            {(person.role === 'contact' || clients > 1) && (
              <Box>
                <Button onClick={() => onRemoved([...removed, person.id])}>Take {name} off the order</Button>
              </Box>
            )}
          </Box>
        );
      })}
      {added.map((one) => {
        const change = (next: AddedPerson) => onAdded(added.map((other) => (other.key === one.key ? next : other)));
        const title = one.role === 'client' ? 'New client' : 'New contact';
        return (
          <Box key={one.key} component="fieldset" sx={FIELDSET_SX}>
            <Typography component="legend" sx={{ fontWeight: 650, mb: 0.5 }}>
              {title}
            </Typography>
            {one.role === 'contact' && (
              <TextField
                select
                label="Contact type"
                value={one.contact_type_id === null ? '' : String(one.contact_type_id)}
                onChange={(event) =>
                  change({ ...one, contact_type_id: event.target.value === '' ? null : Number(event.target.value) })
                }
              >
                {state.contact_types.map((type) => (
                  <MenuItem key={type.id} value={String(type.id)}>
                    {type.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Fields person={one} onChange={change} />
            <Box>
              <Button onClick={() => onAdded(added.filter((other) => other.key !== one.key))}>
                Do not add this {one.role}
              </Button>
            </Box>
          </Box>
        );
      })}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => add('client')} disabled={clients >= state.client_limit}>
          Add a client
        </Button>
        {state.contact_types.length > 0 && (
          <Button variant="outlined" onClick={() => add('contact')} disabled={contacts >= MAX_CONTACTS}>
            Add a contact
          </Button>
        )}
      </Box>
    </Box>
  );
}
