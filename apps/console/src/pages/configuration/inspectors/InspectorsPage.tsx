import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ConfigurationResponse } from '@scheduler/contracts/configuration';
import { SETTING } from '@scheduler/contracts/setting-keys';
import type { Setting } from '@scheduler/contracts/settings';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { officeClockAt } from '@scheduler/domain/office-clock';
import { SettingsReader } from '@scheduler/domain/settings';
import { CalendarConnections } from '../../../shared/calendar-connections/CalendarConnections.tsx';
import { companyCalendarConnections } from '../../../shared/calendar-connections/connection-queries.ts';
import { calendarSummary } from '../../../shared/calendar-connections/connection-text.ts';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { useConfigurationEditor } from '../../../shared/configuration.ts';
import { refusedField } from '../../../shared/document-refusal.ts';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { ConfigurationEditorPage, SaveOutcome } from '../../../shared/SaveOutcome.tsx';
import { AreaCheckSection } from './AreaCheckSection.tsx';
import { InspectorEditor, inspectorName, type InspectorRefusal, type ServiceChoice } from './InspectorEditor.tsx';
import { coverageGaps, type DocumentInspector } from './inspector-form.ts';
import { newInspector, officeTimeZone, withoutInspector } from './inspector-roster.ts';
import { RemoveInspectorDialog } from './RemoveInspectorDialog.tsx';

const TITLE = 'Inspectors';

/**
 * /console/{key}/inspectors (owner and admin): each inspector's hours, dates, services and area;
 * adding and removing them; where nobody goes; and each one's own calendars (decision 0097): how
 * they stand in the list at a glance, connected, chosen and disconnected for them beside the editor.
 */
export default function InspectorsPage() {
  return (
    <ConfigurationEditorPage title={TITLE} loadingLabel="Loading the inspectors…">
      {(companyKey, configuration) => <Inspectors companyKey={companyKey} configuration={configuration} />}
    </ConfigurationEditorPage>
  );
}

type Document = ConfigurationResponse['document'];

/** What the last save sent: the inspector it was about, to show a refusal at its field. */
interface SentSave {
  inspector: DocumentInspector;
  index: number;
}

