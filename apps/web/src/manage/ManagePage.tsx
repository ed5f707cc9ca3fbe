import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { lazyChunk } from '../shared/chunk-load.ts';
import type { OfficeContactDetails } from '../shared/OfficeContact.tsx';
import { StepSkeleton } from '../shared/StepSkeleton.tsx';
import { manageViewQueryOptions, useInvalidLinkContact, type ManageLink } from './api.ts';
import { InvalidLink } from './InvalidLink.tsx';
import { failureText, isInvalidLink, manageFailure } from './manage-errors.ts';
import { MANAGE_TOKEN_PATTERN as MANAGE_TOKEN } from '@scheduler/contracts/manage-limits';
import { ManageFrame } from './ManageFrame.tsx';
import { ManageNotice } from './ManageNotice.tsx';
import { manageTexts as t } from './manage-texts.ts';

// The screens, their calls and forms load while the booking is read: the route's own chunk stays
// small, and so does the list of chunks the wizard's first download carries for it.
const ManageFlow = lazyChunk(() => import('./ManageFlow.tsx'));

/** The page's frame (header, main, the office at the foot): the app's PageLayout, handed down by the router so that nothing here imports the app. */
export type ManageLayout = ComponentType<{
  header: {
    companyKey: string;
    officeUuid: string | null;
    companyName: string | null;
    phone: string | null;
    hideLogo: boolean;
    bannerHtml: string;
  };
  contact: OfficeContactDetails | null;
  children: ReactNode;
}>;

/**
 * `/{company_key}/manage/{token}` (issue 24): the "Manage your inspection" link of every
 * confirmation e-mail and SMS. The server serves the page with no first-load data; the booking is
 * read here, by the token in the API path (the only place the token goes). An unknown, revoked or
 * expired link, or one that is not a link's shape at all, says so.
 */
export default function ManagePage({ Layout }: { Layout: ManageLayout }) {
  const params = useParams();
  const link = useMemo<ManageLink>(
    () => ({ companyKey: params.companyKey ?? '', token: params.token ?? '' }),
    [params.companyKey, params.token],
  );
  const wellFormed = MANAGE_TOKEN.test(link.token);
  const query = useQuery({ ...manageViewQueryOptions(link), enabled: wellFormed });
  const invalid = !wellFormed || isInvalidLink(query.error);
  const view = invalid ? undefined : query.data;
  const company = useInvalidLinkContact(link.companyKey, invalid);

  const companyName = view?.company_name;
  useEffect(() => {
    // The invalid link's status page names itself.
    if (!invalid) document.title = companyName ? t.documentTitle(companyName) : t.title;
  }, [invalid, companyName]);

  const header = {
    companyKey: link.companyKey,
    officeUuid: null,
    companyName: view?.company_name ?? company?.company_name ?? null,
    phone: view?.office.office_phone ?? null,
    // The logo once the booking names the company: an invalid link may name none at all.
    hideLogo: !view,
    bannerHtml: '',
  };

  let content;
  if (invalid) {
    content = <InvalidLink company={company} />;
  } else if (query.isError && !view) {
    content = (
      <ManageFrame screen="failed" companyName={null} title={t.title}>
        <ManageNotice
          notice={{ tone: 'error', text: failureText(manageFailure(query.error) ?? { kind: 'other' }, '') }}
          phone=""
        />
        <Button variant="contained" size="large" onClick={() => void query.refetch()} sx={{ mt: 3 }}>
          {t.failure.tryAgain}
        </Button>
      </ManageFrame>
    );
  } else {
    content = (
      <Suspense fallback={<StepSkeleton />}>
        <ManageFlow link={link} view={view} />
      </Suspense>
    );
  }
  return (
    <Layout header={header} contact={view?.office ?? null}>
      {content}
    </Layout>
  );
}
