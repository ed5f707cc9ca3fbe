import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { companyApi } from '../../../shared/api.ts';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { inspectorsQueryOptions, ordersQueryOptions, ordersQueryString } from '../../../shared/queries.ts';
import { OrdersFilterBar } from './OrdersFilterBar.tsx';
import { readOrdersFilters, withFilters } from './orders-filters.ts';
import { OrdersTable } from './OrdersTable.tsx';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import { PaymentsReceived } from './PaymentsReceived.tsx';
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
  // The reconciliation asks for its own rows only once the office opens it.
  const [reconciling, setReconciling] = useState(false);
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
          <Box
            component="nav"
            aria-label="Pages of orders"
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}
          >
            <TextField
              select
              size="small"
              label="Per page"
              value={perPage}
              onChange={(event) => setParams(withFilters(params, { per_page: Number(event.target.value) }))}
              sx={{ minWidth: 110 }}
            >
              {PAGE_SIZES.map((size) => (
                <MenuItem key={size} value={size}>
                  {size}
                </MenuItem>
              ))}
            </TextField>
            <Button
              disabled={filters.cursor === undefined}
              onClick={() => setParams(withFilters(params, { cursor: undefined }))}
            >
              First page
            </Button>
            <Button
              disabled={orders.data.previous_cursor === null}
              onClick={() => setParams(withFilters(params, { cursor: orders.data.previous_cursor ?? undefined }))}
            >
              Previous page
            </Button>
            <Button
              disabled={orders.data.next_cursor === null}
              onClick={() => setParams(withFilters(params, { cursor: orders.data.next_cursor ?? undefined }))}
            >
              Next page
            </Button>
          </Box>
        </>
      )}
      {memberCan(membership, 'payments.record') &&
        (reconciling ? (
          <PaymentsReceived companyKey={companyKey} />
        ) : (
          <Button variant="text" onClick={() => setReconciling(true)} sx={{ mt: 2 }}>
            Show payments received
          </Button>
        ))}
    </>
  );
}
