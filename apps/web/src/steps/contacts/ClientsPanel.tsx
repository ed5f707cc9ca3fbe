import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useFieldArray, type FieldValues, type Control } from 'react-hook-form';
import { z } from 'zod';
import type { Person } from '@scheduler/contracts/person';
import {
  addClientLabel,
  canAddClient,
  canRemoveClient,
  clientHeading,
  clientLimit,
  fillFromInspectionAddress,
  showUseInspectionAddress,
  type Role,
} from '@scheduler/domain/people/contacts-step';
import { filledFields } from '@scheduler/domain/people/person-display';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { isFailure } from '../../shared/api-client.ts';
import { FailureNotice } from '../../shared/FailureNotice.tsx';
import { applyServerFieldError } from '../../shared/form/server-errors.ts';
import { useStepForm } from '../../shared/form/use-step-form.ts';
import { invalidateOrder } from '../../shared/queries.ts';
import { setClients } from './api.ts';
import { contactsTexts } from './contacts-texts.ts';
import { useSectionSave } from './panel-registry.ts';
import { usePeopleSettings } from './people-settings.ts';
import { PersonFields } from './PersonFields.tsx';
import { personDefaults, personFormResolverSchema, type PersonFormValues } from './person-form.ts';
import { checkedValues } from './submit-form.ts';
import { isPortalAgentRole, useRecentClients, useSignedInAgent } from '../../shared/returning-agent.ts';
import { RecentClientPicker } from './ReturningAgent.tsx';

function savedClients(order: { clients: Person[] | null; client: Person | null }): Person[] {
  if (order.clients && order.clients.length > 0) return order.clients;
  return order.client ? [order.client] : [];
}

/** The clients area (spec 2.7, 4.6): one form per client, add and remove, "Use inspection address". */
export function ClientsPanel({ role }: { role: Role }) {
  const { scope, order, office } = useScheduler();
  const queryClient = useQueryClient();
  const people = usePeopleSettings();
  const fields = people.fields.client;
  const schema = useMemo(
    () => z.object({ clients: z.array(personFormResolverSchema('client', fields, people.phoneCountry)) }),
    [fields, people.phoneCountry],
  );
  const saved = savedClients(order);
  const form = useStepForm(schema, {
    // A new order's first client starts from what the company's page filled in (issue 27).
    clients:
      saved.length > 0
        ? saved.map((client) => personDefaults(client, fields))
        : [personDefaults(order.prefill.client ?? null, fields)],
  } as { clients: PersonFormValues[] });
  const list = useFieldArray({ control: form.control, name: 'clients' as never });
  const [failure, setFailure] = useState<unknown>(null);
  // A signed-in agent (issue 47) may pick the first client from their recent clients.
  const agentRole = isPortalAgentRole(role);
  const signedIn = useSignedInAgent(scope.companyKey, agentRole);
  const recent = useRecentClients(scope.companyKey, agentRole && !!signedIn.data);
  const recentClients = agentRole && signedIn.data ? (recent.data?.clients ?? []) : [];
  const fillClient = (client: { first: string; last: string; email: string; mobile_phone: string }) => {
    for (const field of ['first', 'last', 'email', 'mobile_phone'] as const)
      if (fields.displayed.includes(field))
        form.setValue(`clients.0.${field}` as never, client[field] as never, { shouldValidate: true });
  };
  const inspection = order.address1
    ? {
        address1: order.address1,
        address2: order.address2,
        city: order.city,
        state: order.state,
        postal_code: order.postal_code,
      }
    : null;
  const offerInspectionAddress = showUseInspectionAddress(people, inspection) && fields.displayed.includes('address1');

  const fillAddress = (index: number) => {
    if (!inspection) return;
    const name = `clients.${index}` as never;
    const current = form.getValues(name) as PersonFormValues;
    const filled = fillFromInspectionAddress(
      { ...current, state: current.state ? Number(current.state) : null },
      inspection,
    );
    for (const field of ['address1', 'address2', 'city', 'state', 'postal_code'] as const) {
      if (!fields.displayed.includes(field)) continue;
      const value = field === 'state' ? (filled.state == null ? '' : String(filled.state)) : (filled[field] ?? '');
      form.setValue(`clients.${index}.${field}` as never, value as never, { shouldValidate: true });
    }
  };

  const save = async (): Promise<boolean> => {
    const values = await checkedValues(form);
    if (values === null) return false;
    setFailure(null);
    try {
      await setClients(
        scope,
        values.clients.map((client) => filledFields(client as Record<string, unknown>)),
      );
      await invalidateOrder(queryClient, scope);
      return true;
    } catch (error) {
      // A refusal naming a client's field (`clients.1.email`) goes under that field.
      const paths = values.clients.flatMap((_client, index) =>
        fields.displayed.map((field) => `clients.${index}.${field}`),
      );
      if (!applyServerFieldError(error, paths as never[], form.setError)) setFailure(error);
      return false;
    }
  };
  useSectionSave('clients', save);

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <form
      onKeyDown={onKeyDown}
      onSubmit={(event) => event.preventDefault()}
      noValidate
      aria-label={contactsTexts.clientsTitle}
    >
      <Stack spacing={4}>
        {list.fields.map((item, index) => (
          <Box component="section" key={item.id} aria-label={clientHeading(role, index)}>
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}
            >
              <Typography variant="h2">{clientHeading(role, index)}</Typography>
              <Stack direction="row" spacing={1}>
                {offerInspectionAddress && (
                  <Button variant="outlined" onClick={() => fillAddress(index)}>
                    {contactsTexts.useInspectionAddress}
                  </Button>
                )}
                {canRemoveClient(index) && (
                  <Button
                    variant="outlined"
                    color="error"
                    onClick={() => list.remove(index)}
                    aria-label={`${contactsTexts.remove} ${clientHeading(role, index)}`}
                  >
                    {contactsTexts.remove}
                  </Button>
                )}
              </Stack>
            </Stack>
            {index === 0 && recentClients.length > 0 && (
              <Box sx={{ mb: 2 }}>
                <RecentClientPicker clients={recentClients} onPick={fillClient} />
              </Box>
            )}
            <PersonFields
              party="client"
              fields={fields}
              control={form.control as unknown as Control<FieldValues>}
              prefix={`clients.${index}.`}
              ownDetails={index === 0 && (role === 'CLIENT_HOMEOWNER' || role === 'CLIENT_BUYER')}
              emailLocked={index === 0 && order.locked.includes('client_email')}
            />
          </Box>
        ))}
        {canAddClient(list.fields.length, office.max_clients) &&
          list.fields.length < clientLimit(office.max_clients) && (
            <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography>{contactsTexts.moreClients}</Typography>
              <Button variant="outlined" onClick={() => list.append(personDefaults(null, fields) as never)}>
                {addClientLabel(role)}
              </Button>
            </Stack>
          )}
      </Stack>
      {isFailure(failure) && <FailureNotice phone={office.office_phone} sx={{ mt: 2 }} />}
    </form>
  );
}
