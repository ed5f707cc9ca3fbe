import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { ConsoleOrderDetail } from '@scheduler/contracts/console';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { AgreementsSection } from './AgreementsSection.tsx';
import { FollowUpsSection } from './FollowUpsSection.tsx';
import { MessagesSection } from './MessagesSection.tsx';
import { PaymentsSection } from './PaymentsSection.tsx';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { orderQueryOptions } from '../../../shared/queries.ts';
import { orderWhenText } from '../../../shared/time-text.ts';
import { CancelDialog } from './CancelDialog.tsx';
import { EditOrderDialog } from './EditOrderDialog.tsx';
import { HistorySection, PeopleSection, PriceSection, PropertySection, Section } from './OrderSections.tsx';
import { sourceText } from './order-source.ts';
import { RefundNotices } from './RefundNotices.tsx';
import { RescheduleDialog } from '../../../shared/RescheduleDialog.tsx';

const STATE_CHIP = {
  booked: { label: 'Booked', color: 'success' },
  cancelled: { label: 'Cancelled', color: 'error' },
  over: { label: 'Done', color: 'default' },
} as const;

/** /console/{key}/orders/{id}: everything the order holds, and (owner, admin, office) reschedule, edit and cancel. */
export default function OrderPage() {
  const { companyKey } = useCompany();
  const orderId = useParams().orderId ?? '';
  const detail = useQuery(orderQueryOptions(companyKey, orderId));

  return (
    <>
      <Link
        component={RouterLink}
        to={`/${encodeURIComponent(companyKey)}/orders`}
        sx={{ display: 'inline-block', mb: 1 }}
      >
        ‹ All orders
      </Link>
      {detail.isPending && (
        <>
          <PageHeading>Order</PageHeading>
          <Loading label="Loading the order…" />
        </>
      )}
      {detail.isError && (
        <>
          <PageHeading>Order</PageHeading>
          <Failure error={detail.error} onRetry={() => void detail.refetch()} />
        </>
      )}
      {detail.data && <OrderDetail detail={detail.data} companyKey={companyKey} />}
    </>
  );
}

function OrderDetail({ detail, companyKey }: { detail: ConsoleOrderDetail; companyKey: string }) {
  const { order, view } = detail;
  const { membership } = useCompany();
  const [dialog, setDialog] = useState<'reschedule' | 'cancel' | 'edit' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const state = STATE_CHIP[view.order.state];
  const changeable = detail.can_change && view.order.state === 'booked';
  const editable = memberCan(membership, 'orders.edit') && view.order.state === 'booked';
  const source = sourceText(order.attribution, detail.booked_by === 'online');

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <PageHeading>Order {view.order.reference}</PageHeading>
        <Chip label={state.label} color={state.color} sx={{ mb: 2 }} />
      </Box>
      {done && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      <RefundNotices payments={detail.payments_to_refund} timeZone={order.time_zone} />
      {detail.agreement_unsigned && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The agreement is not signed yet: Agreements, below, says who has not signed.
        </Alert>
      )}
      <Section title="Appointment">
        <Typography sx={{ fontWeight: 650 }}>{orderWhenText(order) ?? 'No time set'}</Typography>
        <Typography>
          Inspectors: {order.inspectors.map((inspector) => inspector.name).join(', ') || 'none yet'}
        </Typography>
        <Typography>Services: {order.services.map((service) => service.name).join(', ')}</Typography>
        <Typography>
          {detail.booked_by === 'online' ? 'Booked online' : `Booked by ${detail.booked_by}`}
          {order.reschedule_count > 0
            ? ` · moved ${order.reschedule_count} time${order.reschedule_count === 1 ? '' : 's'}`
            : ''}
        </Typography>
        {source && <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{source}</Typography>}
        {order.cancelled?.reason && <Typography>Cancellation reason: {order.cancelled.reason}</Typography>}
        {(changeable || editable) && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            {changeable && (
              <Button variant="contained" onClick={() => setDialog('reschedule')}>
                Reschedule
              </Button>
            )}
            {editable && (
              <Button variant="outlined" onClick={() => setDialog('edit')}>
                Edit the order
              </Button>
            )}
            {changeable && (
              <Button variant="outlined" color="error" onClick={() => setDialog('cancel')}>
                Cancel the inspection
              </Button>
            )}
          </Box>
        )}
      </Section>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mt: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <PeopleSection people={order.people} />
        <PropertySection order={order} />
        <PriceSection detail={detail} />
        {memberCan(membership, 'payments.record') && <PaymentsSection detail={detail} companyKey={companyKey} />}
        <Section title="Notes">
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {order.special_note || 'No notes.'}
          </Typography>
        </Section>
        <HistorySection order={order} />
        <MessagesSection detail={detail} companyKey={companyKey} />
        <AgreementsSection detail={detail} companyKey={companyKey} />
        <FollowUpsSection detail={detail} companyKey={companyKey} />
      </Box>
      {dialog === 'reschedule' && (
        <RescheduleDialog
          open
          detail={detail}
          companyKey={companyKey}
          onClose={() => setDialog(null)}
          onMoved={(when) => {
            setDialog(null);
            setDone(`Moved to ${when}.`);
          }}
        />
      )}
      {dialog === 'edit' && (
        <EditOrderDialog
          orderId={order.id}
          companyKey={companyKey}
          onClose={() => setDialog(null)}
          onSaved={(text) => {
            setDialog(null);
            setDone(text);
          }}
        />
      )}
      {dialog === 'cancel' && (
        <CancelDialog
          open
          detail={detail}
          companyKey={companyKey}
          onClose={() => setDialog(null)}
          onCancelled={() => {
            setDialog(null);
            setDone('The inspection is cancelled.');
          }}
        />
      )}
    </>
  );
}
