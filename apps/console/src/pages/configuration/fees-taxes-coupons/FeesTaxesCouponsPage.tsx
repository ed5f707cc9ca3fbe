import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { ConfigurationResponse } from '@scheduler/contracts/configuration';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { useConfigurationEditor } from '../../../shared/configuration.ts';
import { refusedField } from '../../../shared/document-refusal.ts';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { ConfigurationEditorPage, SaveBar, SaveOutcome } from '../../../shared/SaveOutcome.tsx';
import { CouponsSection } from './CouponsSection.tsx';
import { FeesSection, type FeesContext } from './FeesSection.tsx';
import { applyPricingForm, formFieldOf, type SentRows } from './fees-taxes-coupons-form.ts';
import { currencyOf, pricingFormValues, pricingListsOf, type PricingFormValues } from './pricing-values.ts';
import { documentNames } from './pricing-words.ts';
import { ReadOnlyRules } from './ReadOnlyRules.tsx';
import type { ServiceChoice } from './ServiceChecks.tsx';
import { TaxesSection } from './TaxesSection.tsx';
import { TripFeesSection } from './TripFeesSection.tsx';
import type { OfficeChoice } from './item-summaries.ts';

const TITLE = 'Fees, taxes and coupons';

/** /console/{key}/fees-taxes-coupons (owner and admin): fee rules, trip fees, taxes and coupons, with the discounts set elsewhere shown in words. */
export default function FeesTaxesCouponsPage() {
  return (
    <ConfigurationEditorPage title={TITLE} loadingLabel="Loading the fees, taxes and coupons…">
      {(companyKey, configuration) => <PricingRulesEditor companyKey={companyKey} configuration={configuration} />}
    </ConfigurationEditorPage>
  );
}

type Listed = Array<Record<string, unknown>>;

function PricingRulesEditor({
  companyKey,
  configuration,
}: {
  companyKey: string;
  configuration: ConfigurationResponse;
}) {
  const { save, outcome, setOutcome, loadNewest } = useConfigurationEditor(companyKey);
  const { document, version } = configuration;
  const currency = currencyOf(document);
  const loaded = useMemo(() => pricingFormValues(document), [document]);
  const services: ServiceChoice[] = useMemo(
    // Headings of the services list are not services: nothing is charged or taken off them.
    () =>
      ((document.services ?? []) as Listed)
        .filter((s) => s.label !== true)
        .map((s) => ({ uuid: String(s.uuid), name: htmlToPlainText(String(s.name ?? '')) })),
    [document],
  );
  const offices: OfficeChoice[] = useMemo(
    () => ((document.offices ?? []) as Listed).map((o) => ({ uuid: String(o.uuid), name: String(o.name ?? '') })),
    [document],
  );
  const feesContext: FeesContext = useMemo(() => {
    const lists = pricingListsOf(document);
    return {
      currency,
      services,
      names: documentNames(document, currency),
      loadedFee: (row) =>
        row.loadedIndex === null
          ? undefined
          : row.origin === 'short'
            ? lists.short.fees[row.loadedIndex]
            : lists.pricing.fees[row.loadedIndex],
    };
  }, [document, currency, services]);

  const form = useForm<PricingFormValues>({ defaultValues: loaded });
  // A newly loaded version (after a save, or "Load their version") is the form's new start.
  useEffect(() => {
    form.reset(loaded);
  }, [form, loaded]);
  // Which form row each written entry came from, to put the server's refusal at its field.
  const sent = useRef<SentRows>({});
  // A problem's field may be in a closed item: it takes focus once the item has opened for it.
  const [focusField, setFocusField] = useState<FieldPath<PricingFormValues> | null>(null);
  useEffect(() => {
    if (focusField === null) return;
    form.setFocus(focusField);
    setFocusField(null);
  }, [form, focusField]);

  const submit = form.handleSubmit((values) => {
    setOutcome(null);
    const result = applyPricingForm(document, loaded, values);
    if (!result.ok) {
      for (const problem of result.problems)
        form.setError(problem.field as FieldPath<PricingFormValues>, { message: problem.message });
      setFocusField(result.problems[0]!.field as FieldPath<PricingFormValues>);
      return;
    }
    sent.current = result.sent;
    save.mutate(
      { base_version: version.version, document: result.document },
      {
        onSuccess: setOutcome,
        onError: (error) => {
          // The server names the refused entry by its path in the document (`pricing.coupons.2.code`): the page shows it at that field too.
          const refused = refusedField(error);
          const field =
            refused && (formFieldOf(refused.path, sent.current, values) as FieldPath<PricingFormValues> | null);
          if (!refused || !field) return;
          form.setError(field, { message: refused.message });
          setFocusField(field);
        },
      },
    );
  });

  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        What is added to a price (fees, trip fees, taxes) and taken off it (coupons). Service prices are on the Services
        and prices page. You are editing version {version.version}; every save is a new version you can undo from
        History.
      </Typography>
      <SaveOutcome
        outcome={outcome}
        error={save.error}
        savedText={(saved) => `Saved as version ${saved}. Visitors see the new prices now.`}
        onReload={loadNewest}
      />
      <Box component="form" noValidate aria-label={TITLE} onSubmit={(event) => void submit(event)}>
        <PageSection
          title="Fees"
          intro="Added to a service's price or once to the order, as a fixed amount or by a fact of the property. Fees that follow a property question are set on the Property questions page."
        >
          <FeesSection form={form} context={feesContext} />
        </PageSection>
        <PageSection
          title="Discounts with other services and package fees"
          intro="Set with the services and packages; shown here so the whole price is in one place."
        >
          <ReadOnlyRules document={document} names={feesContext.names} />
        </PageSection>
        <PageSection
          title="Trip fees"
          intro="What a visit costs by where the property is: by its postal code, or by road miles from the office."
        >
          <TripFeesSection form={form} currency={currency} offices={offices} />
        </PageSection>
        <PageSection
          title="Taxes"
          intro="Added to the order at each office's rate. A tax with no services ticked taxes every service."
        >
          <TaxesSection form={form} offices={offices} services={services} />
        </PageSection>
        <PageSection
          title="Coupons"
          intro="Codes visitors type for a discount. A coupon's code must differ from every other coupon's, whatever its capitals."
        >
          <CouponsSection form={form} currency={currency} services={services} />
        </PageSection>
        <SaveBar saving={save.isPending} dirty={form.formState.isDirty} onDiscard={() => form.reset(loaded)} />
      </Box>
    </>
  );
}
