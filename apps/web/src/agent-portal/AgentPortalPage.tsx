import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import {
  AGENT_AGENCY_MAX,
  AGENT_PHONE_MAX,
  AGENT_TOKEN_PATTERN,
  type AgentOrder,
  type AgentProfile,
} from '@scheduler/contracts/agent-portal';
import { ApiError } from '@scheduler/ui/api-error';
import { ManageFrame } from '../manage/ManageFrame.tsx';
import type { ManageLayout } from '../manage/ManagePage.tsx';
import { BusyButton } from '../shared/BusyButton.tsx';
import { Notice } from '../shared/Notice.tsx';
import { StepSkeleton } from '../shared/StepSkeleton.tsx';
import {
  askForSignInLink,
  fetchOrdersPage,
  isSignedOut,
  manageLinkOf,
  meQueryOptions,
  openSession,
  portalKeys,
  useSaveProfile,
  useSignOut,
} from './api.ts';
import { portalTexts as t, whenText } from './portal-texts.ts';

/**
 * `/{company_key}/agents` (issue 47, decision 0092): the agent portal. Signed out, it asks for the
 * agent's e-mail and sends a one-use link; `/{company_key}/agents/sign-in#token=…` is that link,
 * which opens the session (an httpOnly cookie) and comes back here. Signed in: the inspections the
 * agent is on with this company, "Book another inspection", and their own details.
 */
export default function AgentPortalPage({ Layout }: { Layout: ManageLayout }) {
  const companyKey = useParams().companyKey ?? '';
  const fromLink = useLocation().pathname.endsWith('/agents/sign-in');
  const me = useQuery({ ...meQueryOptions(companyKey), enabled: !fromLink });
  const companyName = me.data?.company_name ?? null;
  const header = { companyKey, officeUuid: null, companyName, phone: null, hideLogo: false, bannerHtml: '' };
  useEffect(() => {
    document.title = me.data ? t.portalTitle : t.signInTitle;
  }, [me.data]);
  let body;
  if (fromLink) body = <SignInFromLink companyKey={companyKey} />;
  else if (me.data) body = <Portal companyKey={companyKey} profile={me.data} />;
  else if (me.isPending) body = <StepSkeleton />;
  else body = <SignInForm companyKey={companyKey} failed={!isSignedOut(me.error)} />;
  return (
    <Layout header={header} contact={null}>
      {body}
    </Layout>
  );
}

/** The e-mailed link: its token (in the fragment, which no server sees) opens the session once. */
function SignInFromLink({ companyKey }: { companyKey: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [refused, setRefused] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
    // The token leaves the address bar at once: a reload or a shared screen shows nothing of it.
    window.history.replaceState(null, '', window.location.pathname);
    if (!AGENT_TOKEN_PATTERN.test(token)) {
      setRefused(true);
      return;
    }
    openSession(companyKey, token).then(
      (profile) => {
        client.setQueryData(portalKeys.me(companyKey), profile);
        void navigate(`/${encodeURIComponent(companyKey)}/agents`, { replace: true });
      },
      () => setRefused(true),
    );
  }, [client, companyKey, navigate]);
  if (!refused) return <StepSkeleton />;
  return <SignInForm companyKey={companyKey} failed={false} linkRefused />;
}

function SignInForm({
  companyKey,
  failed,
  linkRefused = false,
}: {
  companyKey: string;
  failed: boolean;
  linkRefused?: boolean;
}) {
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError(t.emailInvalid);
      return;
    }
    setBusy(true);
    try {
      setAnswer((await askForSignInLink(companyKey, email.trim())).message);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status === 429 ? caught.message : t.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ManageFrame screen="agents:sign-in" companyName={null} title={t.signInTitle}>
      {linkRefused && (
        <Notice severity="warning" sx={{ mb: 2 }}>
          {t.linkRefused}
        </Notice>
      )}
      {failed && (
        <Notice severity="error" sx={{ mb: 2 }}>
          {t.failed}
        </Notice>
      )}
      <Typography sx={{ mb: 2 }}>{t.signInIntro}</Typography>
      {answer ? (
        <Notice severity="info">{answer}</Notice>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 420 }}
        >
          <TextField
            label={t.email}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 254 } }}
            required
          />
          <BusyButton busy={busy} type="submit" variant="contained">
            {t.sendLink}
          </BusyButton>
        </Box>
      )}
    </ManageFrame>
  );
}

function Portal({ companyKey, profile }: { companyKey: string; profile: AgentProfile }) {
  const signOut = useSignOut(companyKey);
  return (
    <ManageFrame
      screen="agents:portal"
      companyName={profile.company_name}
      title={t.portalHeading(profile.first)}
      actions={
        <>
          {profile.book_path && (
            <>
              {/* The wizard opens with the agent's role chosen (decision 0094): one link a role. */}
              <Button variant="contained" href={`${profile.book_path}?role=buyers_agent`}>
                {t.bookAsBuyersAgent}
              </Button>
              <Button variant="outlined" href={`${profile.book_path}?role=sellers_agent`}>
                {t.bookAsSellersAgent}
              </Button>
            </>
          )}
          <BusyButton busy={signOut.isPending} variant="outlined" onClick={() => signOut.mutate()}>
            {t.signOut}
          </BusyButton>
        </>
      }
    >
      <OrdersSection companyKey={companyKey} when="upcoming" />
      <OrdersSection companyKey={companyKey} when="past" />
      <ProfileSection companyKey={companyKey} profile={profile} />
    </ManageFrame>
  );
}

