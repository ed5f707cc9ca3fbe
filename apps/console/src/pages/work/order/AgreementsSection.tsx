import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { AgreementSigner, OrderAgreement } from '@scheduler/contracts/agreements';
import type { ConsoleOrderDetail } from '@scheduler/contracts/console';
import { failureText } from '../../../shared/api.ts';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { momentText } from '../../../shared/time-text.ts';
import { agreementPdfPath, orderAgreementsQueryOptions, useResendSigningLink } from './agreements-api.ts';
import { Section } from './OrderSections.tsx';

const STATUS_CHIP = {
  pending: { label: 'Waiting for signatures', color: 'warning' },
  signed: { label: 'Signed', color: 'success' },
  voided: { label: 'Voided', color: 'default' },
} as const;

const REQUIRED_WORDS = { one: 'One of the signers must sign', all: 'All the signers must sign' } as const;

/**
 * The agreements sent with the order (issue 43, decision 0080): each with its version, where its
 * signing stands, and each signer's sent, opened and signed times on the office's clock. Who may
 * change orders sends an unsigned signer their link again; a signed agreement's PDF downloads with
 * the SHA-256 it was sealed with, to check a copy against. An order with none shows nothing.
 */
export function AgreementsSection({ detail, companyKey }: { detail: ConsoleOrderDetail; companyKey: string }) {
  const orderId = detail.order.id;
  const agreements = useQuery(orderAgreementsQueryOptions(companyKey, orderId));
  const { membership } = useCompany();
  const canResend = memberCan(membership, 'orders.change');
  const resend = useResendSigningLink(companyKey, orderId);

  if (agreements.isPending) return null;
  if (agreements.isError)
    return (
      <Section title="Agreements">
        <Failure error={agreements.error} onRetry={() => void agreements.refetch()} />
      </Section>
    );
  if (agreements.data.agreements.length === 0) return null;

  const resentTo = agreements.data.agreements
    .flatMap((agreement) => agreement.signers)
    .find((signer) => signer.id === resend.variables?.signerId);
  return (
    <Section title="Agreements">
      <Typography role="status" sx={{ mb: resend.isIdle ? 0 : 1 }}>
        {resend.isSuccess && resentTo
          ? `The signing link goes to ${resentTo.email} again.`
          : resend.isError
            ? `Not sent again: ${failureText(resend.error)}`
            : ''}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {agreements.data.agreements.map((agreement) => (
          <Agreement
            key={agreement.id}
            agreement={agreement}
            timeZone={detail.order.time_zone}
            pdfHref={agreementPdfPath(companyKey, orderId, agreement.id)}
            onResend={
              canResend && agreement.status === 'pending'
                ? (signer) => resend.mutate({ agreementId: agreement.id, signerId: signer.id })
                : null
            }
            resending={resend.isPending}
          />
        ))}
      </Box>
    </Section>
  );
}

function Agreement({
  agreement,
  timeZone,
  pdfHref,
  onResend,
  resending,
}: {
  agreement: OrderAgreement;
  timeZone: string;
  pdfHref: string;
  /** Null: no link is sent again (the member may not, or the agreement is signed or voided). */
  onResend: ((signer: AgreementSigner) => void) | null;
  resending: boolean;
}) {
  const chip = STATUS_CHIP[agreement.status];
  return (
    <Box component="article" aria-label={agreement.title} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h3" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {agreement.title}{' '}
          <Typography component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            · version {agreement.version}
          </Typography>
        </Typography>
        <Chip size="small" label={chip.label} color={chip.color} />
      </Box>
      <Typography sx={{ color: 'text.secondary' }}>
        {REQUIRED_WORDS[agreement.signers_required]} · sent {momentText(agreement.created_at, timeZone)}
      </Typography>
      {agreement.signed_at && <Typography>Complete on {momentText(agreement.signed_at, timeZone)}</Typography>}
      {agreement.voided_at && <Typography>Voided on {momentText(agreement.voided_at, timeZone)}</Typography>}
      <Box component="ul" aria-label={`Signers of ${agreement.title}`} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {agreement.signers.map((signer) => (
          <Box component="li" key={signer.id} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
            <Typography sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>
              {signer.name}{' '}
              <Typography component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                · {signer.email}
              </Typography>
            </Typography>
            <Typography variant="body2">
              {signer.sent_at ? `Sent ${momentText(signer.sent_at, timeZone)}` : 'Waiting to send'}
            </Typography>
            <Typography variant="body2">
              {signer.opened_at ? `Opened ${momentText(signer.opened_at, timeZone)}` : 'Not opened yet'}
            </Typography>
            <Typography variant="body2" sx={signer.signed_at ? { fontWeight: 650 } : undefined}>
              {signer.signed_at ? `Signed ${momentText(signer.signed_at, timeZone)}` : 'Not signed'}
            </Typography>
            {onResend && !signer.signed_at && (
              <Button
                size="small"
                variant="outlined"
                disabled={resending}
                aria-label={`Resend the signing link to ${signer.name} (${signer.email})`}
                onClick={() => onResend(signer)}
                sx={{ mt: 0.5 }}
              >
                Resend
              </Button>
            )}
          </Box>
        ))}
      </Box>
      {agreement.status === 'signed' && (
        <Box sx={{ mt: 1 }}>
          <Link href={pdfHref} download aria-label={`Download PDF: ${agreement.title}`}>
            Download PDF
          </Link>
          {agreement.pdf_sha256 && (
            <Typography
              variant="caption"
              component="p"
              sx={{ color: 'text.secondary', fontFamily: 'monospace', overflowWrap: 'anywhere' }}
            >
              SHA-256 {agreement.pdf_sha256}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
