import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { failureText } from './api.ts';

/** A failed load in words, with a way to try again where asking again may help. */
export function Failure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ my: 2 }}
      action={
        onRetry && (
          <Button color="inherit" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      {failureText(error)}
    </Alert>
  );
}
