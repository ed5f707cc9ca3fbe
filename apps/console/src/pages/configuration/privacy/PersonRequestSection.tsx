import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { privacyEmailSchema, type PrivacyEraseResult, type PrivacyLookup } from '@scheduler/contracts/privacy';
import { ApiError } from '@scheduler/ui/api-error';
import { failureText } from '../../../shared/api.ts';
import { fieldProps } from '../../../shared/form.ts';
import { Loading } from '../../../shared/Loading.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { EraseDialog } from './EraseDialog.tsx';
import { privacyLookupQueryOptions, useDownloadPersonalData, useErasePersonalData } from './privacy-api.ts';
import { dataText, erasureCounts, inspectionText, ordersText, rolesText, statusText } from './privacy-text.ts';

const REQUEST_INTRO =
  'When someone asks what the company holds about them, or asks for it to be erased: find them by their e-mail, download their data to hand to them, or erase it from every order whose inspection is over.';

export const EMAIL_PROBLEM = 'Enter their e-mail address, like jane@example.com.';

const requestFormSchema = z.object({
  email: z.string().refine((typed) => privacyEmailSchema.safeParse(typed.trim()).success, EMAIL_PROBLEM),
});
type RequestForm = z.infer<typeof requestFormSchema>;

/** A refusal naming the e-mail (400): said at the field, what was typed kept. */
const emailRefusal = (error: unknown): string | null =>
  error instanceof ApiError && error.status === 400 && error.field === 'email' ? error.message : null;

/** "A person's request": find a person's orders by e-mail, then hand over their data or erase it. */
export function PersonRequestSection({ companyKey }: { companyKey: string }) {
  const form = useForm<RequestForm>({ resolver: zodResolver(requestFormSchema), defaultValues: { email: '' } });
  // The e-mail of the list shown: the actions act on it, whatever the field holds since.
  const [searched, setSearched] = useState<string | null>(null);
  const [erased, setErased] = useState<PrivacyEraseResult | null>(null);
  const lookup = useQuery({ ...privacyLookupQueryOptions(companyKey, searched ?? ''), enabled: searched !== null });

  useEffect(() => {
    const message = emailRefusal(lookup.error);
    if (message) form.setError('email', { message }, { shouldFocus: true });
  }, [form, lookup.error]);

  const submit = form.handleSubmit(({ email }) => {
    setErased(null);
    // Finding the same person again asks afresh: their orders may have changed since.
    if (email.trim() === searched) void lookup.refetch();
    else setSearched(email.trim());
  });

  return (
    <PageSection title="A person's request" intro={REQUEST_INTRO}>
      <Box
        component="form"
        noValidate
        aria-label="Find a person's data"
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          label="Their e-mail"
          type="email"
          {...fieldProps(form, 'email', 'As they gave it on their orders; any case.')}
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 254 } }}
          sx={{ flex: '1 1 280px', maxWidth: 420 }}
        />
        <Button type="submit" variant="contained" sx={{ mt: 1 }}>
          Find
        </Button>
      </Box>
      <Box role="status">
        {erased && (
          <Alert severity="success">
            Erased {ordersText(erased.erased.length)}.
            {erased.kept.length > 0 &&
              ` Kept, their inspection still to come: ${erased.kept.map((order) => order.reference).join(', ')}.`}
          </Alert>
        )}
      </Box>
      {searched !== null && lookup.isPending && <Loading label="Finding their orders…" />}
      {lookup.isError && !emailRefusal(lookup.error) && <Alert severity="error">{failureText(lookup.error)}</Alert>}
      {lookup.data && (
        <PersonData
          companyKey={companyKey}
          lookup={lookup.data}
          email={searched ?? lookup.data.email}
          form={form}
          onErased={setErased}
        />
      )}
    </PageSection>
  );
}

/** The person's orders as found, and what can be done with their data. */
function PersonData({
  companyKey,
  lookup,
  email,
  form,
  onErased,
}: {
  companyKey: string;
  lookup: PrivacyLookup;
  email: string;
  form: UseFormReturn<RequestForm>;
  onErased: (result: PrivacyEraseResult) => void;
}) {
  const download = useDownloadPersonalData(companyKey);
  const erase = useErasePersonalData(companyKey);
  const [confirming, setConfirming] = useState(false);
  const { orders, directory_contacts: contacts } = lookup;
  const counts = erasureCounts(orders);
  const atField = (error: unknown) => {
    const message = emailRefusal(error);
    if (message) form.setError('email', { message }, { shouldFocus: true });
  };

  if (orders.length === 0 && contacts === 0) return <Typography>No orders or contacts with this e-mail.</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {orders.length === 0 ? (
        <Typography>No orders with this e-mail.</Typography>
      ) : (
        // A phone scrolls the table sideways: the box takes the keyboard's focus to scroll it too.
        <TableContainer tabIndex={0} role="region" aria-label="Their orders, scrolls sideways">
          <Table size="small" aria-label={`Orders with ${email}`}>
            <TableHead>
              <TableRow>
                <TableCell>Order</TableCell>
                <TableCell>Inspection</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>On it as</TableCell>
                <TableCell>Their data</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {orders.map((order) => (
                <TableRow key={order.id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/${encodeURIComponent(companyKey)}/orders/${order.id}`}>
                      {order.reference}
                    </Link>
                  </TableCell>
                  <TableCell>{inspectionText(order)}</TableCell>
                  <TableCell>{statusText(order)}</TableCell>
                  <TableCell>{rolesText(order)}</TableCell>
                  <TableCell>{dataText(order)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {contacts > 0 && (
        <Typography>
          Also listed in{' '}
          <Link component={RouterLink} to={`/${encodeURIComponent(companyKey)}/people`}>
            People
          </Link>
          : remove them there.
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          type="button"
          variant="outlined"
          disabled={download.isPending}
          onClick={() => download.mutate(email, { onError: atField })}
        >
          Download their data
        </Button>
        {counts.erasable > 0 && (
          <Button type="button" variant="outlined" color="error" onClick={() => setConfirming(true)}>
            Erase their data
          </Button>
        )}
      </Box>
      {orders.length > 0 && counts.erasable === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>
          Nothing to erase now: every order is erased already or its inspection is still to come.
        </Typography>
      )}
      {download.isError && !emailRefusal(download.error) && (
        <Alert severity="error">{failureText(download.error)}</Alert>
      )}
      {confirming && (
        <EraseDialog
          email={email}
          counts={counts}
          erasing={erase.isPending}
          error={erase.error}
          onCancel={() => {
            erase.reset();
            setConfirming(false);
          }}
          onErase={() =>
            erase.mutate(email, {
              onSuccess: (result) => {
                setConfirming(false);
                onErased(result);
              },
              onError: (error) => {
                if (!emailRefusal(error)) return;
                setConfirming(false);
                atField(error);
              },
            })
          }
        />
      )}
    </Box>
  );
}
