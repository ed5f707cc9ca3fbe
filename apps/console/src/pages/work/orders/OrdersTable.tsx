import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AdminOrder } from '@scheduler/contracts/confirm';
import { formatMoney } from '@scheduler/domain/money-format';
import { Link as RouterLink } from 'react-router';
import { addressText, clientOf } from '../../../shared/order-text.ts';
import { clockText, shortDateText } from '../../../shared/time-text.ts';

/** "Tue 12/1/2026 9:30 AM EST": each order's own zone, as offices may sit in different ones. */
function whenText(order: AdminOrder): string {
  if (!order.local_date || !order.local_time) return 'No time';
  return `${shortDateText(order.local_date)} ${clockText(order.local_time)} ${order.zone_abbreviation ?? ''}`.trim();
}

const statusText = (order: AdminOrder) =>
  order.cancelled
    ? 'Cancelled'
    : order.status === 'confirmed'
      ? 'Booked'
      : order.status.charAt(0).toUpperCase() + order.status.slice(1);

/** A page of orders. Wider than a phone: it scrolls inside its own box, never the page. */
export function OrdersTable({ orders, companyKey }: { orders: readonly AdminOrder[]; companyKey: string }) {
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
      <Table size="small" sx={{ minWidth: 960 }} aria-label="Orders">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Client</TableCell>
            <TableCell>Address</TableCell>
            <TableCell>Inspectors</TableCell>
            <TableCell>Services</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell>Paid</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Link component={RouterLink} to={`/${encodeURIComponent(companyKey)}/orders/${order.id}`}>
                  {whenText(order)}
                </Link>
              </TableCell>
              <TableCell>{clientOf(order)}</TableCell>
              <TableCell>{addressText(order.address)}</TableCell>
              <TableCell>{order.inspectors.map((inspector) => inspector.name).join(', ') || '—'}</TableCell>
              <TableCell>{order.services.map((service) => service.name).join(', ')}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {order.total_cents === null ? '—' : formatMoney(order.total_cents, order.currency)}
              </TableCell>
              <TableCell>{order.paid ? 'Paid' : 'Not paid'}</TableCell>
              <TableCell>{statusText(order)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
