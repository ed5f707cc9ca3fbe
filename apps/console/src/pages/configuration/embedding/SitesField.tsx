import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { checkOrigin, MAX_EMBEDDING_ORIGINS, type EmbeddingPageValues } from './embedding-form.ts';

const NEW_SITE_HINT = 'Like https://www.example.com; https://*.example.com covers every subdomain of example.com.';

/**
 * The company's sites, each with its Remove, and a field to add one. The new site is checked as it
 * is typed; what is typed joins the list only through Add, so a half-typed address is never saved.
 */
export function SitesField({ form }: { form: UseFormReturn<EmbeddingPageValues> }) {
  const origins = useWatch({ control: form.control, name: 'origins' });
  const listError = form.formState.errors.origins?.message;
  const [announcement, setAnnouncement] = useState('');
  const newSiteInput = useRef<HTMLInputElement | null>(null);
  const listId = useId();
  const listErrorId = useId();

  const setOrigins = (next: string[]) => form.setValue('origins', next, { shouldDirty: true });
  const add = () => {
    const check = checkOrigin(form.getValues('newOrigin'), origins);
    if (!check.ok) {
      form.setError('newOrigin', { message: check.message }, { shouldFocus: true });
      return;
    }
    form.clearErrors(['origins', 'newOrigin']);
    setOrigins([...origins, check.origin]);
    form.setValue('newOrigin', '', { shouldDirty: true });
    setAnnouncement(`${check.origin} added. Save the changes to let it show the scheduler.`);
  };
  const remove = (origin: string) => {
    form.clearErrors('origins');
    setOrigins(origins.filter((item) => item !== origin));
    setAnnouncement(`${origin} removed.`);
    // The removed row's button is gone: focus goes where the next action most likely is.
    newSiteInput.current?.focus();
  };

  return (
    <>
      <Box>
        <Typography component="h3" variant="h3" id={listId} sx={{ mb: 1 }}>
          Sites that may show the scheduler ({origins.length} of {MAX_EMBEDDING_ORIGINS})
        </Typography>
        {origins.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>
            No sites yet: the scheduler can be shown on this server&apos;s own pages only.
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-labelledby={listId}
            aria-describedby={listError ? listErrorId : undefined}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
          >
            {origins.map((origin) => (
              <Box
                component="li"
                key={origin}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  flexWrap: 'wrap',
                  justifyContent: 'space-between',
                  borderBottom: 1,
                  borderColor: 'divider',
                  pb: 1,
                }}
              >
                <Typography component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
                  {origin}
                </Typography>
                <Button
                  type="button"
                  size="small"
                  color="error"
                  aria-label={`Remove ${origin}`}
                  onClick={() => remove(origin)}
                >
                  Remove
                </Button>
              </Box>
            ))}
          </Box>
        )}
        {listError && (
          // The save's refusal is announced above the form; here it stands by the list it is about.
          <FormHelperText error id={listErrorId}>
            {listError}
          </FormHelperText>
        )}
      </Box>
      <Controller
        control={form.control}
        name="newOrigin"
        render={({ field, fieldState }) => {
          // Checked as typed: the person sees what is wrong before pressing Add, and nothing while the field is empty.
          const live = field.value.trim() === '' ? null : checkOrigin(field.value, origins);
          const problem = fieldState.error?.message ?? (live && !live.ok ? live.message : undefined);
          return (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
              <TextField
                label="New site"
                value={field.value}
                onChange={(event) => {
                  form.clearErrors('newOrigin');
                  field.onChange(event);
                }}
                onBlur={field.onBlur}
                inputRef={(element: HTMLInputElement | null) => {
                  field.ref(element);
                  newSiteInput.current = element;
                }}
                onKeyDown={(event) => {
                  // Enter adds the site, rather than saving the whole form with it half-done.
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    add();
                  }
                }}
                error={problem !== undefined}
                helperText={problem ?? NEW_SITE_HINT}
                placeholder="https://www.example.com"
                slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'off', spellCheck: false } }}
                sx={{ flex: '1 1 16rem', minWidth: 0 }}
              />
              <Button type="button" variant="outlined" onClick={add} sx={{ minHeight: 56 }}>
                Add site
              </Button>
            </Box>
          );
        }}
      />
      <Box role="status" sx={{ minHeight: '1.5em', color: 'text.secondary' }}>
        {announcement}
      </Box>
    </>
  );
}
