import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { ConfigurationResponse } from '@scheduler/contracts/configuration';
import { useConfigurationEditor } from '../../../shared/configuration.ts';
import { refusedField } from '../../../shared/document-refusal.ts';
import { fieldProps } from '../../../shared/form.ts';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { ConfigurationEditorPage, SaveBar, SaveOutcome } from '../../../shared/SaveOutcome.tsx';
import {
  applyServicesForm,
  servicesFormValues,
  currencyOf,
  formFieldOf,
  MAX_CENTS,
  moveIndex,
  newPackage,
  newService,
  packageUsers,
  removalRefusal,
  serviceUsers,
  type ServicesFormValues,
} from './services-form.ts';
import { ItemActions, ItemList, type ListedItem } from './ItemList.tsx';
import { amountText as moneyText } from '../../../shared/money-amount.ts';
import { PackageEditor } from './PackageEditor.tsx';
import { SamplePrice } from './SamplePrice.tsx';
import { ServiceEditor } from './ServiceEditor.tsx';

const TITLE = 'Services and prices';

/** /console/{key}/services (owner and admin): the services and packages visitors book, their prices and lengths, and a live sample price. */
export default function ServicesPage() {
  return (
    <ConfigurationEditorPage title={TITLE} loadingLabel="Loading your services and prices…">
      {(companyKey, configuration) => <ServicesEditor companyKey={companyKey} configuration={configuration} />}
    </ConfigurationEditorPage>
  );
}

type Kind = 'services' | 'packages';

/** Where a form field lives: its list and row ("services.2.price"), for choosing the row so the field shows. */
function rowOf(field: string): { kind: Kind; row: number } | null {
  const [kind, row] = field.split('.');
  return (kind === 'services' || kind === 'packages') && /^\d+$/.test(row ?? '') ? { kind, row: Number(row) } : null;
}

