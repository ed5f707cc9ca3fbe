import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReportResponse } from '@scheduler/contracts/reports';
import { chartSummary, countText, monthText, moneyText } from './report-text.ts';

/**
 * Revenue and inspections by month as bars, revenue on the left axis and inspections on the
 * right. A screen reader hears the chart's summary; the table "By month" is its accessible form.
 */
export function RevenueChart({ report }: { report: ReportResponse }) {
  const currency = report.currency;
  const dataset = report.by_month.map((row) => ({
    month: monthText(row.month),
    revenue: row.revenue_cents,
    inspections: row.inspections,
  }));
  return (
    <Box role="img" aria-label={chartSummary(report.by_month, currency)} sx={{ width: '100%', minWidth: 0 }}>
      <BarChart
        dataset={dataset}
        height={300}
        xAxis={[{ scaleType: 'band', dataKey: 'month' }]}
        yAxis={[
          { id: 'revenue', valueFormatter: (cents: number) => moneyText(cents, currency), width: 80 },
          { id: 'inspections', position: 'right', valueFormatter: (n: number) => countText(n), width: 40 },
        ]}
        series={[
          {
            dataKey: 'revenue',
            label: 'Revenue',
            yAxisId: 'revenue',
            valueFormatter: (cents) => (cents === null ? '' : moneyText(cents, currency)),
          },
          { dataKey: 'inspections', label: 'Inspections', yAxisId: 'inspections' },
        ]}
      />
    </Box>
  );
}
