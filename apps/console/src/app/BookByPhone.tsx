import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { failureText } from '../shared/api.ts';
import { inspectorsQueryOptions } from '../shared/queries.ts';
import { BOOK_BY_PHONE_BUTTON_SX } from './book-by-phone-look.ts';

/** The offices that have working inspectors, in the order the list names them. */
function officesOf(
  inspectors: ReadonlyArray<{ office_uuid: string; office_name: string }>,
): Array<{ uuid: string; name: string }> {
  const offices = new Map<string, string>();
  for (const inspector of inspectors)
    if (!offices.has(inspector.office_uuid)) offices.set(inspector.office_uuid, inspector.office_name);
  return [...offices].map(([uuid, name]) => ({ uuid, name }));
}

/**
 * "Book by phone" (owner, admin, office): the console's phone-booking form (decision 0072), which
 * books the caller on one page through a wizard session of the office's own. With several
 * offices, the person says which office the caller books with (the schedule's office first); with
 * one, the form opens at once.
 *
 * The offices are those of the company's inspectors: the console's API has no list of offices of
 * its own outside the schedule, and an office without inspectors has no time to book anyway.
 */
export function BookByPhone({ companyKey }: { companyKey: string }) {
  const inspectors = useQuery(inspectorsQueryOptions(companyKey));
  const offices = officesOf(inspectors.data?.inspectors ?? []);
  const [params] = useSearchParams();
  const [choosing, setChoosing] = useState(false);
  const [officeUuid, setOfficeUuid] = useState<string | null>(null);
  const ids = { title: useId(), office: useId() };
  const navigate = useNavigate();
  const start = (office: string | null) => {
    setChoosing(false);
    const query = office ? `?${new URLSearchParams({ office }).toString()}` : '';
    void navigate(`/${encodeURIComponent(companyKey)}/book${query}`);
  };
  const chosen =
    officeUuid ?? offices.find((office) => office.uuid === params.get('office'))?.uuid ?? offices[0]?.uuid ?? null;

  return (
    <>
      <Button
        variant="contained"
        color="secondary"
        aria-haspopup={offices.length > 1 ? 'dialog' : undefined}
        // Until the offices are known, a click could not tell which to ask about.
        disabled={inspectors.isPending}
        onClick={() => (offices.length > 1 ? setChoosing(true) : start(null))}
        sx={BOOK_BY_PHONE_BUTTON_SX}
      >
        Book by phone
      </Button>
      {choosing && (
        <Dialog open onClose={() => setChoosing(false)} fullWidth maxWidth="xs" aria-labelledby={ids.title}>
          <DialogTitle id={ids.title}>Book by phone</DialogTitle>
          <DialogContent>
            <FormControl>
              <FormLabel id={ids.office}>Which office is the caller booking with?</FormLabel>
              <RadioGroup
                aria-labelledby={ids.office}
                value={chosen ?? ''}
                onChange={(event) => setOfficeUuid(event.target.value)}
              >
                {offices.map((office) => (
                  <FormControlLabel key={office.uuid} value={office.uuid} control={<Radio />} label={office.name} />
                ))}
              </RadioGroup>
            </FormControl>
            {inspectors.isError && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {failureText(inspectors.error)}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={() => setChoosing(false)}>Cancel</Button>
            <Button variant="contained" disabled={!chosen} onClick={() => start(chosen)}>
              Start the booking
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
