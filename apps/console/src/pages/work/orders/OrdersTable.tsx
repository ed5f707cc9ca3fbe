import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ConsoleListedOrder } from '@scheduler/contracts/console';
import { Link as RouterLink } from 'react-router';
import { ORDER_COLUMNS } from './order-columns.ts';

/** A page of orders, in the columns chosen. Wider than a phone: it scrolls inside its own box, never the page. */
export function OrdersTable({
  orders,
  companyKey,
  columns,
}: {
  orders: readonly ConsoleListedOrder[];
  companyKey: string;
  /** The keys of the columns shown (order-columns.ts), "when" among them. */
  columns: readonly string[];
}) {
  const shown = ORDER_COLUMNS.filter((column) => columns.includes(column.key));
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
      <Table size="small" sx={{ minWidth: Math.min(960, 120 * shown.length) }} aria-label="Orders">
        <TableHead>
          <TableRow>
            {shown.map((column) => (
              <TableCell key={column.key} align={column.align}>
                {column.title}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id} hover>
              {shown.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sx={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {column.key === 'when' ? (
                    <>
                      <Link component={RouterLink} to={`/${encodeURIComponent(companyKey)}/orders/${order.id}`}>
                        {column.text(order)}
                      </Link>
                      {/* In the cell every choice of columns keeps, so the office never loses sight of it. */}
                      {order.agreement_pending && (
                        <Chip
                          size="small"
                          color="warning"
                          variant="outlined"
                          label="Agreement not signed"
                          sx={{ ml: 1, verticalAlign: 'middle' }}
                        />
                      )}
                    </>
                  ) : (
                    column.text(order)
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
