import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import type { ReportResponse, ReportTable } from '@scheduler/contracts/reports';
import { countText, moneyText, monthText } from './report-text.ts';

const NUMBER = { align: 'right', sx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } } as const;

export interface Column<Row> {
  title: string;
  cell: (row: Row) => ReactNode;
  number?: boolean;
}

/**
 * One of the report's tables under its h2, its CSV beside the heading. The table scrolls sideways
 * in a named region of its own when the screen is narrower, never the page; the region takes
 * focus, so a keyboard can scroll it too.
 */
export function FigureTable<Row>({
  title,
  note,
  rows,
  columns,
  rowKey,
  csvHref,
  empty,
}: {
  title: string;
  note?: string;
  rows: readonly Row[];
  columns: ReadonlyArray<Column<Row>>;
  rowKey: (row: Row) => string;
  /** Its CSV; none for a table whose figures only another table's CSV holds. */
  csvHref?: string;
  empty: string;
}) {
  const id = useId();
  return (
    <Box sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography component="h2" variant="h2" id={id}>
          {title}
        </Typography>
        {csvHref && (
          <Button
            component="a"
            href={csvHref}
            download
            variant="outlined"
            size="small"
            aria-label={`Download CSV: ${title}`}
          >
            Download CSV
          </Button>
        )}
      </Box>
      {note && <Typography sx={{ mb: 1, color: 'text.secondary' }}>{note}</Typography>}
      {rows.length === 0 ? (
        <Typography>{empty}</Typography>
      ) : (
        <TableContainer
          tabIndex={0}
          role="region"
          aria-labelledby={id}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
        >
          <Table size="small" aria-labelledby={id} sx={{ minWidth: 120 * columns.length }}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.title} component="th" scope="col" {...(column.number ? NUMBER : {})}>
                    {column.title}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={rowKey(row)}>
                  {columns.map((column, index) => (
                    <TableCell
                      key={column.title}
                      {...(index === 0 ? { component: 'th', scope: 'row' } : {})}
                      {...(column.number ? NUMBER : {})}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

interface Figures {
  inspections: number;
  cancelled: number;
  revenue_cents: number;
}

/** The three columns every figure table ends with: inspections, cancellations and revenue. */
export function figureColumns<Row extends Figures>(currency: string): Array<Column<Row>> {
  return [
    { title: 'Inspections', cell: (row) => countText(row.inspections), number: true },
    { title: 'Cancelled', cell: (row) => countText(row.cancelled), number: true },
    { title: 'Revenue', cell: (row) => moneyText(row.revenue_cents, currency), number: true },
  ];
}

/** A report's headline: its figures as a list of terms and values, in a row of boxes. */
export function FigureList({ figures, columns }: { figures: ReadonlyArray<[string, string]>; columns: number }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${columns}, minmax(0, 1fr))` },
        gap: 1.5,
        m: 0,
        mb: 2,
      }}
    >
      {figures.map(([term, value]) => (
        <Box key={term} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, bgcolor: 'background.paper' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '1.25rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The report's four tables, each with the link to its CSV. */
export function ReportTables({
  report,
  csvHref,
}: {
  report: ReportResponse;
  csvHref: (table: ReportTable) => string;
}) {
  const money = (cents: number) => moneyText(cents, report.currency);
  const figures = <Row extends Figures>() => figureColumns<Row>(report.currency);
  type Month = ReportResponse['by_month'][number];
  type Inspector = ReportResponse['by_inspector'][number];
  type Service = ReportResponse['by_service'][number];
  type Agent = ReportResponse['by_agent'][number];
  return (
    <>
      <FigureTable<Month>
        title="By month"
        rows={report.by_month}
        columns={[{ title: 'Month', cell: (row) => monthText(row.month) }, ...figures<Month>()]}
        rowKey={(row) => row.month}
        csvHref={csvHref('by_month')}
        empty="No months."
      />
      <FigureTable<Inspector>
        title="By inspector"
        note="An inspection two inspectors share counts, with its whole amount, for each of them."
        rows={report.by_inspector}
        columns={[{ title: 'Inspector', cell: (row) => row.name }, ...figures<Inspector>()]}
        rowKey={(row) => String(row.inspector_id)}
        csvHref={csvHref('by_inspector')}
        empty="No inspections in these months."
      />
      <FigureTable<Service>
        title="By service"
        note="Packages and services of the inspections booked, at their own prices before taxes, charges and coupons."
        rows={report.by_service}
        columns={[
          { title: 'Package or service', cell: (row) => row.name },
          { title: 'Kind', cell: (row) => (row.kind === 'package' ? 'Package' : 'Service') },
          { title: 'Inspections', cell: (row) => countText(row.orders), number: true },
          { title: 'Amount', cell: (row) => money(row.amount_cents), number: true },
        ]}
        rowKey={(row) => `${row.kind}:${row.id}`}
        csvHref={csvHref('by_service')}
        empty="No packages or services booked in these months."
      />
      <FigureTable<Agent>
        title="By buyer's agent"
        note="The 50 agents with the most inspections booked; the others added up in the last row."
        rows={report.by_agent}
        columns={[
          { title: 'Agent', cell: (row) => row.name ?? 'Others' },
          { title: 'Inspections', cell: (row) => countText(row.orders), number: true },
          { title: 'Revenue', cell: (row) => money(row.revenue_cents), number: true },
        ]}
        rowKey={(row) => row.name ?? '\u0000others'}
        csvHref={csvHref('by_agent')}
        empty="No buyer's agent on the inspections of these months."
      />
    </>
  );
}
