import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { companyApi } from '../../../shared/api.ts';
import { CursorPager } from '../../../shared/CursorPager.tsx';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { inspectorsQueryOptions, ordersQueryOptions, ordersQueryString } from '../../../shared/queries.ts';
import { OrdersFilterBar } from './OrdersFilterBar.tsx';
import { readOrdersFilters, withFilters } from './orders-filters.ts';
import { OrdersTable } from './OrdersTable.tsx';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import { keepChosenColumns, readChosenColumns, toggledColumn } from './order-columns.ts';

const PAGE_SIZES = [25, 50, 100, 200];
/** The API's default page size (consoleOrdersQuerySchema). */
const DEFAULT_PER_PAGE = 50;

/**
 * /console/{key}/orders: the company's orders, filtered and paged by the server (Next and Previous
 * by cursor, decision 0071), every filter and the page's cursor in the URL (a view can be shared
 * and reloaded), and every order the filters match as a CSV download.
 */
export default function OrdersPage() {
  const { companyKey, membership } = useCompany();
  const [params, setParams] = useSearchParams();
  const filters = readOrdersFilters(params);
  const orders = useQuery(ordersQueryOptions(companyKey, filters));
  // The inspectors to filter by: the company's, every office's (an inspector: only themself).
  const team = useQuery(inspectorsQueryOptions(companyKey));
  // The download is every order the filters match, not the page shown (all=true, streamed by the server).
  const { cursor: _cursor, per_page: _perPage, ...csvFilters } = filters;
  const csvQuery = ordersQueryString(csvFilters);
  const csvHref = companyApi(companyKey, `/orders.csv?${csvQuery}${csvQuery ? '&' : ''}all=true`);
  const perPage = filters.per_page ?? DEFAULT_PER_PAGE;
  // The columns this browser chose (the filters are the URL's; the columns are the person's own).
  const [columns, setColumns] = useState(() => readChosenColumns(globalThis.localStorage));
  const toggleColumn = (key: string) => {
    const next = toggledColumn(columns, key);
    keepChosenColumns(globalThis.localStorage, next);
    setColumns(next);
  };

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <PageHeading>Orders</PageHeading>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <ColumnsMenu chosen={columns} onToggle={toggleColumn} />
          <Button component="a" href={csvHref} variant="outlined" download>
            Download CSV
          </Button>
        </Box>
      </Box>
      <OrdersFilterBar
        key={filters.q ?? ''}
        filters={filters}
        inspectors={team.data?.inspectors ?? []}
        onChange={(change) => setParams(withFilters(params, change))}
      />
      {orders.isPending && <Loading label="Loading the orders…" />}
      {orders.isError && <Failure error={orders.error} onRetry={() => void orders.refetch()} />}
      {orders.data && (
        <>
          <Typography role="status" sx={{ mb: 1, color: 'text.secondary' }}>
            {orders.data.total === 0
              ? 'No orders match these filters.'
              : `${orders.data.total} order${orders.data.total === 1 ? '' : 's'}${orders.isFetching ? ' · Updating…' : ''}`}
          </Typography>
          {orders.data.orders.length > 0 && (
            <OrdersTable orders={orders.data.orders} companyKey={companyKey} columns={columns} />
          )}
          <CursorPager
            label="Pages of orders"
            sizes={PAGE_SIZES}
            perPage={perPage}
            onPerPage={(size) => setParams(withFilters(params, { per_page: size }))}
            atFirst={filters.cursor === undefined}
            previous={orders.data.previous_cursor}
            next={orders.data.next_cursor}
            onCursor={(cursor) => setParams(withFilters(params, { cursor }))}
          />
        </>
      )}
      {memberCan(membership, 'payments.ledger') && (
        <Typography sx={{ mt: 3 }}>
          Payments received, refunds and disputes, with their totals and CSV, are on the{' '}
          <Link component={RouterLink} to={`/${encodeURIComponent(companyKey)}/ledger`}>
            Payments page
          </Link>
          .
        </Typography>
      )}
    </>
  );
}
