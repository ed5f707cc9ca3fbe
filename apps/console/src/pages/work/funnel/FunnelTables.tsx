import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import type { OfficeFunnel } from '@scheduler/contracts/analytics';
import { shortDateText } from '../../../shared/time-text.ts';
import { countText, funnelRows, percentText, sourceLabel, type Drop } from './funnel-figures.ts';

const NUMBER = { align: 'right', sx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } } as const;

/**
 * A table under its h2, in a box of its own that scrolls sideways when the screen is narrower than
 * the table, never the page; the box takes focus, so a keyboard can scroll it too.
 */
function ScrollTable({
  title,
  minWidth,
  head,
  children,
}: {
  title: string;
  minWidth: number;
  head: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <>
      <Typography component="h2" variant="h2" id={id} sx={{ mt: 3, mb: 1 }}>
        {title}
      </Typography>
      <TableContainer
        tabIndex={0}
        role="region"
        aria-labelledby={id}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
      >
        <Table size="small" aria-labelledby={id} sx={{ minWidth }}>
          <TableHead>{head}</TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

/** The span's sessions through the office's steps, the step most visitors leave at marked. */
export function StepsTable({ office, drop }: { office: OfficeFunnel; drop: Drop | null }) {
  const started = office.totals.started;
  return (
    <ScrollTable
      title="Step by step"
      minWidth={420}
      head={
        <TableRow>
          <TableCell component="th" scope="col">
            Step
          </TableCell>
          <TableCell component="th" scope="col" {...NUMBER}>
            Sessions
          </TableCell>
          <TableCell component="th" scope="col" {...NUMBER}>
            Share of started
          </TableCell>
          <TableCell component="th" scope="col" {...NUMBER}>
            Left at this step
          </TableCell>
        </TableRow>
      }
    >
      {funnelRows(office).map((row) => {
        const biggest = drop !== null && row.step === drop.step;
        return (
          <TableRow
            key={row.label}
            sx={
              biggest
                ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.14), '& > *': { fontWeight: 700 } }
                : undefined
            }
          >
            <TableCell component="th" scope="row">
              {row.label}
            </TableCell>
            <TableCell {...NUMBER}>{countText(row.sessions)}</TableCell>
            <TableCell {...NUMBER}>{percentText(row.sessions, started)}</TableCell>
            <TableCell {...NUMBER}>
              {row.left === null ? '—' : `${countText(row.left)} (${percentText(row.left, row.sessions)})`}
            </TableCell>
          </TableRow>
        );
      })}
    </ScrollTable>
  );
}

/**
 * The span's visits by the source their link named (issue 42): started, reached the review,
 * booked online, and the share booked. The sources are the visitors' links' words, shown as written.
 */
export function SourcesTable({ office }: { office: OfficeFunnel }) {
  // Every mode's steps end at the review (the route table).
  const review = office.step_order.indexOf('review');
  return (
    <ScrollTable
      title="By source"
      minWidth={420}
      head={
        <TableRow>
          <TableCell component="th" scope="col">
            Source
          </TableCell>
          <TableCell component="th" scope="col" {...NUMBER}>
            Started
          </TableCell>
          <TableCell component="th" scope="col" {...NUMBER}>
            Reached review
          </TableCell>
          <TableCell component="th" scope="col" {...NUMBER}>
            Confirmed
          </TableCell>
          <TableCell component="th" scope="col" {...NUMBER}>
            Conversion
          </TableCell>
        </TableRow>
      }
    >
      {office.sources.map((row) => (
        <TableRow key={row.source ?? ''}>
          <TableCell component="th" scope="row">
            {/* A visitor's link may name a source of any length: it wraps, but never narrower than a word or two. */}
            <Box
              component="span"
              sx={{ display: 'block', minWidth: '8rem', maxWidth: '16rem', overflowWrap: 'anywhere' }}
            >
              {sourceLabel(row.source)}
            </Box>
          </TableCell>
          <TableCell {...NUMBER}>{countText(row.started)}</TableCell>
          <TableCell {...NUMBER}>{countText(row.reached[review] ?? 0)}</TableCell>
          <TableCell {...NUMBER}>{countText(row.confirmed)}</TableCell>
          <TableCell {...NUMBER}>{percentText(row.confirmed, row.started)}</TableCell>
        </TableRow>
      ))}
    </ScrollTable>
  );
}

/** Each day of the span: visits started, booked online, the share booked, and the bookings made apart. */
export function DaysTable({ office }: { office: OfficeFunnel }) {
  return (
    <ScrollTable
      title="Day by day"
      minWidth={440}
      head={
        <TableRow>
          <TableCell component="th" scope="col">
            Date
          </TableCell>
          <TableCell component="th" scope="col" {...NUMBER}>
            Started
          </TableCell>
          <TableCell component="th" scope="col" {...NUMBER}>
            Confirmed
          </TableCell>
          <TableCell component="th" scope="col" {...NUMBER}>
            Conversion
          </TableCell>
          <TableCell component="th" scope="col" {...NUMBER}>
            By phone or API
          </TableCell>
        </TableRow>
      }
    >
      {office.days.map((day) => (
        <TableRow key={day.date}>
          <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
            {shortDateText(day.date)}
          </TableCell>
          <TableCell {...NUMBER}>{countText(day.started)}</TableCell>
          <TableCell {...NUMBER}>{countText(day.confirmed)}</TableCell>
          <TableCell {...NUMBER}>{percentText(day.confirmed, day.started)}</TableCell>
          <TableCell {...NUMBER}>{countText(day.booked_by_phone + day.booked_by_api)}</TableCell>
        </TableRow>
      ))}
    </ScrollTable>
  );
}
