import { Navigate, Route, Routes } from 'react-router';
import { lazyPage } from '../shared/chunk-load.tsx';
import { ConfigurationLayout } from './ConfigurationLayout.tsx';
import { HomeRedirect } from './HomeRedirect.tsx';
import { Shell } from './Shell.tsx';
import { SignedIn } from './SignedIn.tsx';

// Each page is a chunk of its own: an inspector on a phone downloads the schedule, not the team page.
const SignInPage = lazyPage(() => import('../pages/sign-in/SignInPage.tsx'));
const ForgotPasswordPage = lazyPage(() => import('../pages/forgot-password/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazyPage(() => import('../pages/reset-password/ResetPasswordPage.tsx'));
const SignUpPage = lazyPage(() => import('../pages/sign-up/SignUpPage.tsx'));
const NewCompanyPage = lazyPage(() => import('../pages/new-company/NewCompanyPage.tsx'));
const AcceptInvitationPage = lazyPage(() => import('../pages/accept-invitation/AcceptInvitationPage.tsx'));
const SchedulePage = lazyPage(() => import('../pages/schedule/SchedulePage.tsx'));
const OrdersPage = lazyPage(() => import('../pages/orders/OrdersPage.tsx'));
const OrderPage = lazyPage(() => import('../pages/order/OrderPage.tsx'));
const TeamPage = lazyPage(() => import('../pages/team/TeamPage.tsx'));
const SettingsPage = lazyPage(() => import('../pages/settings-editor/SettingsPage.tsx'));
const InspectorsPage = lazyPage(() => import('../pages/inspectors/InspectorsPage.tsx'));
const HistoryPage = lazyPage(() => import('../pages/version-history/HistoryPage.tsx'));
const BookingPolicyPage = lazyPage(() => import('../pages/booking-policy/BookingPolicyPage.tsx'));
const MessagesPage = lazyPage(() => import('../pages/messages/MessagesPage.tsx'));
const EmbeddingPage = lazyPage(() => import('../pages/embedding/EmbeddingPage.tsx'));
const OfficesPage = lazyPage(() => import('../pages/offices/OfficesPage.tsx'));
const CataloguePage = lazyPage(() => import('../pages/catalogue/CataloguePage.tsx'));
const QuestionsPage = lazyPage(() => import('../pages/questions/QuestionsPage.tsx'));
const PeoplePage = lazyPage(() => import('../pages/people/PeoplePage.tsx'));
const PricingRulesPage = lazyPage(() => import('../pages/pricing-rules/PricingRulesPage.tsx'));
const PaymentsPage = lazyPage(() => import('../pages/payments/PaymentsPage.tsx'));
const FunnelPage = lazyPage(() => import('../pages/funnel/FunnelPage.tsx'));
const AccountPage = lazyPage(() => import('../pages/account/AccountPage.tsx'));
const NotFoundPage = lazyPage(() => import('../pages/not-found/NotFoundPage.tsx'));

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
        <Route path="schedule" element={<SchedulePage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:orderId" element={<OrderPage />} />
        <Route path="team" element={<TeamPage />} />
        <Route element={<ConfigurationLayout />}>
          <Route path="settings" element={<SettingsPage />} />
          <Route path="offices" element={<OfficesPage />} />
          <Route path="inspectors" element={<InspectorsPage />} />
          <Route path="catalogue" element={<CataloguePage />} />
          <Route path="pricing" element={<PricingRulesPage />} />
          <Route path="questions" element={<QuestionsPage />} />
          <Route path="people" element={<PeoplePage />} />
          <Route path="booking-policy" element={<BookingPolicyPage />} />
          <Route path="messages" element={<MessagesPage />} />
          <Route path="payments" element={<PaymentsPage />} />
          <Route path="embedding" element={<EmbeddingPage />} />
          <Route path="history" element={<HistoryPage />} />
        </Route>
        <Route path="funnel" element={<FunnelPage />} />
        <Route path="account" element={<AccountPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
