import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, type ChangeEvent } from 'react';
import { Controller, useForm, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import type { ConfigurationResponse } from '@scheduler/contracts/configuration';
import { useConfigurationEditor } from '../../../shared/configuration.ts';
import { refusedField } from '../../../shared/document-refusal.ts';
import { fieldProps } from '../../../shared/form.ts';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { ConfigurationEditorPage, SaveBar, SaveOutcome } from '../../../shared/SaveOutcome.tsx';
import { MESSAGE_PLACEHOLDERS, PAYMENT_LINK_PLACEHOLDERS } from '@scheduler/domain/message-template';
import { contrastOnWhite, type ExampleOffice } from './message-preview.ts';
import { MessagePreview } from './MessagePreview.tsx';
import {
  applyMessagesForm,
  formFieldOf,
  isHexColor,
  messagesFormValues,
  notificationsOf,
  TEMPLATE_NAMES,
  type MessagesFormValues,
} from './messages-form.ts';
import { ReminderFields } from './ReminderFields.tsx';
import { TemplateFields } from './TemplateFields.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';

const TITLE = 'Messages';

/** /console/{key}/messages (owner and admin): who gets the e-mails, what they say, their colour, and the reminders. */
export default function MessagesPage() {
  return (
    <ConfigurationEditorPage title={TITLE} loadingLabel="Loading the messages…">
      {(companyKey, configuration) => <MessagesEditor companyKey={companyKey} configuration={configuration} />}
    </ConfigurationEditorPage>
  );
}

/** "{order_id}: the order's number; …" as a list a screen reader reads item by item. */
function PlaceholderList({ items, label }: { items: ReadonlyArray<{ name: string; meaning: string }>; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5, columnGap: 4, columns: { xs: 1, md: 2 } }}>
      {items.map((item) => (
        <li key={item.name}>
          <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>{`{${item.name}}`}</Typography>
          <Typography variant="body2" component="span">{`: ${item.meaning}`}</Typography>
        </li>
      ))}
    </Box>
  );
}

/** The colour as text (#rrggbb) and as the browser's colour picker, the two kept as one. */
function BrandColorField({ form }: { form: UseFormReturn<MessagesFormValues> }) {
  const text = useWatch({ control: form.control, name: 'brandColor' });
  const valid = isHexColor(text);
  const hardToRead = valid && contrastOnWhite(text.trim()) < 3;
  const props = fieldProps(
    form,
    'brandColor',
    hardToRead
      ? 'Headings in this colour are hard to read on white: choose a darker one.'
      : 'Headings and buttons of the e-mails, as # and six hexadecimal digits, like #1f4e79.',
  );
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        aria-label="Pick the brand colour"
        aria-describedby="brand-color-helper-text"
        value={valid ? text.trim().toLowerCase() : '#000000'}
        onChange={(event: ChangeEvent<HTMLInputElement>) =>
          form.setValue('brandColor', event.target.value, { shouldDirty: true })
        }
        sx={{
          width: 56,
          height: 56,
          p: 0.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          flex: 'none',
        }}
      />
      <TextField id="brand-color" label="Brand colour" fullWidth {...props} />
    </Box>
  );
}

