import Box from '@mui/material/Box';
import { formatPhone } from '@scheduler/domain/formatting';
import { ContactText } from '../shared/ContactText.tsx';
import { Notice } from '../shared/Notice.tsx';

/** What the page has to say after an action: done (announced politely), or why not (an alert). */
export interface PageNotice {
  tone: 'success' | 'warning' | 'error';
  text: string;
}

/** A page notice; the office's phone and e-mail in it are links. */
export function ManageNotice({
  notice,
  phone,
  email = '',
  sx,
}: {
  notice: PageNotice;
  phone: string;
  email?: string;
  sx?: object;
}) {
  const text = <ContactText text={notice.text} phone={formatPhone(phone) || phone} email={email} />;
  if (notice.tone !== 'success') {
    return (
      <Notice severity={notice.tone} sx={sx}>
        {text}
      </Notice>
    );
  }
  return (
    <Box
      role="status"
      sx={{
        px: 2,
        py: 1.5,
        borderRadius: 2,
        border: 1,
        borderLeftWidth: 4,
        borderColor: '#a5d0a9',
        bgcolor: '#edf7ee',
        color: '#1e4620',
        fontWeight: 600,
        ...sx,
      }}
    >
      {text}
    </Box>
  );
}
