import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { PREVIEW_QUERY } from '@scheduler/contracts/embed';
import { configurationQueryOptions } from '../shared/configuration.ts';

/** The company's first office, as the preview opens it. */
function firstOfficeOf(document: Record<string, unknown> | undefined): { uuid: string; name: string } | null {
  const offices = document?.offices;
  if (!Array.isArray(offices)) return null;
  const first = offices[0] as { uuid?: unknown; name?: unknown } | undefined;
  return typeof first?.uuid === 'string'
    ? { uuid: first.uuid, name: typeof first.name === 'string' ? first.name : '' }
    : null;
}

/** The link of the company's scheduler marked as the console's preview (it sends no funnel events). */
export function previewLink(companyKey: string, officeUuid: string): string {
  return `/${encodeURIComponent(companyKey)}/online-scheduler/${officeUuid}?${PREVIEW_QUERY}=1`;
}

/** The preview's link for the company's first office; null until the configuration is loaded. */
export function usePreviewLink(companyKey: string): string | null {
  const configuration = useQuery(configurationQueryOptions(companyKey));
  const office = firstOfficeOf(configuration.data?.document);
  return office ? previewLink(companyKey, office.uuid) : null;
}

/**
 * The scheduler as visitors see it, beside the editor (issue 26): a phone-wide frame of the first
 * office's link, opened afresh (a new visitor) each time a save makes a new version, so it shows
 * what visitors get from then on.
 */
export function SchedulerPreview({ companyKey }: { companyKey: string }) {
  const configuration = useQuery(configurationQueryOptions(companyKey));
  const office = firstOfficeOf(configuration.data?.document);
  const version = configuration.data?.version.version;
  return (
    <Box
      component="aside"
      aria-label="Preview of your scheduler"
      sx={{ position: 'sticky', top: 16, display: 'grid', gap: 1 }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {version === undefined
          ? 'Loading…'
          : `As a new visitor sees it now (version ${version}${office?.name ? `, ${office.name}` : ''}). It starts afresh after each save.`}
      </Typography>
      {office && version !== undefined && (
        <Box
          component="iframe"
          key={version}
          title={`Your scheduler, version ${version}`}
          src={previewLink(companyKey, office.uuid)}
          sx={{
            width: '100%',
            height: 'min(760px, calc(100vh - 120px))',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.paper',
          }}
        />
      )}
    </Box>
  );
}
