import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { ConfigurationResponse } from '@scheduler/contracts/configuration';
import { useConfigurationEditor } from '../../../shared/configuration.ts';
import { refusedField } from '../../../shared/document-refusal.ts';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { ConfigurationEditorPage, SaveBar, SaveOutcome } from '../../../shared/SaveOutcome.tsx';
import { OfficeFields } from './OfficeFields.tsx';
import {
  applyOfficesForm,
  formFieldOfRefusal,
  newOffice,
  officeLabel,
  officesFormValues,
  removalProblem,
  statesOf,
  type OfficeProblem,
  type OfficesFormValues,
} from './offices-form.ts';

const TITLE = 'Offices';

/** /console/{key}/offices (owner and admin): each office's contact, place and time zone, logo and booking times. */
export default function OfficesPage() {
  return (
    <ConfigurationEditorPage title={TITLE} loadingLabel="Loading the offices…">
      {(companyKey, configuration) => <OfficesEditor companyKey={companyKey} configuration={configuration} />}
    </ConfigurationEditorPage>
  );
}

/** Built once the document is here, so that the form's first render already holds the loaded offices. */
function OfficesEditor({ companyKey, configuration }: { companyKey: string; configuration: ConfigurationResponse }) {
  const { save, outcome, setOutcome, loadNewest } = useConfigurationEditor(companyKey);
  const { document, version } = configuration;
  const loaded = useMemo(() => officesFormValues(document), [document]);
  const states = useMemo(() => statesOf(document), [document]);
  const form = useForm<OfficesFormValues>({ defaultValues: loaded });
  const offices = useFieldArray({ control: form.control, name: 'offices', keyName: 'key' });
  const names = useWatch({ control: form.control, name: 'offices' }).map((office) => officeLabel(office));
  const [selected, setSelected] = useState(0);
  const [removal, setRemoval] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // A field to focus once its office's editor is on screen (a problem in another office, a new office's name).
  const [pendingFocus, setPendingFocus] = useState<FieldPath<OfficesFormValues> | null>(null);

  // A newly loaded version (after a save, or "Load their version") is the form's new start.
  useEffect(() => {
    form.reset(loaded);
    setSelected((current) => Math.min(current, Math.max(0, loaded.offices.length - 1)));
  }, [form, loaded]);
  useEffect(() => {
    if (pendingFocus === null) return;
    form.setFocus(pendingFocus);
    setPendingFocus(null);
  }, [form, pendingFocus, selected]);

  const index = Math.min(selected, offices.fields.length - 1);
  const choose = (next: number) => {
    setRemoval(null);
    setSelected(next);
  };

  /** Every problem at its field; the first one's office is opened and its field focused. */
  const showProblems = (problems: readonly OfficeProblem[]) => {
    for (const problem of problems)
      form.setError(`offices.${problem.office}.${problem.field}`, { message: problem.message });
    const first = problems[0];
    if (!first) return;
    choose(first.office);
    setPendingFocus(`offices.${first.office}.${first.field}`);
  };

  const submit = form.handleSubmit((values) => {
    setOutcome(null);
    const result = applyOfficesForm(document, values);
    if (!result.ok) return showProblems(result.problems);
    save.mutate(
      { base_version: version.version, document: result.document },
      {
        onSuccess: setOutcome,
        onError: (error) => {
          // The server names the refused field by its path in the document: the page shows it at its own field too.
          const refused = refusedField(error);
          const field = refused && formFieldOfRefusal(refused.path);
          if (refused && field && field.office < values.offices.length)
            showProblems([{ ...field, message: refused.message }]);
        },
      },
    );
  });

  const add = () => {
    const office = newOffice(crypto.randomUUID(), document);
    offices.append(office, { shouldFocus: false });
    setRemoval(null);
    setSelected(offices.fields.length);
    setPendingFocus(`offices.${offices.fields.length}.name`);
    setAnnouncement('New office added. Fill in its name and address, then save the changes.');
  };

  const remove = () => {
    const values = form.getValues();
    const problem = removalProblem(document, values, index);
    setRemoval(problem);
    if (problem) return;
    const label = officeLabel(values.offices[index]!);
    offices.remove(index);
    setSelected(Math.max(0, index - 1));
    setAnnouncement(`${label} removed. Save the changes to remove it for good, or Discard to keep it.`);
  };

  const current = offices.fields[index];
  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Where your offices are, how visitors reach them, and when they may book. You are editing version{' '}
        {version.version}; every save is a new version you can undo from History.
      </Typography>
      <SaveOutcome
        outcome={outcome}
        error={save.error}
        savedText={(saved) => `Saved as version ${saved}. Visitors see the changes now.`}
        onReload={loadNewest}
      />
      <Box
        component="form"
        noValidate
        aria-label={TITLE}
        onSubmit={(event) => {
          // Every save judges the form afresh: a problem said before (in any office, or of a refused file) is not a problem now unless it still is.
          form.clearErrors();
          void submit(event);
        }}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '240px minmax(0, 1fr)' },
            alignItems: 'start',
            mb: 2,
          }}
        >
          <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
            <Paper variant="outlined" component="nav" aria-label="Offices">
              <List dense>
                {offices.fields.map((field, position) => (
                  <ListItem key={field.key} disablePadding>
                    <ListItemButton
                      selected={position === index}
                      aria-current={position === index ? 'true' : undefined}
                      onClick={() => choose(position)}
                    >
                      <ListItemText
                        primary={names[position]}
                        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Paper>
            <Button type="button" variant="outlined" onClick={add}>
              Add an office
            </Button>
            <Box role="status" sx={{ color: 'text.secondary' }}>
              {announcement}
            </Box>
          </Box>
          {current && (
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="office-heading"
              sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0, '& .MuiFormHelperText-root': { overflowWrap: 'anywhere' } }}
            >
              <Box
                sx={{
                  display: 'flex',
                  gap: 1,
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                }}
              >
                <Typography
                  component="h2"
                  variant="h2"
                  id="office-heading"
                  sx={{ overflowWrap: 'anywhere', minWidth: 0 }}
                >
                  {names[index]}
                </Typography>
                <Button type="button" color="error" onClick={remove}>
                  Remove this office
                </Button>
              </Box>
              {removal && (
                <Alert severity="warning" sx={{ mt: 1 }} role="alert">
                  {removal}
                </Alert>
              )}
              <OfficeFields key={current.key} form={form} index={index} states={states} />
            </Paper>
          )}
        </Box>
        <SaveBar saving={save.isPending} dirty={form.formState.isDirty} onDiscard={() => form.reset(loaded)} />
      </Box>
    </>
  );
}
