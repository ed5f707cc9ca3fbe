import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { GeocodeSuggestion } from '@scheduler/contracts/address';
import { addressTexts } from './address-texts.ts';

/**
 * Spec 2.6: "Verify Address, is this correct?" with the geocoder's suggestion, Yes (use it, with
 * its coordinates and county) and No (keep what was typed, unverified). Where the postal code
 * contradicts a typed city or state, the box says so, so the visitor sees why it differs.
 */
export function VerifyAddressBox({
  suggestion,
  onYes,
  onNo,
}: {
  suggestion: GeocodeSuggestion;
  onYes: () => void;
  onNo: () => void;
}) {
  const id = useId();
  const street = [suggestion.address1, suggestion.address2].filter(Boolean).join(', ');
  const place = [suggestion.city, [suggestion.state, suggestion.postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <Box
      role="group"
      aria-labelledby={`${id}-title`}
      data-testid="verify-address"
      sx={{
        mt: 3,
        p: 2,
        border: 1,
        borderColor: '#9cc0de',
        borderLeftWidth: 4,
        borderRadius: 2,
        bgcolor: '#e8f1f8',
        color: '#17324d',
      }}
    >
      <Typography id={`${id}-title`} component="h2" variant="h2" sx={{ mb: 1 }}>
        {addressTexts.verifyTitle}
      </Typography>
      <Box component="address" sx={{ fontStyle: 'normal', mb: suggestion.conflicts.length ? 1 : 2 }}>
        {street && <div>{street}</div>}
        {place && <div>{place}</div>}
        {suggestion.county && <div>{suggestion.county} County</div>}
      </Box>
      {suggestion.conflicts.map((conflict) => (
        <Typography key={conflict.field} variant="body2" sx={{ mb: 1 }}>
          {conflict.message}
        </Typography>
      ))}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 1 }}>
        <Button
          variant="contained"
          onClick={onYes}
          sx={{ minHeight: 44, minWidth: 88, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          {addressTexts.yes}
        </Button>
        <Button
          variant="outlined"
          onClick={onNo}
          sx={{
            minHeight: 44,
            flex: { xs: '1 1 100%', sm: '0 0 auto' },
            bgcolor: '#ffffff',
            '&:hover': { bgcolor: '#f5f8fb' },
          }}
        >
          {addressTexts.no}
        </Button>
      </Box>
    </Box>
  );
}
