import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { SETTING } from '@scheduler/contracts/setting-keys';
import type { OfficeResponse } from '@scheduler/contracts/office';
import type { OrderResponse } from '@scheduler/contracts/order';
import { SettingsReader } from '@scheduler/domain/settings';
import { SCREEN_HEADING_ID, useScreenHeadingFocus } from '../../shared/focus.ts';
import { OfficeContact } from '../../shared/OfficeContact.tsx';
import { texts } from '../../shared/texts.ts';

/** The review in its thank-you state (spec 2.11): what every path of a confirmed order shows. */
export function ThankYou({ companyKey, office, order }: { companyKey: string; office: OfficeResponse; order: OrderResponse }) {
  const settings = new SettingsReader(office.settings_data);
  const banner = settings.text(SETTING.CONFIRMATION_BANNER);
  const showPay = !order.paid && order.pay_url && settings.isOn(SETTING.SHOW_PAYMENT_LINK);
  const redirectUrl = settings.isOn(SETTING.REDIRECT_BUTTON_ENABLED) ? settings.text(SETTING.REDIRECT_BUTTON_URL) : '';
  useEffect(() => {
    document.title = `${texts.thankYou.title} | ${office.company_name}`;
  }, [office.company_name]);
  useScreenHeadingFocus('thank-you');
  return (
    <Paper sx={{ p: { xs: 3, sm: 6 }, border: 1, borderColor: 'divider', maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h1" id={SCREEN_HEADING_ID} tabIndex={-1} sx={{ mb: 2 }}>
        {texts.thankYou.title}
      </Typography>
      {banner ? (
        <Typography sx={{ whiteSpace: 'pre-line' }}>{banner}</Typography>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{texts.thankYou.defaultText}</Typography>
          <OfficeContact contact={office} />
        </>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 4 }}>
        {showPay && (
          <Button variant="contained" size="large" href={order.pay_url ?? ""} target="_blank" rel="noopener noreferrer">
            {texts.thankYou.payOnline}
          </Button>
        )}
        <Button variant={showPay ? 'outlined' : 'contained'} size="large" href={`/${companyKey}/online-scheduler/${office.office_uuid}`}>
          {texts.status.scheduleAgain}
        </Button>
        {redirectUrl && /^https?:\/\//.test(redirectUrl) && (
          <Button variant="text" size="large" href={redirectUrl}>
            {settings.text(SETTING.REDIRECT_BUTTON_TEXT) || redirectUrl}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
