import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import type { ConfigurationResponse } from '@scheduler/contracts/configuration';
import { useConfigurationEditor } from '../../../shared/configuration.ts';
import { DescribedSwitch } from '../../../shared/DescribedSwitch.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { ConfigurationEditorPage, SaveBar, SaveOutcome } from '../../../shared/SaveOutcome.tsx';
import {
  CONSOLE_GROUP_TITLE,
  INSPECTORS_SEE_ALL_HELP,
  INSPECTORS_SEE_ALL_LABEL,
  OFFICE_SEES_PAYMENTS_HELP,
  OFFICE_SEES_PAYMENTS_LABEL,
  CALENDAR_PRICES_HELP,
  CALENDAR_PRICES_LABEL,
  SETTING_GROUPS,
  type SettingEntry,
} from './settings-catalog.ts';
import { applySettingsForm, settingsFormValues, type SettingsFormValues } from './settings-form.ts';
import { SettingPreview } from './SettingPreview.tsx';

/** /console/{key}/settings (owner and admin): the wizard's settings and the console's own, saved as a new version. */
export default function SettingsPage() {
  return (
    <ConfigurationEditorPage title="Settings" loadingLabel="Loading the settings…">
      {(companyKey, configuration) => <SettingsEditor companyKey={companyKey} configuration={configuration} />}
    </ConfigurationEditorPage>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 2.5 }, mb: 2, minWidth: 0 }}>
      <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5 }}>{children}</Box>
    </Paper>
  );
}

const helpId = (key: string) => `help-${key}`;

/** One setting's control, its help tied to it, and its problem (when the form has one) in place of the help. */
function SettingField({ entry, control }: { entry: SettingEntry; control: Control<SettingsFormValues> }) {
  return (
    <Controller
      control={control}
      name={`settings.${entry.key}`}
      render={({ field, fieldState }) => {
        const help =
          fieldState.error?.message ??
          (entry.control.kind === 'list' ? `${entry.help} ${entry.control.hint}` : entry.help);
        if (entry.control.kind === 'switch') {
          return (
            <DescribedSwitch
              checked={field.value === true}
              onChange={field.onChange}
              label={entry.label}
              help={help}
              helpId={helpId(entry.key)}
            />
          );
        }
        const common = {
          label: entry.label,
          value: typeof field.value === 'string' ? field.value : '',
          onChange: field.onChange,
          onBlur: field.onBlur,
          inputRef: field.ref,
          error: fieldState.error !== undefined,
          // TextField ties its helper text to the input (aria-describedby) by an id of its own: overriding it unties them.
          helperText: help,
          fullWidth: true,
        };
        if (entry.control.kind === 'choice') {
          return (
            <TextField select {...common}>
              {entry.control.options.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        // The keyboard a phone offers is the input's own inputMode (on the TextField it would land on its wrapper).
        const inputMode =
          entry.control.kind === 'number' ? 'numeric' : entry.control.kind === 'amount' ? 'decimal' : undefined;
        return (
          <TextField
            {...common}
            multiline={entry.control.kind === 'html'}
            minRows={entry.control.kind === 'html' ? 2 : undefined}
            slotProps={{ htmlInput: { inputMode } }}
          />
        );
      }}
    />
  );
}

/** Built once the document is here, so that the form's first render already holds the loaded values. */
function SettingsEditor({ companyKey, configuration }: { companyKey: string; configuration: ConfigurationResponse }) {
  const { save, outcome, setOutcome, loadNewest } = useConfigurationEditor(companyKey);
  const { document, version } = configuration;
  const loaded = useMemo(() => settingsFormValues(document), [document]);
  const form = useForm<SettingsFormValues>({ defaultValues: loaded });
  // A newly loaded version (after a save, or "Load their version") is the form's new start.
  useEffect(() => {
    form.reset(loaded);
  }, [form, loaded]);

  const submit = form.handleSubmit((values) => {
    setOutcome(null);
    const result = applySettingsForm(document, loaded, values);
    if (!result.ok) {
      for (const [index, problem] of result.problems.entries())
        form.setError(`settings.${problem.key}`, { message: problem.message }, { shouldFocus: index === 0 });
      return;
    }
    save.mutate({ base_version: version.version, document: result.document }, { onSuccess: setOutcome });
  });

  return (
    <>
      <PageHeading>Settings</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        What visitors see and may do in your scheduler. You are editing version {version.version}; every save is a new
        version you can undo from History.
      </Typography>
      <SaveOutcome
        outcome={outcome}
        error={save.error}
        savedText={(saved) => `Saved as version ${saved}.`}
        onReload={loadNewest}
      />
      <Box component="form" noValidate aria-label="Settings" onSubmit={(event) => void submit(event)}>
        {SETTING_GROUPS.map((group) => (
          <Group key={group.title} title={group.title}>
            {group.entries.map((entry) => (
              <Box key={entry.key} sx={{ minWidth: 0 }}>
                <SettingField entry={entry} control={form.control} />
                <SettingPreview settingKey={entry.key} settingLabel={entry.label} control={form.control} />
              </Box>
            ))}
          </Group>
        ))}
        <Group title={CONSOLE_GROUP_TITLE}>
          <Controller
            control={form.control}
            name="inspectorsSeeAll"
            render={({ field }) => (
              <DescribedSwitch
                checked={field.value}
                onChange={field.onChange}
                label={INSPECTORS_SEE_ALL_LABEL}
                help={INSPECTORS_SEE_ALL_HELP}
                helpId="help-inspectors-see-all"
              />
            )}
          />
          <Controller
            control={form.control}
            name="officeSeesPayments"
            render={({ field }) => (
              <DescribedSwitch
                checked={field.value}
                onChange={field.onChange}
                label={OFFICE_SEES_PAYMENTS_LABEL}
                help={OFFICE_SEES_PAYMENTS_HELP}
                helpId="help-office-sees-payments"
              />
            )}
          />
          <Controller
            control={form.control}
            name="calendarShowsPrices"
            render={({ field }) => (
              <DescribedSwitch
                checked={field.value}
                onChange={field.onChange}
                label={CALENDAR_PRICES_LABEL}
                help={CALENDAR_PRICES_HELP}
                helpId="help-calendar-shows-prices"
              />
            )}
          />
        </Group>
        <SaveBar saving={save.isPending} dirty={form.formState.isDirty} onDiscard={() => form.reset(loaded)} />
      </Box>
    </>
  );
}
