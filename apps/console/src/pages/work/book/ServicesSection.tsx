import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useId } from 'react';
import { cartChangeResponseSchema } from '@scheduler/contracts/pricing';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { formatMoney } from '@scheduler/domain/money-format';
import { failureText } from '../../../shared/api.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { priceLines } from './book-form.ts';
import {
  bookKeys,
  catalogueQueryOptions,
  orderQueryOptions,
  pricingQueryOptions,
  wizardCall,
  type PhoneSession,
} from './wizard-api.ts';

type CartChange = { kind: 'package'; id: number | null } | { kind: 'service'; id: string; add: boolean };

/**
 * Packages and services (decision 0072): each choice is the wizard's own cart call, and the lines
 * and total are the pricing engine's answer for the cart. No upsell dialogs: the office knows
 * what the caller asked for.
 */
export const ServicesSection = memo(function ServicesSection({
  session,
  currency,
  error,
}: {
  session: PhoneSession;
  currency: string;
  error?: string;
}) {
  const queryClient = useQueryClient();
  const ids = { packages: useId(), services: useId() };
  const catalogue = useQuery(catalogueQueryOptions(session));
  const order = useQuery(orderQueryOptions(session));
  const pricing = useQuery(pricingQueryOptions(session));
  const change = useMutation({
    mutationFn: (cart: CartChange) =>
      cart.kind === 'package'
        ? wizardCall(session, 'json/online_scheduler/set_packages', cartChangeResponseSchema, {
            body: cart.id === null ? [] : [cart.id],
          })
        : wizardCall(
            session,
            `json/online_scheduler/${cart.add ? 'add_service' : 'remove_service'}`,
            cartChangeResponseSchema,
            { body: { id: cart.id } },
          ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookKeys.all(session.companyKey) }),
  });

  if (catalogue.isPending || order.isPending) return <Loading label="Loading the services…" />;
  if (catalogue.isError) return <Failure error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  if (order.isError) return <Failure error={order.error} onRetry={() => void order.refetch()} />;
  const { packages, services } = catalogue.data;
  // While a choice is on its way (and the order read again), the control shows it made.
  const asked = change.isPending ? change.variables : undefined;
  const packageIds = asked?.kind === 'package' ? (asked.id === null ? [] : [asked.id]) : order.data.packages;
  const chosen = (id: string) =>
    asked?.kind === 'service' && asked.id === id ? asked.add : order.data.services.includes(id);
  const chosenPackage = packages.find((pkg) => packageIds.includes(pkg.id)) ?? null;
  // A package's own services are in it already: the list offers the others.
  const inPackage = new Set(chosenPackage?.services.map((service) => service.id) ?? []);
  const money = (cents: number) => formatMoney(cents, currency);
  const priced = pricing.data ? priceLines(pricing.data) : null;

  return (
    <PageSection title="Services" intro="What the caller wants inspected. The total is the one the caller will pay.">
      {packages.length > 0 && (
        <FormControl>
          <FormLabel id={ids.packages}>Package</FormLabel>
          <RadioGroup
            aria-labelledby={ids.packages}
            value={chosenPackage ? String(chosenPackage.id) : ''}
            onChange={(event) =>
              change.mutate({ kind: 'package', id: event.target.value === '' ? null : Number(event.target.value) })
            }
          >
            <FormControlLabel value="" control={<Radio />} label="No package" disabled={change.isPending} />
            {packages.map((pkg) => (
              <FormControlLabel
                key={pkg.id}
                value={String(pkg.id)}
                control={<Radio />}
                label={`${htmlToPlainText(pkg.name)} — ${money(pkg.amount)}`}
                disabled={change.isPending}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      <FormControl component="fieldset" error={Boolean(error)}>
        <FormLabel component="legend" id={ids.services}>
          {packages.length > 0 ? 'Services (on their own or added to the package)' : 'Services'}
        </FormLabel>
        <FormGroup>
          {services
            .filter((service) => !inPackage.has(service.id))
            .map((service) => (
              <FormControlLabel
                key={service.id}
                control={
                  <Checkbox
                    checked={chosen(service.id)}
                    onChange={(event) => change.mutate({ kind: 'service', id: service.id, add: event.target.checked })}
                    disabled={change.isPending}
                  />
                }
                label={`${htmlToPlainText(service.name)} — ${money(service.amount)}`}
              />
            ))}
        </FormGroup>
      </FormControl>
      {(error || change.isError) && (
        <Alert severity="error" role="alert">
          {change.isError ? failureText(change.error) : error}
        </Alert>
      )}
      {pricing.isError ? (
        <Failure error={pricing.error} onRetry={() => void pricing.refetch()} />
      ) : priced && priced.lines.length > 0 ? (
        <Table size="small" aria-label="Price" sx={{ maxWidth: 520 }}>
          <TableBody>
            {priced.lines.map((line, index) => (
              <TableRow key={`${line.label}-${index}`}>
                <TableCell component="th" scope="row">
                  {line.label}
                </TableCell>
                <TableCell align="right">{money(line.cents)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                Total
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="book-total">
                {money(priced.total)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      ) : (
        <Alert severity="info">No service chosen yet.</Alert>
      )}
    </PageSection>
  );
});
