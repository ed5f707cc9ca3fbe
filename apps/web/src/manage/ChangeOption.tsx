import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatPhone } from '@scheduler/domain/formatting';
import { ContactText } from '../shared/ContactText.tsx';
import { OfficeContact, type OfficeContactDetails } from '../shared/OfficeContact.tsx';
import { manageTexts as t } from './manage-texts.ts';

/**
 * One change the page may offer (reschedule, cancel): while the policy allows it, the company's
 * own text for it, what it costs or how often it may still be done, until when, and its button;
 * otherwise the policy's reason, with the office that can make the change instead.
 */
export function ChangeOption({
  heading,
  allowed,
  reason,
  text,
  details,
  button,
  onChoose,
  office,
  danger = false,
}: {
  heading: string;
  allowed: boolean;
  reason: string | null;
  /** The company's text for this change ("" when none). */
  text: string;
  /** The deadline, the fee, the reschedules left: shown while allowed. */
  details: readonly string[];
  button: string;
  onChoose: () => void;
  office: OfficeContactDetails;
  danger?: boolean;
}) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-change={heading}
      sx={{
        minWidth: 0,
        p: { xs: 1.5, sm: 2 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
        {heading}
      </Typography>
      {text.trim() !== '' && <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{text}</Typography>}
      {allowed ? (
        <>
          {details.map((line) => (
            <Typography key={line} variant="body2" sx={{ color: 'text.secondary' }}>
              {line}
            </Typography>
          ))}
          <Box sx={{ mt: 'auto', pt: 1 }}>
            <Button
              variant={danger ? 'outlined' : 'contained'}
              color={danger ? 'error' : 'primary'}
              size="large"
              onClick={onChoose}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              {button}
            </Button>
          </Box>
        </>
      ) : (
        <>
          {reason && (
            <Typography data-testid="refusal" sx={{ overflowWrap: 'anywhere' }}>
              <ContactText
                text={reason}
                phone={formatPhone(office.office_phone) || office.office_phone}
                email={office.office_email}
              />
            </Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t.callTheOffice}
          </Typography>
          <OfficeContact contact={office} />
        </>
      )}
    </Box>
  );
}
