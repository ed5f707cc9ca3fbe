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
import Snackbar from '@mui/material/Snackbar';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { callApi, companyApi, failureText } from '../shared/api.ts';
import { later } from '../shared/later-schema.ts';
import { inspectorsQueryOptions } from '../shared/queries.ts';

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
 * "Book by phone" (owner, admin, office): a wizard session of the office's own, opened in this tab
 * (the wizard then shows the office its own options). With several offices, the person says which
 * office the caller books with (the schedule's office first); with one, it opens at once.
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
  const start = useMutation({
    mutationFn: (office: string | null) =>
      callApi(
        companyApi(companyKey, '/phone-bookings'),
        later((schemas) => schemas.consolePhoneBookingResponseSchema),
        {
          method: 'POST',
          body: office ? { office_uuid: office } : {},
          answers: [201],
        },
      ),
    // The wizard, same tab: the office books the caller there, and comes back with the browser's Back.
    onSuccess: (answer) => window.location.assign(answer.url),
  });
  const chosen =
    officeUuid ?? offices.find((office) => office.uuid === params.get('office'))?.uuid ?? offices[0]?.uuid ?? null;
  const busy = start.isPending || start.isSuccess;

  return (
    <>
      <Button
        variant="contained"
        color="secondary"
        aria-haspopup={offices.length > 1 ? 'dialog' : undefined}
        // Until the offices are known, a click could not tell which to ask about.
        disabled={busy || inspectors.isPending}
        onClick={() => (offices.length > 1 ? setChoosing(true) : start.mutate(null))}
        sx={{ minHeight: 44, border: '1px solid rgba(255,255,255,0.6)' }}
      >
        {busy && !choosing ? 'Opening the booking…' : 'Book by phone'}
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
            {start.isError && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {failureText(start.error)}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={() => setChoosing(false)}>Cancel</Button>
            <Button variant="contained" disabled={busy || !chosen} onClick={() => start.mutate(chosen)}>
              {busy ? 'Opening the booking…' : 'Start the booking'}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      <Snackbar
        open={start.isError && !choosing}
        onClose={() => start.reset()}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity="error" role="alert" onClose={() => start.reset()} sx={{ width: '100%' }}>
          {failureText(start.error)}
        </Alert>
      </Snackbar>
    </>
  );
}
