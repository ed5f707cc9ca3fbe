import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AgreementTemplate } from '@scheduler/contracts/agreements';
import { visuallyHidden } from '@scheduler/ui/visually-hidden';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { momentText } from '../../../shared/time-text.ts';
import { agreementVersionQueryOptions } from './agreements-api.ts';
import { AgreementHtml } from './AgreementHtml.tsx';

/** The versions of a template, newest first: who saved each and when, and any one read as it was. */
export function VersionsSection({ companyKey, template }: { companyKey: string; template: AgreementTemplate }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Box component="section" aria-labelledby={`versions-${template.id}`} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography id={`versions-${template.id}`} component="h3" variant="h3" sx={{ fontSize: '1.1rem' }}>
        Versions
      </Typography>
      <Box
        // A wide table scrolls in its box on a phone; relative, so the header's hidden words stay inside it too.
        sx={{ overflowX: 'auto', position: 'relative' }}
      >
        <Table size="small" aria-label={`Versions of “${template.name}”`}>
          <TableHead>
            <TableRow>
              <TableCell>Version</TableCell>
              <TableCell>Saved</TableCell>
              <TableCell>By</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Read
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {template.versions.map((version) => (
              <TableRow key={version.version}>
                <TableCell>
                  {version.version}
                  {version.version === template.version ? ' (current)' : ''}
                </TableCell>
                <TableCell>{momentText(version.created_at, timeZone)}</TableCell>
                <TableCell>{version.created_by}</TableCell>
                <TableCell>
                  <Button
                    type="button"
                    size="small"
                    aria-expanded={viewing === version.version}
                    onClick={() => setViewing(viewing === version.version ? null : version.version)}
                  >
                    {viewing === version.version
                      ? `Hide version ${version.version}`
                      : `View version ${version.version}`}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {viewing !== null && <PastVersion companyKey={companyKey} templateId={template.id} version={viewing} />}
    </Box>
  );
}

function PastVersion({ companyKey, templateId, version }: { companyKey: string; templateId: string; version: number }) {
  const detail = useQuery(agreementVersionQueryOptions(companyKey, templateId, version));
  if (detail.isPending) return <Loading label={`Loading version ${version}…`} />;
  if (detail.isError) return <Failure error={detail.error} onRetry={() => void detail.refetch()} />;
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography sx={{ fontWeight: 700 }}>
        Version {detail.data.version}: {detail.data.name} (read only)
      </Typography>
      <AgreementHtml html={detail.data.body_html} label={`Version ${detail.data.version}`} />
    </Box>
  );
}
