import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { SETTING } from '@scheduler/contracts/setting-keys';
import type { Setting } from '@scheduler/contracts/settings';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { SettingsReader } from '@scheduler/domain/settings';
import { failureText } from '../../shared/api.ts';
import { configurationQueryOptions, useConfigurationEditor } from '../../shared/configuration.ts';
import { ConfigurationPage, SaveOutcome } from '../../shared/SaveOutcome.tsx';
import { Loading } from '../../shared/Loading.tsx';
import { PageHeading } from '../../shared/PageHeading.tsx';
import { InspectorEditor, type ServiceChoice } from './InspectorEditor.tsx';
import { coverageGaps, type DocumentInspector } from './inspector-form.ts';

/** /console/{key}/inspectors (owner and admin): each inspector's hours, services and area, and where nobody goes. */
export default function InspectorsPage() {
  return <ConfigurationPage title="Inspectors">{(companyKey) => <Inspectors companyKey={companyKey} />}</ConfigurationPage>;
}

function Inspectors({ companyKey }: { companyKey: string }) {
  const configuration = useQuery(configurationQueryOptions(companyKey));
  const { save, outcome, setOutcome, loadNewest } = useConfigurationEditor(companyKey);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const document = configuration.data?.document;
  const inspectors = useMemo(() => (document?.inspectors ?? []) as DocumentInspector[], [document]);
  const services: ServiceChoice[] = useMemo(
    // Headings of the list and pay-at-close are not work an inspector does.
    () => ((document?.services ?? []) as Array<{ uuid: string; name: string; label: boolean; is_pac: boolean }>).filter((service) => !service.label && !service.is_pac).map((service) => ({ uuid: service.uuid, name: htmlToPlainText(service.name) })),
    [document],
  );
  const gaps = useMemo(() => {
    const settings = new SettingsReader((document?.settings ?? []) as Setting[]);
    return coverageGaps(inspectors, { byList: settings.isOn(SETTING.RESTRICT_INSPECTOR_ZIP), byWeekday: settings.isOn(SETTING.LIMIT_ZIP_BY_DAY) });
  }, [document, inspectors]);

  if (configuration.isPending) return <Loading label="Loading the inspectors…" />;
  if (configuration.isError) return <Alert severity="error">{failureText(configuration.error)}</Alert>;
  const { version } = configuration.data;
  const selected = inspectors.find((inspector) => inspector.id === selectedId) ?? inspectors[0];

  const saveInspector = (changed: DocumentInspector) => {
    setOutcome(null);
    const next = { ...configuration.data.document, inspectors: inspectors.map((inspector) => (inspector.id === changed.id ? changed : inspector)) };
    save.mutate({ base_version: version.version, document: next }, { onSuccess: setOutcome });
  };

  return (
    <>
      <PageHeading>Inspectors</PageHeading>
      <SaveOutcome
        outcome={outcome}
        error={save.error}
        savedText={(saved) => `Saved as version ${saved}. Visitors see the new hours and areas now.`}
        onReload={loadNewest}
      />
      {gaps.length > 0 && (
        <Alert severity="info" sx={{ mb: 2 }} aria-label="Postal codes nobody serves">
          <Typography component="h2" variant="h2" sx={{ fontSize: '1rem', mb: 0.5 }}>
            Postal codes nobody serves
          </Typography>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            With your postal-code settings, visitors at these codes find no time on these days:
          </Typography>
          {gaps.map((gap) => (
            <Typography key={gap.day} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {gap.label}: {gap.codes.join(', ')}
            </Typography>
          ))}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '240px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Paper variant="outlined" component="nav" aria-label="Inspectors">
          <List dense>
            {inspectors.map((inspector) => (
              <ListItem key={inspector.id} disablePadding>
                <ListItemButton selected={inspector.id === selected?.id} aria-current={inspector.id === selected?.id ? 'true' : undefined} onClick={() => setSelectedId(inspector.id)}>
                  <ListItemText primary={inspector.display || `${inspector.first} ${inspector.last}`} secondary={inspector.active ? null : 'Takes no bookings'} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
        {selected ? (
          <Paper variant="outlined" component="section" aria-labelledby="inspector-heading" sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
            <Typography component="h2" variant="h2" id="inspector-heading" sx={{ mb: 2 }}>
              {selected.display || `${selected.first} ${selected.last}`}
            </Typography>
            <InspectorEditor inspector={selected} services={services} busy={save.isPending} onSave={saveInspector} />
          </Paper>
        ) : (
          <Typography>The company has no inspectors yet.</Typography>
        )}
      </Box>
    </>
  );
}
