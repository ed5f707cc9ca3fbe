import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PublicFrame } from '../../../shared/PublicFrame.tsx';

export default function NotFoundPage() {
  return (
    <PublicFrame title="Page not found">
      <Typography sx={{ mb: 2 }}>There is no page at this address in the console.</Typography>
      <Link component={RouterLink} to="/">
        Go to your schedule
      </Link>
    </PublicFrame>
  );
}