function ServicesEditor({ companyKey, configuration }: { companyKey: string; configuration: ConfigurationResponse }) {
  const { save, outcome, setOutcome, loadNewest } = useConfigurationEditor(companyKey);
  const { document, version } = configuration;
  const currency = currencyOf(document);
  const loaded = useMemo(() => servicesFormValues(document), [document]);
  const form = useForm<ServicesFormValues>({ defaultValues: loaded });
  const services = useFieldArray({ control: form.control, name: 'services', keyName: 'key' });
  const packages = useFieldArray({ control: form.control, name: 'packages', keyName: 'key' });
  const [selected, setSelected] = useState<Record<Kind, number>>({ services: 0, packages: 0 });
  const [notice, setNotice] = useState<{ kind: Kind; text: string; refused: boolean } | null>(null);
  const [focusField, setFocusField] = useState<string | null>(null);
  // A newly loaded version (after a save, or "Load their version") is the form's new start.
  useEffect(() => {
    form.reset(loaded);
  }, [form, loaded]);
  // A field of a row that was not shown is focused once its row is.
  useEffect(() => {
    if (focusField === null) return;
    form.setFocus(focusField as FieldPath<ServicesFormValues>);
    setFocusField(null);
  }, [focusField, form]);

  const serviceNames = useWatch({ control: form.control, name: 'services' });
  const packageNames = useWatch({ control: form.control, name: 'packages' });
  const errors = form.formState.errors;
  const serviceItems: ListedItem[] = services.fields.map((field, index) => {
    const value = serviceNames[index] ?? field;
    const detail = value.label
      ? 'Heading'
      : `${value.price} · ${value.duration} min${value.ancillary ? ' · add-on' : ''}`;
    return { key: field.key, name: value.name, detail, problem: errors.services?.[index] !== undefined };
  });
  const packageItems: ListedItem[] = packages.fields.map((field, index) => {
    const value = packageNames[index] ?? field;
    return {
      key: field.key,
      name: value.name,
      detail: `${value.price}${value.best ? ' · best value' : ''}`,
      problem: errors.packages?.[index] !== undefined,
    };
  });
  const selectedService = Math.min(selected.services, services.fields.length - 1);
  const selectedPackage = Math.min(selected.packages, packages.fields.length - 1);
  const select = (kind: Kind, row: number) => {
    setSelected((current) => ({ ...current, [kind]: row }));
    setNotice(null);
  };

  /** Shows each problem at its field, choosing the row of the first so that it is seen and focused. */
  const showProblems = (problems: ReadonlyArray<{ field: string; message: string }>) => {
    for (const problem of problems)
      form.setError(problem.field as FieldPath<ServicesFormValues>, { message: problem.message });
    const first = problems[0];
    if (!first) return;
    const where = rowOf(first.field);
    if (where) setSelected((current) => ({ ...current, [where.kind]: where.row }));
    setFocusField(first.field);
  };

  const submit = form.handleSubmit((values) => {
    setOutcome(null);
    setNotice(null);
    const result = applyServicesForm(document, loaded, values);
    if (!result.ok) return showProblems(result.problems);
    save.mutate(
      { base_version: version.version, document: result.document },
      {
        onSuccess: setOutcome,
        onError: (error) => {
          // The server names the refused field by its path in the document: the page shows it at its own field too.
          const refused = refusedField(error);
          const field = refused && formFieldOf(refused.path, result);
          if (refused && field) showProblems([{ field, message: refused.message }]);
        },
      },
    );
  });

  const addService = () => {
    services.append(newService(crypto.randomUUID(), form.getValues(), currency), { shouldFocus: false });
    select('services', services.fields.length);
    setFocusField(`services.${services.fields.length}.name`);
  };
  const addPackage = () => {
    packages.append(newPackage(document, form.getValues(), currency), { shouldFocus: false });
    select('packages', packages.fields.length);
    setFocusField(`packages.${packages.fields.length}.name`);
  };
  const move = (kind: Kind, index: number, direction: -1 | 1) => {
    const list = kind === 'services' ? services : packages;
    const to = moveIndex(list.fields.length, index, direction);
    if (to === null) return;
    list.move(index, to);
    select(kind, to);
  };
  const removeService = (index: number) => {
    const values = form.getValues();
    const service = values.services[index]!;
    const users = serviceUsers(document, values, service.uuid);
    if (users.length > 0)
      return setNotice({ kind: 'services', text: removalRefusal(service.name, users), refused: true });
    services.remove(index);
    setSelected((current) => ({ ...current, services: Math.max(0, index - 1) }));
    setNotice({
      kind: 'services',
      text: `“${service.name || 'Untitled'}” removed. It goes when you save; Discard brings it back.`,
      refused: false,
    });
  };
  const removePackage = (index: number) => {
    const pkg = form.getValues().packages[index]!;
    const users = packageUsers(document, pkg.packageId);
    if (users.length > 0) return setNotice({ kind: 'packages', text: removalRefusal(pkg.name, users), refused: true });
    packages.remove(index);
    setSelected((current) => ({ ...current, packages: Math.max(0, index - 1) }));
    setNotice({
      kind: 'packages',
      text: `“${pkg.name || 'Untitled'}” removed. It goes when you save; Discard brings it back.`,
      refused: false,
    });
  };
  const noticeOf = (kind: Kind) => (
    <Box role="status">
      {notice?.kind === kind && (
        <Alert severity={notice.refused ? 'warning' : 'info'} sx={{ mt: 2 }}>
          {notice.text}
        </Alert>
      )}
    </Box>
  );

  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        What visitors can book and what it costs. You are editing version {version.version}; every save is a new version
        you can undo from History.
      </Typography>
      <SaveOutcome
        outcome={outcome}
        error={save.error}
        savedText={(saved) => `Saved as version ${saved}. Visitors see the new services and prices now.`}
        onReload={loadNewest}
      />
      <Box component="form" noValidate aria-label={TITLE} onSubmit={(event) => void submit(event)}>
        <PageSection
          title="Services"
          intro="Each thing an inspector can do, in the order visitors see them. Headings group the list."
        >
          <ItemList
            label="Services"
            items={serviceItems}
            selected={selectedService}
            onSelect={(row) => select('services', row)}
            addLabel="Add a service"
            onAdd={addService}
            empty="No services yet."
          >
            {selectedService >= 0 && serviceItems[selectedService] && (
              <Box
                component="section"
                aria-label={`Service: ${serviceItems[selectedService].name || 'Untitled'}`}
                sx={{ display: 'grid', gap: 2 }}
              >
                <ItemActions
                  name={serviceItems[selectedService].name}
                  index={selectedService}
                  count={serviceItems.length}
                  onMove={(direction) => move('services', selectedService, direction)}
                  onRemove={() => removeService(selectedService)}
                />
                <ServiceEditor
                  key={serviceItems[selectedService].key}
                  form={form}
                  index={selectedService}
                  currency={currency}
                />
              </Box>
            )}
          </ItemList>
          {noticeOf('services')}
        </PageSection>
        <PageSection
          title="Packages"
          intro="Bundles of services at a price of their own, in the order visitors see them."
        >
          <ItemList
            label="Packages"
            items={packageItems}
            selected={selectedPackage}
            onSelect={(row) => select('packages', row)}
            addLabel="Add a package"
            onAdd={addPackage}
            empty="No packages yet."
          >
            {selectedPackage >= 0 && packageItems[selectedPackage] && (
              <Box
                component="section"
                aria-label={`Package: ${packageItems[selectedPackage].name || 'Untitled'}`}
                sx={{ display: 'grid', gap: 2 }}
              >
                <ItemActions
                  name={packageItems[selectedPackage].name}
                  index={selectedPackage}
                  count={packageItems.length}
                  onMove={(direction) => move('packages', selectedPackage, direction)}
                  onRemove={() => removePackage(selectedPackage)}
                />
                <PackageEditor
                  key={packageItems[selectedPackage].key}
                  form={form}
                  index={selectedPackage}
                  currency={currency}
                />
              </Box>
            )}
          </ItemList>
          {noticeOf('packages')}
        </PageSection>
        <PageSection
          title="Rush report"
          intro="What a visitor pays to have the repair estimate report rushed, for a service or package that offers it."
        >
          <TextField
            label="Rush report fee"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            {...fieldProps(form, 'rushFee', `In ${currency}, 0 to ${moneyText(MAX_CENTS, currency)}.`)}
            sx={{ maxWidth: 360 }}
          />
        </PageSection>
        <SaveBar
          saving={save.isPending}
          dirty={form.formState.isDirty}
          onDiscard={() => {
            form.reset(loaded);
            setNotice(null);
          }}
        />
      </Box>
      <SamplePrice
        companyKey={companyKey}
        document={document}
        loaded={loaded}
        control={form.control}
        currency={currency}
      />
    </>
  );
}
