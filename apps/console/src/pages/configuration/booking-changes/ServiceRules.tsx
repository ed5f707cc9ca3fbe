import type { Control } from 'react-hook-form';
import { ChosenRows, type RowChoice } from '../../../shared/ChosenRows.tsx';
import { EMPTY_SERVICE_RULES, type BookingChangesFormValues } from './booking-changes-form.ts';
import { RuleFields } from './RuleFields.tsx';

export interface ServiceChoice {
  uuid: string;
  name: string;
}

const WORDS = {
  label: 'Service',
  help: "Orders that book it follow these rules where they are stricter than the company's.",
  unchosen: 'A service',
  gone: 'A service no longer offered',
  add: 'Add rules for a service',
  remove: (name: string) => `Remove the rules for ${name}`,
  removeUnnamed: 'Remove these rules',
};

/**
 * The services with rules of their own: one row a service (a service at most once), each rule
 * empty for "same as the company".
 */
export function ServiceRules({
  control,
  services,
  currency,
}: {
  control: Control<BookingChangesFormValues>;
  services: readonly ServiceChoice[];
  currency: string;
}) {
  const choices: RowChoice[] = services.map((service) => ({ value: service.uuid, name: service.name }));
  return (
    <ChosenRows
      control={control}
      name="services"
      keyField="service"
      choices={choices}
      words={WORDS}
      emptyRow={EMPTY_SERVICE_RULES}
      renderRow={(index) => <RuleFields control={control} prefix={`services.${index}.`} currency={currency} service />}
    />
  );
}
