import { Navigate, Route, Routes, useParams } from 'react-router';
import { lazyPage } from '../shared/chunk-load.tsx';
import { isCompanyPage } from './company-pages.ts';
import { HomeRedirect } from './HomeRedirect.tsx';
import { Shell } from './Shell.tsx';
import { SignedIn } from './SignedIn.tsx';

// Each page is a chunk of its own: an inspector on a phone downloads the schedule, not the team page.
// The configuration pages' shared navigation and preview: only owners and admins open them.
const ConfigurationLayout = lazyPage(() =>
  import('./ConfigurationLayout.tsx').then((module) => ({ default: module.ConfigurationLayout })),
);
const SignInPage = lazyPage(() => import('../pages/account/sign-in/SignInPage.tsx'));
const ForgotPasswordPage = lazyPage(() => import('../pages/account/forgot-password/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazyPage(() => import('../pages/account/reset-password/ResetPasswordPage.tsx'));
const SignUpPage = lazyPage(() => import('../pages/account/sign-up/SignUpPage.tsx'));
const NewCompanyPage = lazyPage(() => import('../pages/account/new-company/NewCompanyPage.tsx'));
const AcceptInvitationPage = lazyPage(() => import('../pages/account/accept-invitation/AcceptInvitationPage.tsx'));
const SchedulePage = lazyPage(() => import('../pages/work/schedule/SchedulePage.tsx'));
const OrdersPage = lazyPage(() => import('../pages/work/orders/OrdersPage.tsx'));
const OrderPage = lazyPage(() => import('../pages/work/order/OrderPage.tsx'));
const LedgerPage = lazyPage(() => import('../pages/work/ledger/LedgerPage.tsx'));
// The phone-booking form carries the wizard's calls: only those who book by phone download it.
const BookPage = lazyPage(() => import('../pages/work/book/BookPage.tsx'));
const MyTasksPage = lazyPage(() => import('../pages/work/my-tasks/MyTasksPage.tsx'));
const TeamPage = lazyPage(() => import('../pages/account/team/TeamPage.tsx'));
const SettingsPage = lazyPage(() => import('../pages/configuration/settings/SettingsPage.tsx'));
const InspectorsPage = lazyPage(() => import('../pages/configuration/inspectors/InspectorsPage.tsx'));
const HistoryPage = lazyPage(() => import('../pages/configuration/history/HistoryPage.tsx'));
const BookingChangesPage = lazyPage(() => import('../pages/configuration/booking-changes/BookingChangesPage.tsx'));
const MessagesPage = lazyPage(() => import('../pages/configuration/messages/MessagesPage.tsx'));
const EmbeddingPage = lazyPage(() => import('../pages/configuration/embedding/EmbeddingPage.tsx'));
const ApiKeysPage = lazyPage(() => import('../pages/configuration/api-keys/ApiKeysPage.tsx'));
const PrivacyPage = lazyPage(() => import('../pages/configuration/privacy/PrivacyPage.tsx'));
const AgreementsPage = lazyPage(() => import('../pages/configuration/agreements/AgreementsPage.tsx'));
const WebhooksPage = lazyPage(() => import('../pages/configuration/webhooks/WebhooksPage.tsx'));
const DirectoryReviewPage = lazyPage(() => import('../pages/configuration/directory-review/DirectoryReviewPage.tsx'));
const OfficesPage = lazyPage(() => import('../pages/configuration/offices/OfficesPage.tsx'));
const ServicesPage = lazyPage(() => import('../pages/configuration/services/ServicesPage.tsx'));
const PropertyQuestionsPage = lazyPage(
  () => import('../pages/configuration/property-questions/PropertyQuestionsPage.tsx'),
);
const PeoplePage = lazyPage(() => import('../pages/configuration/people/PeoplePage.tsx'));
const FeesTaxesCouponsPage = lazyPage(
  () => import('../pages/configuration/fees-taxes-coupons/FeesTaxesCouponsPage.tsx'),
);
const PaymentsPage = lazyPage(() => import('../pages/configuration/payments/PaymentsPage.tsx'));
const FunnelPage = lazyPage(() => import('../pages/work/funnel/FunnelPage.tsx'));
// The reports carry the chart library: only the owners and admins who open them download it.
const ReportsPage = lazyPage(() => import('../pages/work/reports/ReportsPage.tsx'));
const ReferralsPage = lazyPage(() => import('../pages/work/reports/ReferralsPage.tsx'));
const AccountPage = lazyPage(() => import('../pages/account/account/AccountPage.tsx'));
const NotFoundPage = lazyPage(() => import('../pages/account/not-found/NotFoundPage.tsx'));

/**
 * An address deeper than any page of a company: a company's page typed without the company
 * ("/console/orders/{id}"), which the shell takes to the person's company (issue 41), or none.
 */
function CompanyPageOrNotFound() {
  const { companyKey = '' } = useParams();
  if (!isCompanyPage(companyKey)) return <NotFoundPage />;
  return (
    <SignedIn>
      <Shell />
    </SignedIn>
  );
}

/** The console's pages, under /console (the router's basename). */
export function ConsoleRoutes() {
  return (
    <Routes>
      <Route path="/sign-in" element={<SignInPage />} />
      <Route path="/sign-up" element={<SignUpPage />} />
      <Route
        path="/new-company"
        element={
          <SignedIn>
            <NewCompanyPage />
          </SignedIn>
        }
      />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/accept-invitation/:invitationId" element={<AcceptInvitationPage />} />
      <Route
        path="/"
        element={
          <SignedIn>
            <HomeRedirect />
          </SignedIn>
        }
      />
      <Route
        path="/:companyKey"
        element={
          <SignedIn>
            <Shell />
          </SignedIn>
        }
      >
        <Route index element={<Navigate to="schedule" replace />} />
        {/* The configuration pages' earlier addresses (issue 40 named each page once): bookmarks still open them. */}
        <Route path="catalogue" element={<Navigate to="../services" replace />} />
        <Route path="pricing" element={<Navigate to="../fees-taxes-coupons" replace />} />
        <Route path="questions" element={<Navigate to="../property-questions" replace />} />
        <Route path="booking-policy" element={<Navigate to="../booking-changes" replace />} />
        <Route path="schedule" element={<SchedulePage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:orderId" element={<OrderPage />} />
        <Route path="ledger" element={<LedgerPage />} />
        <Route path="book" element={<BookPage />} />
        <Route path="my-tasks" element={<MyTasksPage />} />
        <Route path="team" element={<TeamPage />} />
        <Route element={<ConfigurationLayout />}>
          <Route path="settings" element={<SettingsPage />} />
          <Route path="offices" element={<OfficesPage />} />
          <Route path="inspectors" element={<InspectorsPage />} />
          <Route path="services" element={<ServicesPage />} />
          <Route path="fees-taxes-coupons" element={<FeesTaxesCouponsPage />} />
          <Route path="property-questions" element={<PropertyQuestionsPage />} />
          <Route path="people" element={<PeoplePage />} />
          <Route path="directory-review" element={<DirectoryReviewPage />} />
          <Route path="booking-changes" element={<BookingChangesPage />} />
          <Route path="messages" element={<MessagesPage />} />
          <Route path="payments" element={<PaymentsPage />} />
          <Route path="embedding" element={<EmbeddingPage />} />
          <Route path="api-keys" element={<ApiKeysPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="agreements" element={<AgreementsPage />} />
          <Route path="webhooks" element={<WebhooksPage />} />
          <Route path="history" element={<HistoryPage />} />
        </Route>
        <Route path="funnel" element={<FunnelPage />} />
        <Route path="reports" element={<ReportsPage />} />
        <Route path="reports/referrals" element={<ReferralsPage />} />
        <Route path="account" element={<AccountPage />} />
      </Route>
      <Route path="/:companyKey/*" element={<CompanyPageOrNotFound />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
