import Box from '@mui/material/Box';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { MAX_DURATION, type ServicesFormValues } from './services-form.ts';
import { Flag, ItemFields, TWO_COLUMNS } from './ItemFields.tsx';

/** One service's fields: what visitors read, its price and length (not for a heading), how it is offered, what to prepare. */
export function ServiceEditor({
  form,
  index,
  currency,
}: {
  form: UseFormReturn<ServicesFormValues>;
  index: number;
  currency: string;
}) {
  const heading = useWatch({ control: form.control, name: `services.${index}.label` });
  return (
    <ItemFields
      form={form}
      list="services"
      index={index}
      currency={currency}
      priced={!heading}
      words={{
        description: 'Shown under the name.',
        price: '425.00',
        duration: `How long the inspector needs: 0 to ${MAX_DURATION}.`,
        prepare: 'Told in the confirmation and reminders, like “Utilities must be on”.',
      }}
      lead={
        <Flag
          form={form}
          name={`services.${index}.label`}
          label="Heading only"
          help="A heading in the services list, like “Testing”: visitors can’t choose it, and it has no price or length."
        />
      }
    >
      {!heading && (
        <Box sx={TWO_COLUMNS}>
          <Flag
            form={form}
            name={`services.${index}.ancillary`}
            label="Add-on"
            help="Offered as an extra to a main inspection."
          />
          <Flag
            form={form}
            name={`services.${index}.isPac`}
            label="Pay at closing"
            help="The pay-at-closing option: the fee is paid when the sale closes."
          />
          <Flag
            form={form}
            name={`services.${index}.rer`}
            label="Rush report available"
            help="Its repair estimate report can be rushed, for the rush report fee."
          />
        </Box>
      )}
    </ItemFields>
  );
}
