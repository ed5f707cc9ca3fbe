import Box from '@mui/material/Box';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SEARCH_QUERY_MIN, type SearchResult } from '@scheduler/contracts/people';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { usePeopleSearch, type SearchKind } from './api.ts';
import { contactsTexts } from './contacts-texts.ts';
import { SearchOption } from './SearchOption.tsx';

const SEARCH_PAUSE_MS = 300;

export interface PersonSearchProps {
  kind: SearchKind;
  label: string;
  /** The synthetic last entry (spec 2.7): "Add new agent" or "Add new contact". */
  addNewLabel: string;
  onPick: (result: SearchResult) => void;
  onAddNew: (query: string) => void;
}

/**
 * Search as you type (spec 2.7, issue 10) as the ARIA combobox pattern: the input keeps focus,
 * Up/Down move through the results (the synthetic "Add new" entry last), Enter picks, Escape
 * closes. Results arrive after a pause, from two characters on.
 */
export function PersonSearch({ kind, label, addNewLabel, onPick, onAddNew }: PersonSearchProps) {
  const { scope } = useScheduler();
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  // What is asked: the query once typing paused for SEARCH_PAUSE_MS, not every key.
  const [asked, setAsked] = useState('');
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pause.current), []);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = usePeopleSearch(scope, kind, asked);
  const asking = query.trim().length >= SEARCH_QUERY_MIN && asked.length >= SEARCH_QUERY_MIN;
  const results = asking ? (search.data ?? []) : [];
  const count = results.length + 1;
  // Open whatever is typed (spec 2.7, 4.6: "Add new" is always there), so that a new person can be
  // added without first searching; the results come once the query is long enough.
  const expanded = open;
  const optionId = (index: number) => `${id}-option-${index}`;

  const pick = (index: number) => {
    setOpen(false);
    setActive(-1);
    const result = results[index];
    if (result) onPick(result);
    else onAddNew(query);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % count);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (expanded && active >= 0) pick(active);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <Box sx={{ position: 'relative' }}>
      <InputLabel htmlFor={id} sx={{ position: 'static', transform: 'none', mb: 0.5, color: 'text.primary' }}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        fullWidth
        value={query}
        onChange={(event) => {
          const typed = event.target.value;
          setQuery(typed);
          clearTimeout(pause.current);
          pause.current = setTimeout(() => setAsked(typed.trim()), SEARCH_PAUSE_MS);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        inputProps={{
          role: 'combobox',
          'aria-expanded': expanded,
          'aria-controls': listId,
          'aria-autocomplete': 'list',
          'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
          autoComplete: 'off',
        }}
      />
      <Box
        component="ul"
        role="listbox"
        id={listId}
        aria-label={label}
        hidden={!expanded}
        sx={{
          listStyle: 'none',
          m: 0,
          mt: 0.5,
          p: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
        }}
      >
        {results.map((result, index) => (
          <SearchOption
            key={result.id}
            id={optionId(index)}
            text={result.display}
            active={index === active}
            onPick={() => pick(index)}
          />
        ))}
        <SearchOption
          id={optionId(results.length)}
          text={addNewLabel}
          active={active === results.length}
          onPick={() => pick(results.length)}
        />
      </Box>
      {expanded && search.isFetching && (
        <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
          {contactsTexts.searching}
        </Typography>
      )}
    </Box>
  );
}
