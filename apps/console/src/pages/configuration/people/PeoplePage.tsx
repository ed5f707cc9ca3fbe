import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { ConfigurationResponse } from '@scheduler/contracts/configuration';
import { useConfigurationEditor } from '../../../shared/configuration.ts';
import { refusedField } from '../../../shared/document-refusal.ts';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { ConfigurationEditorPage, SaveBar, SaveOutcome } from '../../../shared/SaveOutcome.tsx';
import { ContactTypesField } from './ContactTypesField.tsx';
import type { ImportContext } from './csv-import.ts';
import {
  applyPeopleForm,
  fieldTargetOf,
  idFloors,
  peopleFormValues,
  stateLabelOf,
  statesOf,
  type FieldProblem,
  type PeopleFormValues,
  type PersonList,
} from './people-form.ts';
import { PersonDirectory } from './PersonDirectory.tsx';
import { SpreadsheetSection } from './SpreadsheetSection.tsx';

const TITLE = 'People';

/** /console/{key}/people (owner and admin): the company's directory of agents, contacts and contact types, with a CSV import and download. */
export default function PeoplePage() {
  return (
    <ConfigurationEditorPage title={TITLE} loadingLabel="Loading the directory…">
      {(companyKey, configuration) => <PeopleEditor companyKey={companyKey} configuration={configuration} />}
    </ConfigurationEditorPage>
  );
}

type Selection = Record<PersonList, number | null>;

function PeopleEditor({ companyKey, configuration }: { companyKey: string; configuration: ConfigurationResponse }) {
  const { save, outcome, setOutcome, loadNewest } = useConfigurationEditor(companyKey);
  const { document, version } = configuration;
  const loaded = useMemo(() => peopleFormValues(document), [document]);
  const context: ImportContext = useMemo(
    () => ({ states: statesOf(document), stateLabel: stateLabelOf(document), floors: idFloors(loaded) }),
    [document, loaded],
  );
  const form = useForm<PeopleFormValues>({ defaultValues: loaded });
  // A newly loaded version (after a save, or "Load their version") is the form's new start.
  useEffect(() => {
    form.reset(loaded);
  }, [form, loaded]);
  const [selected, setSelected] = useState<Selection>({ agents: null, contacts: null });
  // A field is focused once it is on the screen: a person picked to show a refusal renders first.
  const [focusField, setFocusField] = useState<string | null>(null);
  useEffect(() => {
    if (focusField === null) return;
    form.setFocus(focusField as FieldPath<PeopleFormValues>);
    setFocusField(null);
  }, [form, focusField]);

  /** Each problem at its field; the first one's person picked and the field focused. */
  const showProblems = (problems: readonly FieldProblem[], values: PeopleFormValues) => {
    let first = true;
    for (const problem of problems) {
      const target = fieldTargetOf(problem.field, values);
      if (!target) continue;
      form.setError(target.field as FieldPath<PeopleFormValues>, { message: problem.message });
      if (!first) continue;
      first = false;
      if (target.list !== 'contact_types') {
        const id = values[target.list][target.index]!.id;
        setSelected((current) => ({ ...current, [target.list]: id }));
      }
      setFocusField(target.field);
    }
  };

  const submit = form.handleSubmit((values) => {
    setOutcome(null);
    const result = applyPeopleForm(document, values);
    if (!result.ok) return showProblems(result.problems, values);
    save.mutate(
      { base_version: version.version, document: result.document },
      {
        onSuccess: setOutcome,
        onError: (error) => {
          // The server names the refused field by its path in the document, which is the form's own.
          const refused = refusedField(error);
          if (refused) showProblems([{ field: refused.path, message: refused.message }], values);
        },
      },
    );
  });

  const directory = (list: PersonList) => (
    <PersonDirectory
      form={form}
      list={list}
      selectedId={selected[list]}
      onSelect={(id) => setSelected((current) => ({ ...current, [list]: id }))}
      onFocus={setFocusField}
      idFloor={context.floors[list]}
      states={context.states}
      stateLabel={context.stateLabel}
    />
  );

  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        The agents and contacts visitors find when they book, and the types of contacts. You are editing version{' '}
        {version.version}; every save is a new version you can undo from History.
      </Typography>
      <SaveOutcome
        outcome={outcome}
        error={save.error}
        savedText={(saved) => `Saved as version ${saved}. Visitors find the new directory now.`}
        onReload={loadNewest}
      />
      <Box
        component="form"
        noValidate
        aria-label={TITLE}
        onSubmit={(event) => {
          // The form checks itself on every save. A refusal at a person never shown stays in
          // react-hook-form's errors, which would stop each later save before it is checked.
          form.clearErrors();
          void submit(event);
        }}
      >
        <PageSection title="Agents" intro="Buyer’s and seller’s agents, and insurance agents.">
          {directory('agents')}
        </PageSection>
        <PageSection
          title="Contacts"
          intro="Attorneys, lenders, title companies and the other people an order may name."
        >
          {directory('contacts')}
        </PageSection>
        <PageSection
          title="Contact types"
          intro="Each contact has one. A type still given to a contact can't be removed."
        >
          <ContactTypesField form={form} idFloor={context.floors.contact_types} onFocus={setFocusField} />
        </PageSection>
        <PageSection
          title="Spreadsheets (CSV)"
          intro="Import agents or contacts from a spreadsheet, or download the directory to edit it and import it again."
        >
          <SpreadsheetSection form={form} context={context} companyKey={companyKey} />
        </PageSection>
        <SaveBar saving={save.isPending} dirty={form.formState.isDirty} onDiscard={() => form.reset(loaded)} />
      </Box>
    </>
  );
}
