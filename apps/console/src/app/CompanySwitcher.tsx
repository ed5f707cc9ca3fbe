import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ConsoleMembership } from '@scheduler/contracts/console';
import { useNavigate } from 'react-router';

/** The company whose pages are shown; a choice only for someone in several. */
export function CompanySwitcher({
  memberships,
  companyKey,
}: {
  memberships: readonly ConsoleMembership[];
  companyKey: string;
}) {
  const navigate = useNavigate();
  const current = memberships.find((m) => m.company_key === companyKey);
  if (memberships.length <= 1) {
    return (
      <Typography
        component="p"
        sx={{ fontWeight: 650, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {current?.company_name ?? companyKey}
      </Typography>
    );
  }
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
