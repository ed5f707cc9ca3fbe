import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OfficeResponse } from '@scheduler/contracts/office';
import { fullName, personDisplayLines, type PersonRecord } from '@scheduler/domain/people/person-display';
import type { PanelFields } from '@scheduler/domain/people/person-fields';
import type { Person } from '@scheduler/contracts/person';

/** One person of a review panel: the name, then each shown and filled field with its label (the domain's display of spec 2.7). */
export function PersonSummary({
  person,
  fields,
  states,
}: {
  person: Person;
  fields: PanelFields;
  states: OfficeResponse['states'];
}) {
  const stateName = (id: number) => states.find((state) => state.id === id)?.abbreviation ?? '';
  const lines = personDisplayLines({ ...person, id: person.id ?? 0 } as PersonRecord, fields, 'full', stateName);
  return (
    <Box>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{fullName(person)}</Typography>
      {lines.map((line) => (
        <Typography key={line.field} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {line.label}:
          </Box>{' '}
          {line.text}
        </Typography>
      ))}
    </Box>
  );
}
