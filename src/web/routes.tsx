import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { CONTENT_PAGES } from '#shared/content-pages.ts';
import { Spinner } from '#web/components/ui/skeleton.tsx';
import { ProtectedRoute } from '#web/features/auth/protected-route.tsx';
import { useCurrentUser } from '#web/features/auth/use-auth.ts';

// Signed-in chrome (header, drawer, bottom bar) stays out of a visitor's first download.
const AppShell = lazy(() => import('#web/features/layout/app-shell.tsx'));
const LandingPage = lazy(() => import('#web/features/landing/landing-page.tsx'));
const AuthPage = lazy(() => import('#web/features/auth/auth-page.tsx'));
const DashboardPage = lazy(() => import('#web/features/dashboard/dashboard-page.tsx'));
const GroupsPage = lazy(() => import('#web/features/groups/groups-page.tsx'));
const CreateGroupPage = lazy(() => import('#web/features/groups/create-group-page.tsx'));
const JoinGroupPage = lazy(() => import('#web/features/groups/join-group-page.tsx'));
const GroupPage = lazy(() => import('#web/features/group-page/group-page.tsx'));
const HistoryPage = lazy(() => import('#web/features/history/history-page.tsx'));
const AnalyticsPage = lazy(() => import('#web/features/analytics/analytics-page.tsx'));
const BankAccountPage = lazy(() => import('#web/features/bank-account/bank-account-page.tsx'));
const WithdrawalPage = lazy(() => import('#web/features/withdrawal/withdrawal-page.tsx'));
const SandboxConnectPage = lazy(() => import('#web/features/sandbox/sandbox-connect-page.tsx'));
const SandboxIdentityPage = lazy(() => import('#web/features/sandbox/sandbox-identity-page.tsx'));
const GroupManagementPage = lazy(() => import('#web/features/group-management/group-management-page.tsx'));
const StatementPage = lazy(() => import('#web/features/group-management/statement-page.tsx'));
const CommunicationDemoPage = lazy(() => import('#web/features/communication-demo/demo-page.tsx'));
const ForgotPasswordPage = lazy(() => import('#web/features/auth/forgot-password-page.tsx'));
const ResetPasswordPage = lazy(() => import('#web/features/auth/reset-password-page.tsx'));
const VerifyEmailPage = lazy(() => import('#web/features/auth/verify-email-page.tsx'));
const SettingsPage = lazy(() => import('#web/features/settings/settings-page.tsx'));
const UnsubscribePage = lazy(() => import('#web/features/settings/unsubscribe-page.tsx'));
const DevMailboxPage = lazy(() => import('#web/features/dev-mailbox/dev-mailbox-page.tsx'));
const InvitationPage = lazy(() => import('#web/features/invitations/invitation-page.tsx'));
const ReferralPage = lazy(() => import('#web/features/referral/referral-page.tsx'));
const ContactPage = lazy(() => import('#web/features/support/contact-page.tsx'));
const OperationsPage = lazy(() => import('#web/features/business-operations/operations-page.tsx'));
const SystemDashboardPage = lazy(() => import('#web/features/system-dashboard/system-dashboard-page.tsx'));
const HelpPage = lazy(() => import('#web/features/public-content/help-page.tsx'));
const HelpArticlePage = lazy(() => import('#web/features/public-content/help-article-page.tsx'));
const BlogPage = lazy(() => import('#web/features/public-content/blog-page.tsx'));
const BlogArticlePage = lazy(() => import('#web/features/public-content/blog-article-page.tsx'));
const ContentPage = lazy(() => import('#web/features/public-content/content-page.tsx'));
const NotFoundPage = lazy(() => import('#web/features/errors/not-found-page.tsx'));

const signedInPages = [
  { path: '/groups', Page: GroupsPage },
  { path: '/groups/:id', Page: GroupPage },
  { path: '/groups/:id/statement', Page: StatementPage },
  { path: '/create-group', Page: CreateGroupPage },
  { path: '/join-group', Page: JoinGroupPage },
  { path: '/history', Page: HistoryPage },
  { path: '/analytics', Page: AnalyticsPage },
  { path: '/settings', Page: SettingsPage },
  { path: '/bank-account', Page: BankAccountPage },
  { path: '/withdrawal', Page: WithdrawalPage },
  { path: '/group-management', Page: GroupManagementPage },
  { path: '/referral', Page: ReferralPage },
  { path: '/dev/mailbox', Page: DevMailboxPage },
  // Operators only: the API answers 403 to anyone else, and the page says so.
  { path: '/business-operations', Page: OperationsPage },
  // Operators only: the server answers 403 to anyone else and the page says so.
  { path: '/admin', Page: SystemDashboardPage },
  // Opened from the invitation email; signed out, the sign-in shows in its place and stays here after.
  { path: '/invitations/:token', Page: InvitationPage },
];

function PageFallback() {
  const { t } = useTranslation();
  return <Spinner label={t('status.loading')} />;
}

function Protected({ children }: { children: ReactNode }) {
  return (
    <ProtectedRoute>
      <AppShell>{children}</AppShell>
    </ProtectedRoute>
  );
}

function Home() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageFallback />;
  return user ? (
    <AppShell>
      <DashboardPage />
    </AppShell>
  ) : (
    <LandingPage />
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path="/" component={Home} />
        <Route path="/auth" component={AuthPage} />
        {/* Public: the chat and announcements on a sample circle kept in the visitor's browser. */}
        <Route path="/group-communication-demo" component={CommunicationDemoPage} />
        {/* Opened from emails: public, since the link may open in a browser that is not signed in. */}
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/verify-email" component={VerifyEmailPage} />
        <Route path="/unsubscribe" component={UnsubscribePage} />
        {/* Public; signed in, it shows inside the app with the reader's own requests. */}
        <Route path="/contact" component={ContactPage} />
        {/* Public content (decision 0038), compiled from content/ and pre-rendered by the server. */}
        <Route path="/help" component={HelpPage} />
        <Route path="/help/:slug" component={HelpArticlePage} />
        <Route path="/blog" component={BlogPage} />
        <Route path="/blog/:slug" component={BlogArticlePage} />
        {CONTENT_PAGES.map((slug) => (
          <Route key={slug} path={`/${slug}`}>
            <ContentPage slug={slug} />
          </Route>
        ))}
        <Route path="/dashboard">
          <Protected>
            <DashboardPage />
          </Protected>
        </Route>
        {signedInPages.map(({ path, Page }) => (
          <Route key={path} path={path}>
            <Protected>
              <Page />
            </Protected>
          </Route>
        ))}
        {/* The sandbox provider's hosted page: signed in, but outside the app's frame. */}
        <Route path="/sandbox/connect">
          <ProtectedRoute>
            <SandboxConnectPage />
          </ProtectedRoute>
        </Route>
        <Route path="/sandbox/identity">
          <ProtectedRoute>
            <SandboxIdentityPage />
          </ProtectedRoute>
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
