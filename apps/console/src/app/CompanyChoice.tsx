import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ConsoleMembership } from '@scheduler/contracts/console';
import { useNavigate } from 'react-router';

/** The company select of someone in several companies (CompanySwitcher loads it on demand). */
export default function CompanyChoice({
  memberships,
  companyKey,
}: {
  memberships: readonly ConsoleMembership[];
  companyKey: string;
}) {
  const navigate = useNavigate();
  const current = memberships.find((m) => m.company_key === companyKey);
  return (
    <TextField
      select
      size="small"
      label="Company"
      value={current ? companyKey : ''}
      onChange={(event) => void navigate(`/${encodeURIComponent(event.target.value)}/schedule`)}
      sx={{ minWidth: 180, maxWidth: '100%', bgcolor: 'background.paper', borderRadius: 1 }}
    >
      {memberships.map((m) => (
        <MenuItem key={m.company_key} value={m.company_key}>
          {m.company_name}
        </MenuItem>
      ))}
    </TextField>
  );
}
