import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { logoFromFile, LOGO_BOX, LOGO_TYPES } from './logo-image.ts';
import type { OfficesFormValues } from './offices-form.ts';

/**
 * The office's logo: its preview, a file to replace it (made small enough here, in the browser),
 * and its removal, after which the company's logo stands in. The chosen image is saved with the
 * other changes.
 */
export function LogoField({
  form,
  index,
  officeName,
}: {
  form: UseFormReturn<OfficesFormValues>;
  index: number;
  officeName: string;
}) {
  const name = `offices.${index}.logo` as const;
  const logo = useWatch({ control: form.control, name });
  const error = form.getFieldState(name, form.formState).error?.message;
  const [reading, setReading] = useState(false);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const chooseText = reading ? 'Reading the image…' : logo ? 'Choose another logo' : 'Choose a logo';
  const inputId = useId();
  const helpId = useId();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    const result = await logoFromFile(file);
    setReading(false);
    if (!result.ok) {
      form.setError(name, { message: result.message });
      return;
    }
    form.clearErrors(name);
    form.setValue(name, result.dataUrl, { shouldDirty: true });
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ minHeight: 64, display: 'flex', alignItems: 'center' }}>
        {logo ? (
          <Box
            component="img"
            src={logo}
            alt={`Logo of ${officeName}`}
            sx={{
              maxWidth: '100%',
              maxHeight: LOGO_BOX.height,
              objectFit: 'contain',
              border: 1,
              borderColor: 'divider',
              p: 1,
              bgcolor: 'background.paper',
            }}
          />
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>
            No logo of its own: the company&apos;s logo is shown.
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <input
          id={inputId}
          type="file"
          accept={LOGO_TYPES.join(',')}
          aria-label={chooseText}
          ref={fileInput}
          // The button below opens it: a file input inside a button-like label nests two controls.
          hidden
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file chosen again is a change too.
            event.target.value = '';
            void choose(file);
          }}
        />
        <Button
          type="button"
          variant="outlined"
          disabled={reading}
          aria-describedby={helpId}
          onClick={() => fileInput.current?.click()}
        >
          {chooseText}
        </Button>
        {logo && (
          <Button
            type="button"
            color="error"
            onClick={() => {
              form.clearErrors(name);
              form.setValue(name, null, { shouldDirty: true });
            }}
          >
            Remove logo
          </Button>
        )}
      </Box>
      <FormHelperText id={helpId} error={error !== undefined} sx={{ mt: 0 }} role={error ? 'alert' : undefined}>
        {error ??
          `PNG, JPEG or SVG, up to 5 MB. Pictures are made to fit ${LOGO_BOX.width} × ${LOGO_BOX.height} pixels; an SVG is kept as it is (up to 200 KB).`}
      </FormHelperText>
    </Box>
  );
}