function MessagesEditor({ companyKey, configuration }: { companyKey: string; configuration: ConfigurationResponse }) {
  const { save, outcome, setOutcome, loadNewest } = useConfigurationEditor(companyKey);
  const { document, version } = configuration;
  const loaded = useMemo(() => messagesFormValues(notificationsOf(document)), [document]);
  const form = useForm<MessagesFormValues>({ defaultValues: loaded });
  // A newly loaded version (after a save, or "Load their version") is the form's new start.
  useEffect(() => {
    form.reset(loaded);
  }, [form, loaded]);
  const companyName = typeof document.name === 'string' ? document.name : '';
  const office: ExampleOffice = useMemo(() => {
    const first = (Array.isArray(document.offices) ? document.offices[0] : undefined) as
      Partial<ExampleOffice> | undefined;
    return { name: first?.name ?? companyName, phone: first?.phone ?? '', email: first?.email ?? '' };
  }, [document, companyName]);
  const provider = (document.payments as { provider?: string } | undefined)?.provider ?? 'link';

  const submit = form.handleSubmit((values) => {
    setOutcome(null);
    const result = applyMessagesForm(document, values);
    if (!result.ok) {
      for (const [index, problem] of result.problems.entries())
        form.setError(
          problem.field as FieldPath<MessagesFormValues>,
          { message: problem.message },
          { shouldFocus: index === 0 },
        );
      return;
    }
    save.mutate(
      { base_version: version.version, document: result.document },
      {
        onSuccess: setOutcome,
        onError: (error) => {
          const refused = refusedField(error);
          const field = refused && formFieldOf(refused.path);
          if (refused && field)
            form.setError(field as FieldPath<MessagesFormValues>, { message: refused.message }, { shouldFocus: true });
        },
      },
    );
  });

  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        The e-mails your clients, their agents and your office get about a booking. You are editing version{' '}
        {version.version}; every save is a new version you can undo from History.
      </Typography>
      <SaveOutcome
        outcome={outcome}
        error={save.error}
        savedText={(saved) => `Saved as version ${saved}. The next e-mails use it.`}
        onReload={loadNewest}
      />
      <Box component="form" noValidate aria-label={TITLE} onSubmit={(event) => void submit(event)}>
        <PageSection title="Who gets them">
          <TextField
            label="Office copy to"
            type="email"
            fullWidth
            {...fieldProps(
              form,
              'officeEmail',
              "The office's copy of every order goes here. Empty: to the e-mail of the order's office.",
            )}
          />
          <Controller
            control={form.control}
            name="notifyAgents"
            render={({ field }) => (
              <Box>
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      slotProps={{ input: { 'aria-describedby': 'help-notify-agents' } }}
                    />
                  }
                  label="Agents get the confirmation"
                />
                <FormHelperText id="help-notify-agents" sx={{ mt: 0 }}>
                  The order&apos;s agents get their own confirmation, and the reminders meant for agents.
                </FormHelperText>
              </Box>
            )}
          />
        </PageSection>
        <PageSection
          title="Paying online"
          intro={
            <>
              <Typography sx={{ mb: 1 }}>
                The &quot;Pay Online&quot; button in the e-mails goes to this address, with these filled in:
              </Typography>
              <PlaceholderList items={PAYMENT_LINK_PLACEHOLDERS} label="What the payment link may contain" />
            </>
          }
        >
          {provider !== 'link' && (
            <Alert severity="info">
              Online payment is set to {provider === 'stripe' ? 'Stripe' : 'none'}, so this link is not used.
            </Alert>
          )}
          <TextField
            label="Payment link"
            type="url"
            fullWidth
            {...fieldProps(
              form,
              'paymentLink',
              'Like https://pay.example.com/?order={order_id}&amount={amount}&currency={currency}. Empty: no payment link.',
            )}
          />
        </PageSection>
        <PageSection title="Look">
          <BrandColorField form={form} />
        </PageSection>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 380px' },
            alignItems: 'start',
          }}
        >
          <PageSection
            title="What each message says"
            intro={
              <>
                <Typography sx={{ mb: 1 }}>
                  Plain text. Leave a message&apos;s subject and opening text empty to use the built-in words. Either
                  may use these, filled in for each order:
                </Typography>
                <PlaceholderList items={MESSAGE_PLACEHOLDERS} label="What a message may contain" />
              </>
            }
          >
            {TEMPLATE_NAMES.map((name) => (
              <TemplateFields key={name} form={form} name={name} />
            ))}
          </PageSection>
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 16 }, minWidth: 0 }}>
            <PageSection title="Preview">
              <MessagePreview control={form.control} companyName={companyName} office={office} />
            </PageSection>
          </Box>
        </Box>
        <PageSection title="Reminders" intro="E-mails before the inspection, with its details.">
          <ReminderFields form={form} />
        </PageSection>
        <SaveBar saving={save.isPending} dirty={form.formState.isDirty} onDiscard={() => form.reset(loaded)} />
      </Box>
    </>
  );
}
