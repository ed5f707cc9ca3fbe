import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { DocumentFee } from './questions-form.ts';

/**
 * Removing a question that fees follow: those fees would price an answer nobody gives any more,
 * so the question goes only with them, once the person has read their names and agreed.
 */
export function RemoveQuestionDialog({
  question,
  fees,
  onCancel,
  onConfirm,
}: {
  question: string;
  fees: readonly DocumentFee[];
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Remove “{question}” and its fees?</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>
          {fees.length === 1
            ? 'This fee follows the answer to this question. It is removed with it:'
            : 'These fees follow the answer to this question. They are removed with it:'}
        </Typography>
        <ul>
          {fees.map((fee) => (
            <Typography component="li" key={fee.code} sx={{ overflowWrap: 'anywhere' }}>
              {fee.description}
            </Typography>
          ))}
        </ul>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Nothing changes for visitors until you save; Discard brings both back.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel}>Keep the question</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          Remove the question and {fees.length === 1 ? 'its fee' : 'its fees'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
