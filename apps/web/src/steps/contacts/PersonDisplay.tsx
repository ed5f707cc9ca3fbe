import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PanelFields } from '@scheduler/domain/people/person-fields';
import { fullName, personDisplayLines, type PersonRecord } from '@scheduler/domain/people/person-display';
import { useScheduler } from '../../shared/scheduler-context.tsx';

/** The read-only person display of spec 2.7 (full form): the name, then each filled field with its label. */
export function PersonDisplay({
  person,
  fields,
}: {
  person: Omit<Partial<PersonRecord>, 'id'> & { id?: number | null | undefined };
  fields: PanelFields;
}) {
  const { office } = useScheduler();
  const stateName = (id: number) => office.states.find((state) => state.id === id)?.abbreviation ?? '';
  const lines = personDisplayLines({ ...person, id: person.id ?? 0 } as PersonRecord, fields, 'full', stateName);
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>{fullName(person)}</Typography>
      {lines.map((line) => (
        <Typography key={line.field} variant="body2">
          {line.label}: {line.text}
        </Typography>
      ))}
    </Box>
  );
}
