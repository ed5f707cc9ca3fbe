import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo } from 'react';
import { useParams } from 'react-router';
import type { SigningView } from '@scheduler/contracts/agreements';
import { MANAGE_TOKEN_PATTERN as SIGNING_TOKEN } from '@scheduler/contracts/manage-limits';
import { useInvalidLinkContact } from '../manage/api.ts';
import { InvalidLink } from '../manage/InvalidLink.tsx';
import { ManageFrame } from '../manage/ManageFrame.tsx';
import type { ManageLayout } from '../manage/ManagePage.tsx';
import { Notice } from '../shared/Notice.tsx';
import { SafeHtml } from '../shared/SafeHtml.tsx';
import { StepSkeleton } from '../shared/StepSkeleton.tsx';
import { signedPdfPath, signingFailure, signingViewQueryOptions, useSign, type SigningLink } from './api.ts';
import { signedAtText } from './signed-at.ts';
import { createDrawingPad, type DrawingPadFactory } from './signature-pad.ts';
import { SigningForm } from './SigningForm.tsx';
import { signingTexts as t } from './signing-texts.ts';

/**
 * `/{company_key}/sign/{token}` (issue 43, decision 0080): the agreement's signing link of its
 * e-mail. The server serves the page with no first-load data; the agreement is read here, by the
 * token in the API path. A link that is unknown, voided or tampered with, or not a link's shape
 * at all, is one "not valid" page that names nothing of the order.
 *
 * `createPad` makes the drawing pad (signature_pad); the component tests hand one of their own.
 */
export default function SigningPage({
  Layout,
  createPad = createDrawingPad,
}: {
  Layout: ManageLayout;
  createPad?: DrawingPadFactory;
}) {
  const params = useParams();
  const link = useMemo<SigningLink>(
    () => ({
      companyKey: params.companyKey ?? '',
      token: params.token ?? '',
      ...(params.agreementId ? { agreementId: params.agreementId } : {}),
    }),
    [params.companyKey, params.token, params.agreementId],
  );
  const wellFormed = SIGNING_TOKEN.test(link.token);
  const query = useQuery({ ...signingViewQueryOptions(link), enabled: wellFormed });
  const sign = useSign(link);
  const invalid =
    !wellFormed ||
    signingFailure(query.error)?.kind === 'invalid-link' ||
    signingFailure(sign.error)?.kind === 'invalid-link';
  const view = invalid ? undefined : query.data;
  const company = useInvalidLinkContact(link.companyKey, invalid);

  const title = view?.title;
  const companyName = view?.company_name;
  useEffect(() => {
    // The invalid link's status page names itself.
    if (!invalid) document.title = title && companyName ? t.documentTitle(title, companyName) : t.loadingTitle;
  }, [invalid, title, companyName]);

  const header = {
    companyKey: link.companyKey,
    officeUuid: null,
    companyName: view?.company_name ?? company?.company_name ?? null,
    phone: null,
    hideLogo: !view,
    bannerHtml: '',
  };

  let content;
  if (invalid) {
    content = <InvalidLink company={company} words={t.invalid} />;
  } else if (view) {
    content = <SigningScreen view={view} link={link} sign={sign} createPad={createPad} />;
  } else if (query.isError) {
    content = (
      <ManageFrame screen="sign-failed" companyName={null} title={t.loadingTitle}>
        <Notice severity="error">{t.failure.loadFailed}</Notice>
        <Button variant="contained" size="large" onClick={() => void query.refetch()} sx={{ mt: 3 }}>
          {t.failure.tryAgain}
        </Button>
      </ManageFrame>
    );
  } else {
    content = <StepSkeleton />;
  }
  return (
    <Layout header={header} contact={null}>
      {content}
    </Layout>
  );
}

/** The agreement: who sends it, for which inspection, the document itself, then the form or where the signing stands. */
function SigningScreen({
  view,
  link,
  sign,
  createPad,
}: {
  view: SigningView;
  link: SigningLink;
  sign: ReturnType<typeof useSign>;
  createPad: DrawingPadFactory;
}) {
  const id = useId();
  return (
    <ManageFrame screen={`sign:${view.state}`} companyName={view.company_name} title={view.title}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, m: 0 }}
      >
        <Typography component="dt" sx={{ color: 'text.secondary', fontWeight: 600 }}>
          {t.appointment}
        </Typography>
        <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0.5 } }}>
          {view.appointment}
        </Typography>
        <Typography component="dt" sx={{ color: 'text.secondary', fontWeight: 600 }}>
          {t.address}
        </Typography>
        <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {view.address}
        </Typography>
      </Box>
      <Box component="section" aria-labelledby={`${id}-document`} sx={{ mt: 3 }}>
        <Typography variant="h2" id={`${id}-document`} sx={{ mb: 1.5 }}>
          {t.document}
        </Typography>
        <SafeHtml
          html={view.html}
          data-testid="agreement-document"
          sx={{ overflowWrap: 'anywhere', '& p': { mt: 0, mb: 1.5 }, '& h3, & h4': { mt: 2, mb: 1 } }}
        />
      </Box>
      {view.state === 'pending' ? (
        <SigningForm
          consentText={view.consent_text}
          createPad={createPad}
          sink={{
            give: (signature, callbacks) =>
              sign.mutate({ ...signature, document_sha256: view.document_sha256 }, callbacks),
            isPending: sign.isPending,
            isError: sign.isError,
            error: sign.error,
          }}
        />
      ) : (
        <SignedState view={view} link={link} />
      )}
    </ManageFrame>
  );
}

function SignedState({ view, link }: { view: SigningView; link: SigningLink }) {
  const id = useId();
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-signed`}
      sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 1.5 }}
    >
      <Typography variant="h2" id={`${id}-signed`}>
        {t.signed.heading}
      </Typography>
      {/* Announced when it replaces the form: the signature went through. */}
      <Typography role="status">
        {view.signer.signed_at ? t.signed.at(signedAtText(view.signer.signed_at, view.time_zone)) : ''}
      </Typography>
      {view.state === 'signed' ? (
        <Typography>{t.signed.othersPending}</Typography>
      ) : (
        <>
          <Typography>{t.signed.complete}</Typography>
          <Box>
            <Link href={signedPdfPath(link)} download underline="always" sx={{ fontWeight: 600 }}>
              {t.signed.pdf}
            </Link>
          </Box>
        </>
      )}
    </Box>
  );
}
