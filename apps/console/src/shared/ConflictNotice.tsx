import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { VersionConflict } from '@scheduler/contracts/configuration';
import { ChangeList } from './ChangeList.tsx';

/**
 * A save refused because someone saved in between: who, what they changed, and the way on. The
 * person's own edits stay in the form until they choose to load the other version.
 */
export function ConflictNotice({ conflict, onReload }: { conflict: VersionConflict; onReload: () => void }) {
  return (
    <Alert severity="warning" sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0, width: '100%' } }}>
      <AlertTitle>Someone else saved a change</AlertTitle>
      {conflict.error.message}
      <Box sx={{ my: 1 }}>
        <ChangeList
          changes={conflict.changes}
          truncated={conflict.truncated}
          label={`What ${conflict.current.saved_by} changed`}
        />
      </Box>
      <Button variant="outlined" color="inherit" onClick={onReload}>
        Load their version
      </Button>
    </Alert>
  );
}
