import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatPhone } from '@scheduler/domain/formatting';
import { ContactText } from '../shared/ContactText.tsx';
import { OfficeContact, type OfficeContactDetails } from '../shared/OfficeContact.tsx';
import { manageTexts as t } from './manage-texts.ts';

/**
 * One change the page may offer (reschedule, cancel): while the policy allows it, until when,
 * what it costs or how often it may still be done (all stated from the policy's numbers for this
 * booking), then the company's own text as an addition, and its button; otherwise the policy's
 * reason, with the office that can make the change instead. The company's text is never shown
 * beside a refusal: written for every booking, it can say other hours than this booking's rules
 * (a service's stricter notice), and the refusal is what holds (issue 42).
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
      {allowed ? (
        <>
          {details.map((line) => (
            <Typography key={line}>{line}</Typography>
          ))}
          {text.trim() !== '' && (
            <Typography
              data-testid="company-text"
              variant="body2"
              sx={{ color: 'text.secondary', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
              {text}
            </Typography>
          )}
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
