import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  blankAgent,
  blankContact,
  nextId,
  personName,
  searchPeople,
  type AgentValues,
  type ContactValues,
  type PeopleFormValues,
  type PersonList,
  type StateChoice,
} from './people-form.ts';
import { PersonFields } from './PersonFields.tsx';

/** A long directory lists this many of the people found; the search finds the others. */
const MAX_LISTED = 50;

const WORDS: Record<PersonList, { one: string; many: string; search: string }> = {
  agents: { one: 'agent', many: 'agents', search: 'By name, e-mail or agency.' },
  contacts: { one: 'contact', many: 'contacts', search: 'By name, e-mail or company.' },
};

/**
 * One list of the directory (agents or contacts): a search, the people found as a list to pick
 * from, and the picked person's fields, with Add and Remove. Everything is written into the
 * page's form; the page's Save saves it.
 */
export function PersonDirectory({
  form,
  list,
  selectedId,
  onSelect,
  onFocus,
  idFloor,
  states,
  stateLabel,
}: {
  form: UseFormReturn<PeopleFormValues>;
  list: PersonList;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  /** Focus a field of the form once it is shown. */
  onFocus: (field: string) => void;
  idFloor: number;
  states: readonly StateChoice[];
  stateLabel: string;
}) {
  const rows = useWatch({ control: form.control, name: list }) as Array<AgentValues | ContactValues>;
  const contactTypes = useWatch({ control: form.control, name: 'contact_types' });
  const [query, setQuery] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const searchInput = useRef<HTMLInputElement | null>(null);
  const headingId = useId();
  const found = useMemo(() => searchPeople(rows, query), [rows, query]);
  const words = WORDS[list];
  const typeNames = useMemo(() => new Map(contactTypes.map((type) => [String(type.id), type.name])), [contactTypes]);
  const errors = form.formState.errors[list];

  const selectedIndex = Math.max(
    rows.findIndex((row) => row.id === selectedId),
    rows.length > 0 ? 0 : -1,
  );
  const selected = selectedIndex >= 0 ? rows[selectedIndex] : undefined;

  const add = () => {
    const id = nextId(rows, idFloor);
    // With one contact type there is no choice to make.
    const person =
      list === 'agents'
        ? blankAgent(id)
        : blankContact(id, contactTypes.length === 1 ? String(contactTypes[0]!.id) : '');
    form.setValue(list, [...rows, person] as PeopleFormValues[typeof list], { shouldDirty: true });
    setQuery('');
    setAnnouncement(`A new ${words.one} is added at the end of the list. Save the changes to keep them.`);
    onSelect(id);
    onFocus(`${list}.${rows.length}.first`);
  };

  const remove = () => {
    if (!selected) return;
    const next = rows.filter((_, index) => index !== selectedIndex);
    // The errors are kept by place in the list, which the removal shifts: the next save checks again.
    form.clearErrors(list);
    form.setValue(list, next as PeopleFormValues[typeof list], { shouldDirty: true });
    setAnnouncement(
      `${personName(selected) || `The new ${words.one}`} removed. Save the changes to keep it that way, or Discard to bring them back.`,
    );
    onSelect(next[Math.min(selectedIndex, next.length - 1)]?.id ?? null);
    searchInput.current?.focus();
  };

  const describe = (row: AgentValues | ContactValues, index: number) => {
    const parts = [
      row.email.trim(),
      'agency' in row ? row.agency.trim() : (typeNames.get(row.type) ?? '').trim(),
    ].filter(Boolean);
    if (row.added_online) parts.push('Added by a visitor');
    if (errors?.[index]) parts.push('Has something to correct');
    return parts.join(' · ');
  };

  const listed = found.slice(0, MAX_LISTED);
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
          <TextField
            label={`Search ${words.many}`}
            type="search"
            value={query}
            inputRef={searchInput}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              // Enter in the search is not a save of the whole directory.
              if (event.key === 'Enter') event.preventDefault();
            }}
            helperText={words.search}
            slotProps={{ htmlInput: { autoComplete: 'off' } }}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {rows.length === 0
              ? `No ${words.many} yet.`
              : found.length > MAX_LISTED
                ? `Showing ${MAX_LISTED} of the ${found.length.toLocaleString('en-US')} ${words.many} found: search to find the others.`
                : query.trim() === ''
                  ? `${rows.length.toLocaleString('en-US')} ${rows.length === 1 ? words.one : words.many}.`
                  : `${found.length.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')} ${words.many} found.`}
          </Typography>
          {listed.length > 0 && (
            <Paper variant="outlined">
              <List dense aria-label={`${words.many.charAt(0).toUpperCase()}${words.many.slice(1)} found`}>
                {listed.map((index) => {
                  const row = rows[index]!;
                  const current = index === selectedIndex;
                  return (
                    <ListItem key={row.id} disablePadding>
                      <ListItemButton
                        selected={current}
                        aria-current={current ? 'true' : undefined}
                        onClick={() => onSelect(row.id)}
                      >
                        <ListItemText
                          primary={personName(row) || `New ${words.one}`}
                          secondary={describe(row, index) || null}
                          slotProps={{
                            primary: { sx: { overflowWrap: 'anywhere' } },
                            secondary: { sx: { overflowWrap: 'anywhere' } },
                          }}
                        />
                      </ListItemButton>
                    </ListItem>
                  );
                })}
              </List>
            </Paper>
          )}
          <Button type="button" variant="outlined" onClick={add} sx={{ justifySelf: 'start' }}>
            Add {words.one}
          </Button>
        </Box>
        {selected ? (
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby={headingId}
            sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}
          >
            <Typography component="h3" variant="h3" id={headingId} sx={{ mb: 2, overflowWrap: 'anywhere' }}>
              {personName(selected) || `New ${words.one}`}
            </Typography>
            <PersonFields
              key={selected.id}
              form={form}
              list={list}
              index={selectedIndex}
              addedOnline={selected.added_online}
              states={states}
              stateLabel={stateLabel}
              contactTypes={contactTypes}
            />
            <Button type="button" color="error" onClick={remove} sx={{ mt: 2 }}>
              Remove {words.one}
            </Button>
          </Paper>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>Add one to start the list.</Typography>
        )}
      </Box>
      <Box role="status" sx={{ minHeight: '1.5em', color: 'text.secondary' }}>
        {announcement}
      </Box>
    </>
  );
}
