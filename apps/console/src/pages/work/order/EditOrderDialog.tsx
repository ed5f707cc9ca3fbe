import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { SPECIAL_NOTE_MAX } from '@scheduler/contracts/confirm';
import {
  EDIT_REASON_MAX,
  EDITED_AGENT_ROLES,
  type ConsoleOrderEditState,
  type EditedAgentRole,
} from '@scheduler/contracts/order-edit';
import { formatMoney } from '@scheduler/domain/money-format';
import { formatLineAmount } from '@scheduler/domain/pricing/display-lines';
import { ApiError } from '@scheduler/ui/api-error';
import { failureText } from '../../../shared/api.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { AddressFields, addressBody } from './AddressFields.tsx';
import { AgentField, type ShownAgent } from './AgentFields.tsx';
import { PriceLines } from './OrderSections.tsx';
import { PeopleFields, PERSON_FIELDS, type PeopleEdit } from './PeopleFields.tsx';
import { PropertyFields } from './PropertyFields.tsx';
import {
  orderEditStateOptions,
  useOrderEditPreview,
  useSaveOrderEdit,
  type OrderEditRequest,
} from './order-edit-api.ts';

/** Dollars as typed ("445", "445.5", "$1,200.00") in cents; null when it is not an amount. */
export function typedCents(text: string): number | null {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(plain)) return null;
  return Math.round(Number(plain) * 100);
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const lineKey = (kind: 'package' | 'service', id: string) => `${kind}:${id}`;

/**
 * Edit a booked order (issue 41 item 1, decision 0063): its package and services, a line's price
 * or a discount with the reason, and its note. The server prices every change as the wizard would
 * and the dialog shows its lines and "old total → new total" before saving; "E-mail the people
 * concerned" shows the message it sends. A save over someone else's newer save is refused, and
 * said so, instead of overwriting it.
 */
export function EditOrderDialog({
  orderId,
  companyKey,
  onClose,
  onSaved,
}: {
  orderId: string;
  companyKey: string;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const state = useQuery(orderEditStateOptions(companyKey, orderId));
  // A long form: on a phone it takes the whole screen rather than a box inside the page's margins.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="md" aria-labelledby="edit-order-title">
      <DialogTitle id="edit-order-title">Edit the order</DialogTitle>
      {state.isPending && (
        <DialogContent>
          <Loading label="Loading the order…" />
        </DialogContent>
      )}
      {state.isError && (
        <DialogContent>
          <Failure error={state.error} onRetry={() => void state.refetch()} />
        </DialogContent>
      )}
      {state.data && (
        <EditForm state={state.data} companyKey={companyKey} orderId={orderId} onClose={onClose} onSaved={onSaved} />
      )}
    </Dialog>
  );
}

