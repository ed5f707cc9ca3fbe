import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { newCompanyResponseSchema } from '@scheduler/contracts/onboarding';
import { PublicFrame } from '../../../shared/PublicFrame.tsx';
import { consoleKeys, meQueryOptions } from '../../../shared/queries.ts';
import { CompanyReady } from './CompanyReady.tsx';
import { ConfirmYourAddress } from '../../../shared/ConfirmYourAddress.tsx';
import { NewCompanyForm } from './NewCompanyForm.tsx';

/** How often the page asks whether the address is confirmed meanwhile (the link opened in another tab). */
const CONFIRMATION_POLL_MS = 4_000;

/**
 * /console/new-company (issue 26): a signed-in person sets up a company. Until they opened the
 * link e-mailed at sign-up the page says so (and notices by itself when they have); then the one
 * form; then the link to share.
 */
export default function NewCompanyPage() {
  const queryClient = useQueryClient();
  const me = useQuery({
    ...meQueryOptions(),
    refetchInterval: (query) => (query.state.data?.user.email_verified === false ? CONFIRMATION_POLL_MS : false),
  });
  const navigate = useNavigate();
  // The company made is kept in the page's history entry: Back from an editor the checklist links
  // to shows the ready page again (its list read anew), not the form.
  const kept = newCompanyResponseSchema.safeParse((useLocation().state as { created?: unknown } | null)?.created);
  const created = kept.success ? kept.data : null;
  const user = me.data?.user;
  if (!user) return null;

  if (created) {
    return (
      <PublicFrame title="Your scheduler is ready" wide>
        <CompanyReady created={created} />
      </PublicFrame>
    );
  }
  if (!user.email_verified) return <ConfirmYourAddress email={user.email} movesOnByItself />;
  return (
    <PublicFrame title="Set up your company" wide>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Four short parts, and your scheduler takes bookings. Everything here can be changed later, and everything else
        starts with settings most inspection companies use.
      </Typography>
      {(me.data?.memberships.length ?? 0) > 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          You already belong to a company; this makes another one, of which you will be the owner.
        </Alert>
      )}
      <NewCompanyForm
        personName={user.name}
        onCreated={(answer) => {
          void navigate('.', { replace: true, state: { created: answer } });
          // The new membership: the console's navigation and company switcher know it at once.
          void queryClient.invalidateQueries({ queryKey: consoleKeys.me });
        }}
      />
    </PublicFrame>
  );
}