function OrdersSection({ companyKey, when }: { companyKey: string; when: 'upcoming' | 'past' }) {
  const headingId = useId();
  const orders = useInfiniteQuery({
    queryKey: portalKeys.orders(companyKey, when),
    queryFn: ({ pageParam, signal }) => fetchOrdersPage(companyKey, when, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
  const rows = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {when === 'upcoming' ? t.upcoming : t.past}
      </Typography>
      {orders.isPending && <StepSkeleton />}
      {orders.isError && <Notice severity="error">{t.failed}</Notice>}
      {orders.isSuccess && rows.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>{when === 'upcoming' ? t.noneUpcoming : t.nonePast}</Typography>
      )}
      {rows.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {rows.map((order) => (
            <OrderItem key={order.id} companyKey={companyKey} order={order} />
          ))}
        </Box>
      )}
      {orders.hasNextPage && (
        <BusyButton
          busy={orders.isFetchingNextPage}
          variant="text"
          onClick={() => void orders.fetchNextPage()}
          sx={{ mt: 1 }}
        >
          {t.showMore}
        </BusyButton>
      )}
    </Box>
  );
}

function OrderItem({ companyKey, order }: { companyKey: string; order: AgentOrder }) {
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState(false);
  const manage = () => {
    setOpening(true);
    setFailed(false);
    manageLinkOf(companyKey, order.id).then(
      ({ url }) => window.location.assign(url),
      () => {
        setOpening(false);
        setFailed(true);
      },
    );
  };
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
        {order.address || t.noAddress}
      </Typography>
      <Typography>{whenText(order.datetime, order.time_zone)}</Typography>
      <Box
        component="dl"
        sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.25 }}
      >
        <Detail term={t.client} value={order.client_name || '—'} />
        <Detail term={t.yourRole} value={order.role === 'sellers_agent' ? t.sellersAgent : t.buyersAgent} />
        <Detail term={t.status} value={order.status === 'cancelled' ? t.cancelled : t.booked} />
        <Detail term={t.payment} value={order.payment_status === 'paid' ? t.paid : t.unpaid} />
        {order.agreement_status && (
          <Detail term={t.agreement} value={order.agreement_status === 'signed' ? t.signed : t.awaitingSignature} />
        )}
      </Box>
      {order.manageable && (
        <BusyButton
          busy={opening}
          variant="outlined"
          size="small"
          sx={{ mt: 1.5 }}
          onClick={manage}
          aria-label={`${t.manage}: ${order.address || t.noAddress}`}
        >
          {t.manage}
        </BusyButton>
      )}
      {failed && (
        <Notice severity="error" sx={{ mt: 1 }}>
          {t.failed}
        </Notice>
      )}
    </Box>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {term}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Box>
    </>
  );
}

function ProfileSection({ companyKey, profile }: { companyKey: string; profile: AgentProfile }) {
  const headingId = useId();
  const save = useSaveProfile(companyKey);
  const [phone, setPhone] = useState(profile.mobile_phone);
  const [agency, setAgency] = useState(profile.agency);
  const [sms, setSms] = useState(profile.receives_sms);
  const [saved, setSaved] = useState(false);
  const fieldError = (field: string) =>
    save.error instanceof ApiError && save.error.field === field ? save.error.message : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(
      { mobile_phone: phone.trim(), agency: agency.trim(), receives_sms: sms },
      { onSuccess: () => setSaved(true) },
    );
  };
  const locked = !profile.editing_allowed;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {t.yourDetails}
      </Typography>
      <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {profile.first} {profile.last} · {profile.email}
      </Typography>
      {locked && (
        <Notice severity="info" sx={{ mb: 2 }}>
          {t.officeKeepsDetails}
        </Notice>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 420 }}
      >
        <TextField
          label={t.mobilePhone}
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          disabled={locked}
          error={fieldError('mobile_phone') !== null}
          helperText={fieldError('mobile_phone') ?? ' '}
          slotProps={{ htmlInput: { maxLength: AGENT_PHONE_MAX } }}
        />
        <TextField
          label={t.agency}
          autoComplete="organization"
          value={agency}
          onChange={(event) => setAgency(event.target.value)}
          disabled={locked}
          error={fieldError('agency') !== null}
          helperText={fieldError('agency') ?? ' '}
          slotProps={{ htmlInput: { maxLength: AGENT_AGENCY_MAX } }}
        />
        <FormControlLabel
          control={<Checkbox checked={sms} onChange={(event) => setSms(event.target.checked)} />}
          label={t.receivesSms}
        />
        {save.isError && fieldError('mobile_phone') === null && fieldError('agency') === null && (
          <Notice severity="error">{save.error instanceof ApiError ? save.error.message : t.failed}</Notice>
        )}
        {saved && <Notice severity="info">{t.saved}</Notice>}
        <BusyButton busy={save.isPending} type="submit" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          {t.saveDetails}
        </BusyButton>
      </Box>
    </Box>
  );
}