function EditForm({
  state,
  companyKey,
  orderId,
  onClose,
  onSaved,
}: {
  state: ConsoleOrderEditState;
  companyKey: string;
  orderId: string;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const [packageId, setPackageId] = useState<number | null>(state.package_id);
  const [serviceIds, setServiceIds] = useState<string[]>(state.service_ids);
  // Prices the person typed, by line: only those are sent (the rest keep their booked or catalogue price).
  const [typedPrices, setTypedPrices] = useState<Record<string, string>>({});
  const [discount, setDiscount] = useState(state.discount_cents > 0 ? dollars(state.discount_cents) : '');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState(state.special_note);
  const [notify, setNotify] = useState(false);
  const [peopleEdit, setPeopleEdit] = useState<PeopleEdit>({ people: state.people, removed: [], added: [] });
  const { people, removed, added } = peopleEdit;
  const [property, setProperty] = useState(state.property.answers);
  // The answers go whole, and only when one changed (they reprice: the preview is asked with them).
  const propertyChanged = JSON.stringify(property) !== JSON.stringify(state.property.answers);
  const [agents, setAgents] = useState<Record<EditedAgentRole, ShownAgent | null>>(state.agents);
  const [address, setAddress] = useState(state.address);
  const [outsideArea, setOutsideArea] = useState(false);
  const [keepLength, setKeepLength] = useState(false);
  // A new cart may make the inspection longer: past the inspector's hours, the office may keep it anyway.
  const cartChanged =
    packageId !== state.package_id ||
    serviceIds.length !== state.service_ids.length ||
    serviceIds.some((id) => !state.service_ids.includes(id));
  // The address goes whole, and only when it reads differently (it reprices and is re-checked).
  const newAddress = addressBody(state.address, address);
  const save = useSaveOrderEdit(companyKey, orderId);

  const defaultPrice = useMemo(() => {
    const prices = new Map<string, number>();
    for (const pkg of state.packages) prices.set(lineKey('package', String(pkg.id)), pkg.price_cents);
    for (const service of state.services) prices.set(lineKey('service', service.id), service.price_cents);
    for (const price of state.prices) prices.set(lineKey(price.kind, price.id), price.price_cents);
    return prices;
  }, [state]);

  const lines = [
    ...state.packages
      .filter((pkg) => pkg.id === packageId)
      .map((pkg) => ({
        key: lineKey('package', String(pkg.id)),
        kind: 'package' as const,
        id: String(pkg.id),
        name: pkg.name,
      })),
    ...state.services
      .filter((service) => serviceIds.includes(service.id))
      .map((service) => ({
        key: lineKey('service', service.id),
        kind: 'service' as const,
        id: service.id,
        name: service.name,
      })),
  ];
  const priceErrors = new Set(
    lines
      .filter((line) => line.key in typedPrices && typedCents(typedPrices[line.key]!) === null)
      .map((line) => line.key),
  );
  const discountCents = discount.trim() === '' ? 0 : typedCents(discount);
  const body: OrderEditRequest | null =
    priceErrors.size > 0 || discountCents === null
      ? null
      : {
          version: state.version,
          package_id: packageId,
          service_ids: serviceIds,
          prices: lines
            .filter((line) => line.key in typedPrices)
            .map((line) => ({ kind: line.kind, id: line.id, price_cents: typedCents(typedPrices[line.key]!)! })),
          discount_cents: discountCents,
          reason: reason.trim(),
          special_note: note,
          // Only the people corrected: the others are left exactly as the order has them.
          people: people
            .filter(
              (person, index) =>
                !removed.includes(person.id) &&
                PERSON_FIELDS.some(([field]) => person[field] !== state.people[index]![field]),
            )
            .map(({ role: _role, ...person }) => person),
          added: added.map(({ key: _key, ...person }) => person),
          removed,
          property: propertyChanged ? property : null,
          // Only the agents changed: a directory id, or null to take the agent off.
          agents: Object.fromEntries(
            EDITED_AGENT_ROLES.filter((role) => agents[role]?.id !== state.agents[role]?.id).map((role) => [
              role,
              agents[role]?.id ?? null,
            ]),
          ),
          address: newAddress,
          book_outside_area: newAddress !== null && outsideArea,
          keep_length: cartChanged && keepLength,
          notify,
        };
  // The price does not depend on the reason, the note or the e-mail: they do not ask again.
  const priced = useOrderEditPreview(
    companyKey,
    orderId,
    body && {
      ...body,
      reason: '',
      notify: false,
      special_note: state.special_note,
      people: [],
      added: [],
      removed: [],
      agents: {},
    },
  );
  const preview = priced.data;
  // While a change is being priced the previous answer stays on screen (no flicker), but its total
  // is not the one a save would make: it says so, and Save waits for the new figures.
  const repricing = priced.isFetching;
  const money = (cents: number | null) => (cents === null ? 'not shown' : formatMoney(cents, state.currency));
  const reasonRequired = preview?.reason_required === true;
  const previewError = priced.error instanceof ApiError ? priced.error : null;
  const saveError = save.error ? failureText(save.error) : null;

  const toggleService = (id: string, on: boolean) =>
    setServiceIds((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));

  const submit = () => {
    if (!body) return;
    save.mutate(body, {
      onSuccess: (saved) =>
        onSaved(
          saved.emailed.length > 0
            ? `The order is saved; ${saved.emailed.join(' and ')} will get the updated confirmation.`
            : 'The order is saved.',
        ),
    });
  };

  return (
    <>
      <DialogContent>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <Box>
            <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
              Services and packages
            </Typography>
            {state.packages.length > 0 && (
              <TextField
                select
                label="Package"
                fullWidth
                value={packageId === null ? '' : String(packageId)}
                onChange={(event) => setPackageId(event.target.value === '' ? null : Number(event.target.value))}
                sx={{ mb: 1 }}
              >
                <MenuItem value="">No package</MenuItem>
                {state.packages.map((pkg) => (
                  <MenuItem key={pkg.id} value={String(pkg.id)}>
                    {pkg.name} ({formatMoney(pkg.price_cents, state.currency)})
                  </MenuItem>
                ))}
              </TextField>
            )}
            <FormGroup role="group" aria-label="Services">
              {state.services.map((service) => (
                <FormControlLabel
                  key={service.id}
                  control={
                    <Checkbox
                      checked={serviceIds.includes(service.id)}
                      onChange={(event) => toggleService(service.id, event.target.checked)}
                    />
                  }
                  // A service the catalogue dropped since the booking: it may stay or go, and once gone it cannot come back.
                  label={`${service.name} (${formatMoney(service.price_cents, state.currency)})${service.offered ? '' : ', no longer offered'}`}
                />
              ))}
            </FormGroup>
            {cartChanged && (
              <FormControlLabel
                control={<Checkbox checked={keepLength} onChange={(event) => setKeepLength(event.target.checked)} />}
                label="Keep it anyway"
              />
            )}
          </Box>
          <Box>
            <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
              Prices
            </Typography>
            {lines.map((line) => (
              <TextField
                key={line.key}
                label={`${line.name} price ($)`}
                fullWidth
                value={typedPrices[line.key] ?? dollars(defaultPrice.get(line.key) ?? 0)}
                onChange={(event) => setTypedPrices((typed) => ({ ...typed, [line.key]: event.target.value }))}
                error={priceErrors.has(line.key)}
                helperText={priceErrors.has(line.key) ? 'An amount in dollars, like 445.00' : undefined}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                sx={{ mb: 1 }}
              />
            ))}
            <TextField
              label="Discount ($)"
              fullWidth
              value={discount}
              onChange={(event) => setDiscount(event.target.value)}
              error={discountCents === null}
              helperText={
                discountCents === null ? 'An amount in dollars, like 25.00' : 'Taken off the order before tax'
              }
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ mb: 1 }}
            />
            <TextField
              label={reasonRequired ? 'Reason for the price change (required)' : 'Reason for the price change'}
              fullWidth
              required={reasonRequired}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={reasonRequired && reason.trim() === '' && save.isError}
              slotProps={{ htmlInput: { maxLength: EDIT_REASON_MAX } }}
            />
          </Box>
        </Box>
        {state.property.questions.length > 0 && (
          <PropertyFields questions={state.property.questions} value={property} onChange={setProperty} />
        )}
        <AddressFields
          states={state.states}
          before={state.address}
          value={address}
          onChange={setAddress}
          outsideArea={outsideArea}
          onOutsideArea={setOutsideArea}
        />
        <PeopleFields state={state} value={peopleEdit} onChange={setPeopleEdit} />
        <Box component="section" aria-labelledby="edit-order-agents" sx={{ mt: 2 }}>
          <Typography id="edit-order-agents" component="h3" variant="h6" sx={{ mb: 1 }}>
            Agents
          </Typography>
          {EDITED_AGENT_ROLES.map((role) => (
            <AgentField
              key={role}
              companyKey={companyKey}
              role={role}
              agent={agents[role]}
              onChange={(agent) => setAgents((all) => ({ ...all, [role]: agent }))}
            />
          ))}
        </Box>
        <TextField
          label="Special note"
          multiline
          minRows={2}
          fullWidth
          value={note}
          onChange={(event) => setNote(event.target.value)}
          slotProps={{ htmlInput: { maxLength: SPECIAL_NOTE_MAX } }}
          sx={{ mt: 2 }}
        />
        <Box component="section" aria-labelledby="edit-order-price" sx={{ mt: 2 }}>
          <Typography id="edit-order-price" component="h3" variant="h6">
            The new price
          </Typography>
          {previewError && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {previewError.message}
            </Alert>
          )}
          {preview && (
            <>
              <Box sx={{ my: 1 }}>
                <PriceLines
                  lines={preview.lines.map((line) => ({
                    key: line.key,
                    label: line.label,
                    amount: formatLineAmount(line.amount, state.currency),
                  }))}
                />
              </Box>
              <Typography role="status" sx={{ fontWeight: 700 }}>
                {repricing
                  ? 'Working out the new total…'
                  : `Total: ${money(preview.before_total_cents)} → ${money(preview.total_cents)}`}
              </Typography>
              {preview.changes.length > 0 && (
                <Box component="ul" aria-label="Price changes" sx={{ my: 1, pl: 2.5 }}>
                  {preview.changes.map((change) => (
                    <li key={change}>
                      <Typography>{change}</Typography>
                    </li>
                  ))}
                </Box>
              )}
            </>
          )}
        </Box>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={notify} onChange={(event) => setNotify(event.target.checked)} />}
          label="E-mail the people concerned"
        />
        {notify && preview && (
          <Box
            component="section"
            aria-label="The e-mail"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, overflowWrap: 'anywhere' }}
          >
            {preview.message.to.length === 0 ? (
              <Typography>Nobody on this order has an e-mail address.</Typography>
            ) : (
              <>
                <Typography>To: {preview.message.to.join(', ')}</Typography>
                <Typography sx={{ fontWeight: 650 }}>Subject: {preview.message.subject}</Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>{preview.message.text}</Typography>
              </>
            )}
          </Box>
        )}
        {saveError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {saveError}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!body || repricing || save.isPending || (reasonRequired && reason.trim() === '')}
        >
          Save changes
        </Button>
      </DialogActions>
    </>
  );
}
