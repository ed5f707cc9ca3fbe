import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { geocodeSuggestionSchema, setAddressResponseSchema } from '@scheduler/contracts/address';
import { confirmResponseSchema } from '@scheduler/contracts/confirm';
import type { OfficeResponse } from '@scheduler/contracts/office';
import { setPropertyInfoResponseSchema } from '@scheduler/contracts/property';
import { ApiError } from '@scheduler/ui/api-error';
import { failureText } from '../../../shared/api.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { consoleKeys } from '../../../shared/queries.ts';
import {
  ADDRESS_FIELDS,
  CALLER_TYPES,
  emptyValues,
  formFieldOf,
  propertyBody,
  propertyAnswered,
  propertyDefaults,
  propertyKey,
  type BookValues,
  type CallerType,
} from './book-form.ts';
import { PropertySection } from './PropertySection.tsx';
import { ServicesSection } from './ServicesSection.tsx';
import { TimeSection } from './TimeSection.tsx';
import {
  bookKeys,
  officeQueryOptions,
  orderQueryOptions,
  phoneSessionQueryOptions,
  wizardCall,
  type PhoneSession,
} from './wizard-api.ts';

type Errors = Record<string, string>;
type TextKey = Exclude<keyof BookValues, 'property' | 'checks' | 'caller'>;

const anyAnswer = z.unknown();
const REQUIRED: Partial<Record<TextKey, string>> = {
  first: "Enter the client's first name.",
  last: "Enter the client's last name.",
  address1: 'Enter the street address.',
  city: 'Enter the city.',
  postal_code: 'Enter the postal code.',
};

/** A refusal's message, placed at the field it names; otherwise above the Confirm button. */
class FieldProblems extends Error {
  constructor(readonly errors: Errors) {
    super('fields');
  }
}

function problemsOf(failure: unknown, office: OfficeResponse): Errors {
  if (failure instanceof FieldProblems) return failure.errors;
  if (failure instanceof ApiError) {
    const field = formFieldOf(failure.field, office.controls);
    if (field) return { [field]: failure.message };
  }
  return { form: failureText(failure) };
}