function Inspectors({ companyKey, configuration }: { companyKey: string; configuration: ConfigurationResponse }) {
  const { save, outcome, setOutcome, loadNewest } = useConfigurationEditor(companyKey);
  const { document, version } = configuration;
  const { membership } = useCompany();
  const [searchParams] = useSearchParams();
  // Back from a calendar provider's consent page: the inspector whose calendar was being connected.
  const [selectedId, setSelectedId] = useState<number | null>(() => {
    const returned = Number(searchParams.get('inspector'));
    return Number.isInteger(returned) && returned > 0 ? returned : null;
  });
  // Anyone's calendars: owners and admins (an inspector member reaches only their own, on their Account page).
  const managesCalendars = memberCan(membership, 'calendars.manage', false);
  const calendarList = useQuery({ ...companyCalendarConnections(companyKey), enabled: managesCalendars });
  const calendarsOf = (id: number) => (calendarList.data?.connections ?? []).filter((c) => c.inspector_id === id);
  const now = Date.now();
  const [draft, setDraft] = useState<DocumentInspector | null>(null);
  const [removing, setRemoving] = useState(false);
  const [sent, setSent] = useState<SentSave | null>(null);
  const inspectors = useMemo(() => (document.inspectors ?? []) as DocumentInspector[], [document]);
  const services: ServiceChoice[] = useMemo(
    // Headings of the list and pay-at-close are not work an inspector does.
    () =>
      ((document.services ?? []) as Array<{ uuid: string; name: string; label: boolean; is_pac: boolean }>)
        .filter((service) => !service.label && !service.is_pac)
        .map((service) => ({ uuid: service.uuid, name: htmlToPlainText(service.name) })),
    [document],
  );
  const limits = useMemo(() => {
    const settings = new SettingsReader((document.settings ?? []) as Setting[]);
    return {
      byList: settings.isOn(SETTING.RESTRICT_INSPECTOR_ZIP),
      byWeekday: settings.isOn(SETTING.LIMIT_ZIP_BY_DAY),
    };
  }, [document]);
  const gaps = useMemo(() => coverageGaps(inspectors, limits), [inspectors, limits]);

  // A new inspector stays a draft until the loaded document holds them.
  const pending = draft && !inspectors.some((inspector) => inspector.id === draft.id) ? draft : null;
  const selected =
    (pending && selectedId === pending.id ? pending : undefined) ??
    inspectors.find((inspector) => inspector.id === selectedId) ??
    inspectors[0] ??
    pending ??
    undefined;
  const isNew = selected !== undefined && selected === pending;
  // The office's own date, whatever the clock of the person's computer says (house rule 6).
  const today = selected ? officeClockAt(officeTimeZone(document, selected.office), Date.now()).date : '';

  // Kept the same object between renders: the editor moves focus to the field it names once.
  const shownId = selected?.id;
  const refusal = useMemo((): InspectorRefusal | null => {
    const refused = refusedField(save.error);
    if (!refused || !sent || shownId !== sent.inspector.id) return null;
    const prefix = `inspectors.${sent.index}.`;
    return refused.path.startsWith(prefix)
      ? { path: refused.path.slice(prefix.length), message: refused.message, sent: sent.inspector }
      : null;
  }, [save.error, sent, shownId]);

  const saveDocument = (next: Document, about: SentSave | null) => {
    setOutcome(null);
    setSent(about);
    save.mutate({ base_version: version.version, document: next }, { onSuccess: setOutcome });
  };

  const saveInspector = (changed: DocumentInspector) => {
    const index = inspectors.findIndex((inspector) => inspector.id === changed.id);
    const list =
      index >= 0
        ? inspectors.map((inspector) => (inspector.id === changed.id ? changed : inspector))
        : [...inspectors, changed];
    saveDocument(
      { ...document, inspectors: list },
      { inspector: changed, index: index >= 0 ? index : inspectors.length },
    );
  };

  const addInspector = () => {
    const fresh = newInspector(
      { ...document, inspectors: pending ? [...inspectors, pending] : inspectors },
      configuration.highest_inspector_id,
    );
    setDraft(fresh);
    setSelectedId(fresh.id);
  };

  const removeSelected = () => {
    setRemoving(false);
    if (!selected) return;
    if (isNew) {
      setDraft(null);
      setSelectedId(null);
      return;
    }
    setSelectedId(null);
    saveDocument(withoutInspector(document, selected.id), null);
  };

  const deactivateSelected = () => {
    setRemoving(false);
    if (selected) saveInspector({ ...selected, active: false });
  };

  const listed = pending ? [...inspectors, pending] : inspectors;
  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Who visitors can book, when and where. You are editing version {version.version}; every save is a new version
        you can undo from History.
      </Typography>
      <SaveOutcome
        outcome={outcome}
        error={save.error}
        savedText={(saved) => `Saved as version ${saved}. Visitors see the new hours and areas now.`}
        onReload={loadNewest}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '240px minmax(0, 1fr)' },
          alignItems: 'start',
          mb: 2,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Paper variant="outlined" component="nav" aria-label="Inspectors">
            <List dense>
              {listed.map((inspector) => (
                <ListItem key={inspector.id} disablePadding>
                  <ListItemButton
                    selected={inspector.id === selected?.id}
                    aria-current={inspector.id === selected?.id ? 'true' : undefined}
                    onClick={() => setSelectedId(inspector.id)}
                  >
                    <ListItemText
                      primary={inspectorName(inspector)}
                      secondary={
                        [
                          inspector === pending ? 'Not saved yet' : inspector.active ? null : 'Takes no bookings',
                          calendarSummary(calendarsOf(inspector.id), now),
                        ]
                          .filter(Boolean)
                          .join(' · ') || null
                      }
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
          <Button
            type="button"
            variant="outlined"
            sx={{ mt: 1.5 }}
            disabled={pending !== null || save.isPending}
            onClick={addInspector}
          >
            Add an inspector
          </Button>
        </Box>
        {selected ? (
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="inspector-heading"
              sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}
            >
              <Typography component="h2" variant="h2" id="inspector-heading" sx={{ mb: 2 }}>
                {inspectorName(selected)}
              </Typography>
              <InspectorEditor
                key={selected.id}
                inspector={selected}
                services={services}
                busy={save.isPending}
                today={today}
                isNew={isNew}
                refusal={refusal}
                onSave={saveInspector}
                onRemove={() => (isNew ? removeSelected() : setRemoving(true))}
              />
              <RemoveInspectorDialog
                name={inspectorName(selected)}
                open={removing}
                active={selected.active && !isNew}
                onRemove={removeSelected}
                onDeactivate={deactivateSelected}
                onClose={() => setRemoving(false)}
              />
            </Paper>
            {managesCalendars && !isNew && (
              <CalendarConnections
                key={selected.id}
                companyKey={companyKey}
                inspectorId={selected.id}
                owner={{ kind: 'inspector', name: inspectorName(selected) }}
              />
            )}
          </Box>
        ) : (
          <Typography>The company has no inspectors yet. Add one to take bookings.</Typography>
        )}
      </Box>
      <AreaCheckSection inspectors={inspectors} gaps={gaps} byList={limits.byList} byWeekday={limits.byWeekday} />
    </>
  );
}
