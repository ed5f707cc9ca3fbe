import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ConsoleOrderDetail, ConsoleOrderMessage } from '@scheduler/contracts/console';
import { momentText } from '../../../shared/time-text.ts';
import { useResendMessage } from './order-api.ts';
import { Section } from './OrderSections.tsx';

const STATE_WORDS = { queued: 'Waiting to send', sent: 'Sent', skipped: 'Not needed', bounced: 'Bounced' } as const;

/**
 * A message's state in words; a bounced e-mail's with what the receiving server said, in the
 * theme's dark error colour (5.6:1 on white: readable as text, not only as a colour).
 */
function StateWords({ message }: { message: ConsoleOrderMessage }) {
  if (message.state !== 'bounced') return <>{STATE_WORDS[message.state]}</>;
  return (
    <Box component="span" sx={{ color: 'error.dark', fontWeight: 500 }}>
      {message.bounce_reason ? `Bounced: ${message.bounce_reason}` : 'Bounced'}
    </Box>
  );
}

/** "the confirmation", "the cancellation": a message as a sentence names it. */
function messageWords(message: ConsoleOrderMessage): string {
  return `the ${message.kind === 'cancelled' ? 'cancellation' : message.kind === 'rescheduled' ? 'change' : message.kind}`;
}

/**
 * The order's messages: when, how, to whom, which and whether they went; the office (who may
 * change orders) sends one again to its recipient with "Send again", offered where it is still
 * true of the order (issue 41). The outcome is said in a live region.
 */
export function MessagesSection({ detail, companyKey }: { detail: ConsoleOrderDetail; companyKey: string }) {
  const timeZone = detail.order.time_zone;
  const resend = useResendMessage(companyKey, detail.order.id);
  const resentMessage = detail.messages.find((message) => message.id === resend.variables);
  return (
    <Section title="Messages">
      <Typography role="status" sx={{ mb: resend.isIdle ? 0 : 1 }}>
        {resend.isSuccess && resentMessage
          ? `${messageWords(resentMessage).replace(/^t/, 'T')} goes to ${resend.data.to} again.`
          : resend.isError
            ? `Not sent again: ${resend.error.message}`
            : ''}
      </Typography>
      {detail.messages.length === 0 ? (
        <Typography>No messages about this order.</Typography>
      ) : (
        // A wide table scrolls inside its own box at 375 px: reachable by keyboard, named, and the positioned ancestor of its hidden texts.
        <TableContainer
          tabIndex={0}
          role="region"
          aria-label="Messages, scrolls sideways"
          sx={{ position: 'relative' }}
        >
          <Table size="small" aria-label="Messages" sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Channel</TableCell>
                <TableCell>To</TableCell>
                <TableCell>Message</TableCell>
                <TableCell>State</TableCell>
                {detail.can_change && <TableCell>Again</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {detail.messages.map((message) => (
                <TableRow key={message.id}>
                  <TableCell>{momentText(message.state === 'sent' ? message.at : message.run_at, timeZone)}</TableCell>
                  <TableCell>{message.channel === 'email' ? 'E-mail' : 'Text (SMS)'}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <span style={{ textTransform: 'capitalize' }}>{message.audience}</span>
                    {message.to && message.audience !== 'office' ? `: ${message.to}` : ''}
                  </TableCell>
                  <TableCell sx={{ textTransform: 'capitalize' }}>{message.kind}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <StateWords message={message} />
                    {message.attempts > 1 ? ` (${message.attempts} attempts)` : ''}
                    {message.resent_by ? ` · sent again by ${message.resent_by}` : ''}
                  </TableCell>
                  {detail.can_change && (
                    <TableCell>
                      {message.resendable && message.resend_to && (
                        <Button
                          size="small"
                          variant="outlined"
                          disabled={resend.isPending}
                          aria-label={`Send ${messageWords(message)} to ${message.resend_to} again`}
                          onClick={() => resend.mutate(message.id)}
                        >
                          Send again
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}
