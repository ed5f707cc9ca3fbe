import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { visuallyHidden } from '@scheduler/ui/visually-hidden';
import {
  AGREEMENT_TEMPLATES_MAX,
  type AgreementTemplate,
  type AgreementTemplates,
} from '@scheduler/contracts/agreements';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { configurationQueryOptions } from '../../../shared/configuration.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { momentText } from '../../../shared/time-text.ts';
import { catalogueOf, sentForText, type Catalogue } from './agreement-form.ts';
import { agreementsQueryOptions } from './agreements-api.ts';
import { AgreementEditor } from './AgreementEditor.tsx';
import { SettingsSection } from './SettingsSection.tsx';

const TITLE = 'Agreements';

/**
 * /console/{key}/agreements (owners and admins, issue 43): how the company's agreements are
 * signed, and its templates, each sent with the orders it is for and signed online by the clients.
 */
export default function AgreementsPage() {
  const { companyKey, membership } = useCompany();
  const allowed = memberCan(membership, 'agreements.manage');
  const agreements = useQuery({ ...agreementsQueryOptions(companyKey), enabled: allowed });
  // The packages and services "Sent for" chooses from, as the other editors read them.
  const configuration = useQuery({ ...configurationQueryOptions(companyKey), enabled: allowed });
  const catalogue = useMemo<Catalogue>(
    () => (configuration.data ? catalogueOf(configuration.data.document) : { packages: [], services: [] }),
    [configuration.data],
  );

  let body;
  if (!allowed)
    body = <Typography>Only the company&apos;s owners and administrators change its agreements.</Typography>;
  else if (agreements.isPending || configuration.isPending) body = <Loading label="Loading the agreements…" />;
  else if (agreements.isError) body = <Failure error={agreements.error} onRetry={() => void agreements.refetch()} />;
  else if (configuration.isError)
    body = <Failure error={configuration.error} onRetry={() => void configuration.refetch()} />;
  else body = <Agreements companyKey={companyKey} data={agreements.data} catalogue={catalogue} />;

  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        What clients sign online before an inspection. Each agreement is filled with the order and sent by e-mail when
        the order is booked.
      </Typography>
      {body}
    </>
  );
}

type Editing = { kind: 'new' } | { kind: 'template'; id: string } | null;

function Agreements({
  companyKey,
  data,
  catalogue,
}: {
  companyKey: string;
  data: AgreementTemplates;
  catalogue: Catalogue;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The saved answer until the list is read again, so the editor shows the new version at once.
  const [justSaved, setJustSaved] = useState<AgreementTemplate | null>(null);
  const templateOf = (id: string): AgreementTemplate | null => {
    const listed = data.templates.find((template) => template.id === id) ?? null;
    if (
      justSaved?.id === id &&
      (!listed || listed.version < justSaved.version || listed.updated_at < justSaved.updated_at)
    )
      return justSaved;
    return listed;
  };
  const current = editing?.kind === 'template' ? templateOf(editing.id) : null;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const full = data.templates.length >= AGREEMENT_TEMPLATES_MAX;

  return (
    <>
      <SettingsSection companyKey={companyKey} settings={data.settings} />
      <PageSection title="The agreements">
        {data.templates.length === 0 ? (
          <Typography>No agreements yet. Clients are sent none until one is made.</Typography>
        ) : (
          <Box
            // A wide table scrolls in its box on a phone; relative, so the header's hidden words stay inside it too.
            sx={{ overflowX: 'auto', position: 'relative' }}
          >
            <Table size="small" aria-label="The agreements">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Sent for</TableCell>
                  <TableCell>Active</TableCell>
                  <TableCell>Version</TableCell>
                  <TableCell>Last saved</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      Edit
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.templates.map((template) => (
                  <TableRow key={template.id}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{template.name}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {sentForText(template.applies_to, catalogue)}
                    </TableCell>
                    <TableCell>{template.active ? 'Yes' : 'No'}</TableCell>
                    <TableCell>{template.version}</TableCell>
                    <TableCell>{momentText(template.updated_at, timeZone)}</TableCell>
                    <TableCell>
                      <Button
                        type="button"
                        size="small"
                        aria-label={`Edit ${template.name}`}
                        onClick={() => {
                          setNotice(null);
                          setEditing({ kind: 'template', id: template.id });
                        }}
                      >
                        Edit
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Button
            type="button"
            variant="outlined"
            disabled={full}
            onClick={() => {
              setNotice(null);
              setEditing({ kind: 'new' });
            }}
            sx={{ minHeight: 44 }}
          >
            New agreement
          </Button>
          {full && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              A company has at most {AGREEMENT_TEMPLATES_MAX} agreements: change one, or make one inactive.
            </Typography>
          )}
        </Box>
      </PageSection>
      <Box aria-live="polite">
        {notice && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
      </Box>
      {editing && (
        <AgreementEditor
          // A new version is a new start: the fields read the saved (sanitised) text.
          key={current ? `${current.id}:${current.version}:${current.updated_at}` : 'new'}
          companyKey={companyKey}
          template={current}
          catalogue={catalogue}
          placeholders={data.placeholders}
          onSaved={(saved, created) => {
            setJustSaved(saved);
            setEditing({ kind: 'template', id: saved.id });
            setNotice(
              created
                ? `“${saved.name}” is saved as version 1.`
                : `“${saved.name}” is saved; its current version is ${saved.version}.`,
            );
          }}
          onClose={() => {
            setEditing(null);
            setNotice(null);
          }}
        />
      )}
    </>
  );
}