/** The address as one line, the way the wizard asks the geocoder. */
function addressLine(values: BookValues, office: OfficeResponse): string {
  const state = office.states.find((candidate) => String(candidate.id) === values.state)?.abbreviation ?? '';
  return [values.address1, values.address2, values.city, `${state} ${values.postal_code}`.trim()]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * The address checked as the wizard's address step checks it: the geocoder's reading (a PO box
 * is refused, a city or state the postal code contradicts is named), then set_address with the
 * place found. The office's booking is not refused outside the area: its hold warns of it.
 */
async function saveAddress(session: PhoneSession, values: BookValues, office: OfficeResponse): Promise<string> {
  const missing: Errors = {};
  for (const field of ['address1', 'city', 'postal_code'] as const)
    if (!values[field].trim()) missing[field] = REQUIRED[field]!;
  if (Object.keys(missing).length > 0) throw new FieldProblems(missing);
  const found = await wizardCall(
    session,
    `json/online_scheduler/geocode?address=${encodeURIComponent(addressLine(values, office))}`,
    geocodeSuggestionSchema,
  );
  if (found.refusal) throw new FieldProblems({ address1: found.refusal.message });
  if (found.conflicts.length > 0)
    throw new FieldProblems(Object.fromEntries(found.conflicts.map((conflict) => [conflict.field, conflict.message])));
  const located = !found.no_results;
  const answer = await wizardCall(session, 'json/online_scheduler/set_address', setAddressResponseSchema, {
    body: {
      address1: values.address1.trim(),
      address2: values.address2.trim(),
      city: values.city.trim(),
      state: values.state ? Number(values.state) : located ? found.state_id : null,
      postal_code: values.postal_code.trim(),
      latitude: located ? found.latitude : 0,
      longitude: located ? found.longitude : 0,
      county: located ? found.county : '',
    },
    answers: [200, 409],
  });
  if (answer.status !== 'ok') throw new FieldProblems({ address1: answer.message });
  return located ? 'Address found on the map and saved.' : 'Not found on the map: saved as typed.';
}

const addressKey = (values: BookValues) => JSON.stringify(ADDRESS_FIELDS.map((field) => values[field].trim()));

function BookForm({ session, office }: { session: PhoneSession; office: OfficeResponse }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const order = useQuery(orderQueryOptions(session));
  const [values, setValues] = useState<BookValues>(() => ({ ...emptyValues(), ...propertyDefaults(office.controls) }));
  const [errors, setErrors] = useState<Errors>({});
  const [savedAddress, setSavedAddress] = useState<{ key: string; note: string } | null>(null);
  const [savedProperty, setSavedProperty] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: bookKeys.all(session.companyKey) });
  const clear = useCallback(
    (...fields: string[]) =>
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !fields.includes(key)))),
    [],
  );
  const onHeld = useCallback(() => clear('time', 'form'), [clear]);
  const set = (field: TextKey) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field, 'form');
  };
  const fail = (failure: unknown) => setErrors((current) => ({ ...current, ...problemsOf(failure, office) }));

  const address = useMutation({
    mutationFn: () => saveAddress(session, values, office),
    onMutate: () => clear(...ADDRESS_FIELDS),
    onSuccess: (note) => {
      setSavedAddress({ key: addressKey(values), note });
      void refresh();
    },
    onError: fail,
  });
  const saveProperty = async (from: BookValues) => {
    const body = propertyBody(from, office.controls);
    if (JSON.stringify(body) === savedProperty) return;
    await wizardCall(session, 'json/online_scheduler/set_property_info', setPropertyInfoResponseSchema, { body });
    setSavedProperty(JSON.stringify(body));
    void refresh();
  };
  // Saved as each field is left, so the price follows the square footage once every required
  // answer is given. Only the last save's answer counts; a question not reached yet is not
  // called missing here (Confirm says so).
  const propertySaves = useRef(0);
  const property = useMutation({
    mutationFn: async (from: BookValues) => {
      const save = ++propertySaves.current;
      try {
        await saveProperty(from);
      } catch (failure) {
        if (save !== propertySaves.current) return;
        const field = failure instanceof ApiError ? formFieldOf(failure.field, office.controls) : null;
        if (field && !propertyAnswered(from, field)) return;
        throw failure;
      }
    },
    onSuccess: () => clear(...office.controls.map(propertyKey)),
    onError: fail,
  });

  const confirm = useMutation({
    mutationFn: async () => {
      const missing: Errors = {};
      for (const field of ['first', 'last', 'address1', 'city', 'postal_code'] as const)
        if (!values[field].trim()) missing[field] = REQUIRED[field]!;
      if (!order.data?.datetime) missing.time = "Pick a time in an inspector's column.";
      if (Object.keys(missing).length > 0) throw new FieldProblems(missing);
      if (savedAddress?.key !== addressKey(values)) {
        const note = await saveAddress(session, values, office);
        setSavedAddress({ key: addressKey(values), note });
      }
      await saveProperty(values);
      const caller = CALLER_TYPES.find((option) => option.type === values.caller)!;
      await wizardCall(session, 'json/online_scheduler/set_user_type', anyAnswer, { body: caller });
      const client = Object.fromEntries(
        (['first', 'last', 'email', 'mobile_phone'] as const)
          .map((field) => [field, values[field].trim()] as const)
          .filter(([, value]) => value !== ''),
      );
      await wizardCall(session, 'json/online_scheduler/set_clients', anyAnswer, { body: { clients: [client] } });
      return wizardCall(session, 'json/online_scheduler/confirm', confirmResponseSchema, {
        body: { special_note: values.special_note },
        answers: [200, 409],
      });
    },
    onMutate: () => clear('form'),
    onSuccess: async (answer) => {
      if (answer.status === 'unavailable') {
        setErrors((current) => ({ ...current, time: 'That time was taken meanwhile. Pick another.' }));
        await refresh();
        return;
      }
      void queryClient.invalidateQueries({ queryKey: consoleKeys.schedule(session.companyKey) });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.orders(session.companyKey) });
      // Back to the console's order page, as after any office work on an order.
      await navigate(`/${encodeURIComponent(session.companyKey)}/orders/${session.orderId}`);
    },
    onError: fail,
  });

  const text = (field: TextKey, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? extra.helperText}
      required={field in REQUIRED}
      {...extra}
      sx={{ maxWidth: 420, ...extra.sx }}
    />
  );
  const ready =
    Boolean(savedAddress) && Boolean(order.data && order.data.packages.length + order.data.services.length > 0);
  const problems = Object.keys(errors).filter((key) => key !== 'form').length;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate();
      }}
    >
      <PageSection title="Client" intro="The person the inspection is for. They get the confirmation.">
        <TextField
          select
          label="The caller is"
          value={values.caller}
          onChange={(event) => setValues((current) => ({ ...current, caller: event.target.value as CallerType }))}
          slotProps={{ select: { native: true } }}
          sx={{ maxWidth: 420 }}
        >
          {CALLER_TYPES.map((option) => (
            <option key={option.type} value={option.type}>
              {option.text}
            </option>
          ))}
        </TextField>
        {text('first', 'First name', { autoComplete: 'off' })}
        {text('last', 'Last name', { autoComplete: 'off' })}
        {text('email', 'E-mail', { type: 'email', autoComplete: 'off' })}
        {text('mobile_phone', 'Phone', { type: 'tel', autoComplete: 'off' })}
      </PageSection>

      <PageSection title="Address" intro="The property to inspect, checked as the scheduler checks it.">
        {text('address1', 'Street address')}
        {text('address2', 'Apartment, suite (optional)')}
        {text('city', 'City')}
        <TextField
          select
          label={office.state_label || 'State'}
          value={values.state}
          onChange={(event) => set('state')(event.target.value)}
          error={Boolean(errors.state)}
          helperText={errors.state}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ maxWidth: 420 }}
        >
          <option value="">Select</option>
          {office.states.map((state) => (
            <option key={state.id} value={String(state.id)}>
              {state.abbreviation}
            </option>
          ))}
        </TextField>
        {text('postal_code', 'Postal code', { autoComplete: 'off' })}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Button variant="outlined" onClick={() => address.mutate()} disabled={address.isPending}>
            {address.isPending ? 'Checking…' : 'Check the address'}
          </Button>
          {savedAddress && savedAddress.key === addressKey(values) && (
            <Alert severity="success" role="status" sx={{ flex: 1 }}>
              {savedAddress.note}
            </Alert>
          )}
        </Box>
      </PageSection>

      <PropertySection
        controls={office.controls}
        values={values}
        errors={errors}
        onChange={(key, value) => {
          setValues((current) => ({ ...current, property: { ...current.property, [key]: value } }));
          clear(key, 'form');
        }}
        onCheck={(key, checked) => {
          setValues((current) => ({ ...current, checks: { ...current.checks, [key]: checked } }));
          clear(key, 'form');
        }}
        onLeave={() => property.mutate(values)}
      />

      <ServicesSection session={session} currency={office.currency_code} error={errors.services} />

      <TimeSection session={session} timeZone={office.time_zone} ready={ready} error={errors.time} onHeld={onHeld} />

      <PageSection title="Confirm">
        <TextField
          label="Note for the inspector (optional)"
          value={values.special_note}
          onChange={(event) => set('special_note')(event.target.value)}
          multiline
          minRows={2}
          sx={{ maxWidth: 620 }}
        />
        {(errors.form || problems > 0) && (
          <Alert severity="error" role="alert">
            {errors.form ?? 'Some details need a look: see the fields marked above.'}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={confirm.isPending} sx={{ minHeight: 44 }}>
            {confirm.isPending ? 'Booking…' : 'Book the inspection'}
          </Button>
          <Link href={session.wizardUrl}>Open the wizard instead</Link>
        </Box>
      </PageSection>
    </Box>
  );
}

/**
 * Book by phone (issue 41, decision 0072): the office books a caller on one page — client,
 * address, property, services with the live total, a time from the inspectors' columns with the
 * warnings a visitor's rules raise — through an office wizard session, and lands on the new
 * order's page. `?office=` names the office the caller books with (absent: the first).
 */
export default function BookPage() {
  const { companyKey = '' } = useParams();
  const [params] = useSearchParams();
  const session = useQuery(phoneSessionQueryOptions(companyKey, params.get('office')));
  const office = useQuery({
    ...officeQueryOptions(session.data ?? { companyKey, token: '', orderId: '', officeUuid: '', wizardUrl: '' }),
    enabled: session.isSuccess,
  });
  return (
    <>
      <PageHeading>Book by phone</PageHeading>
      {session.isError ? (
        <Failure error={session.error} onRetry={() => void session.refetch()} />
      ) : office.isError ? (
        <Failure error={office.error} onRetry={() => void office.refetch()} />
      ) : !session.data || !office.data ? (
        <Loading label="Starting the booking…" />
      ) : (
        <BookForm session={session.data} office={office.data} />
      )}
    </>
  );
}
