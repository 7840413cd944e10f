import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyPluginAsync,
  LogController,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { AppContext } from './app-context.ts';
import { configureEmailLinks } from './email/notification-links.ts';
import { devMailboxRoutes } from './email/routes.ts';
import { subscribeFeatures } from './feature-subscriptions.ts';
import { accountDataRoutes } from './features/account-data/routes.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { applicationRoutes } from './features/applications/routes.ts';
import { registerRefusedAccessAudit } from './features/audit/refused-access.ts';
import { accountLinkRoutes } from './features/auth/account-routes.ts';
import { requireSignInByDefault } from './features/auth/authenticate.ts';
import { authRoutes } from './features/auth/routes.ts';
import { cacheSessions } from './features/auth/session-cache.ts';
import { settingsRoutes } from './features/auth/settings-routes.ts';
import { autopayRoutes } from './features/autopay/routes.ts';
import { bankDebitRoutes } from './features/bank-debits/routes.ts';
import { businessOperationsRoutes } from './features/business-operations/routes.ts';
import { chatRoutes } from './features/chat/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { escrowRoutes } from './features/escrow/routes.ts';
import { groupSettingsRoutes } from './features/group-settings/routes.ts';
import { groupRoutes } from './features/groups/routes.ts';
import { healthAnswerFirst } from './features/health/answer-first.ts';
import { healthCheck } from './features/health/health-check.ts';
import { healthRoutes } from './features/health/routes.ts';
import { historyRoutes } from './features/history/routes.ts';
import { invitationRoutes } from './features/invitations/routes.ts';
import { liveRoutes } from './features/live/routes.ts';
import { managementRoutes } from './features/management/routes.ts';
import { memberRoutes } from './features/members/routes.ts';
import { membershipRoutes } from './features/membership/routes.ts';
import { monitoringRoutes } from './features/monitoring/routes.ts';
import { newsletterRoutes } from './features/newsletter/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { paymentMonitoringRoutes } from './features/payment-monitoring/routes.ts';
import { pendingActionRoutes } from './features/pending-actions/routes.ts';
import { productEventRoutes } from './features/product-events/routes.ts';
import { publicConfigRoutes } from './features/public-config/routes.ts';
import { referralRoutes } from './features/referrals/routes.ts';
import { reputationRoutes } from './features/reputation/routes.ts';
import { safeguardRoutes } from './features/safeguards/routes.ts';
import { supportRoutes } from './features/support/routes.ts';
import { verificationRoutes } from './features/verification/routes.ts';
import { withdrawalRoutes } from './features/withdrawals/routes.ts';
import { serverAnsweringFirst } from './http/answer-first.ts';
import { createAppMetrics } from './http/app-metrics.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { inlinedScriptSources } from './http/first-paint-files.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { registerMetrics } from './http/metrics-route.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerReadLimits } from './http/read-limits.ts';
import { replySerializerCompiler } from './http/reply-serializer.ts';
import { registerRequestId, requestIdFor } from './http/request-id.ts';
import { registerSecurity } from './http/security.ts';
import { sharedCounters } from './http/shared-counters.ts';
import { registerWebApp } from './http/web-app.ts';
import { registerAccessLog } from './logging/access-log.ts';
import { requestLogger } from './logging/request-logger.ts';
import { paymentBrowserSources } from './payments/provider.ts';
import { paymentRoutes } from './payments/routes.ts';
import { stripeWebhookRoutes } from './payments/webhook-routes.ts';

export type BuildOptions = {
  /** The app's logger (logging/logger.ts); none by default, as in most tests. */
  logger?: Logger;
  serveWeb?: boolean;
  extraRoutes?: FastifyPluginAsync[];
  /** Sees every route as it is added (reply-contracts.test.ts checks each declares its replies). */
  onRoute?: (route: RouteOptions) => void;
};

/** A hop count becomes the function Fastify applies for one (its types name no number). */
function trustProxyOption(trust: AppContext['config']['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}) {
  const server = serverAnsweringFirst();
  const app = Fastify({
    serverFactory: server.serverFactory,
    ...(options.logger
      ? {
          loggerInstance: options.logger as FastifyBaseLogger,
          childLoggerFactory: requestLogger,
          // registerAccessLog writes one line per request instead.
          logController: new LogController({ disableRequestLogging: true }),
        }
      : { logger: false }),
    bodyLimit: 64 * 1024,
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    genReqId: requestIdFor,
  });
  subscribeFeatures();
  configureEmailLinks(ctx.config);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerRequestId(app);
  if (options.logger) registerAccessLog(app, options.logger);
  app.decorate('ctx', ctx);
  app.decorate('metrics', createAppMetrics(ctx));
  // Early, so replies refused by later hooks (limits, sign-in) are timed and counted too.
  registerMetrics(app);
  app.decorateRequest('user', null);
  app.setValidatorCompiler(validatorCompiler);
  // Tests also check that no reply contract drops a field the handler sent.
  app.setSerializerCompiler(replySerializerCompiler(process.env.VITEST !== undefined));
  registerErrorHandling(app);
  registerRefusedAccessAudit(app);
  registerIdempotency(app);
  await registerCompression(app);

  const paymentSources = paymentBrowserSources(ctx.config.payments);
  const webDir = options.serveWeb === false ? null : ctx.config.webDir;
  const { apiHeaders } = await registerSecurity(app, {
    isProduction: ctx.config.isProduction,
    extraSources: { ...paymentSources, script: [...paymentSources.script, ...inlinedScriptSources(webDir)] },
  });
  await app.register(fastifyCookie);
  await app.register(underPressure, {
    // Under pressure the plugin answers 503 with Retry-After, worded by our error handler.
    maxEventLoopDelay: ctx.config.limits.maxEventLoopDelayMs,
    exposeStatusRoute: false,
  });
  const redis = ctx.config.redisUrl ? await sharedCounters(ctx.config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  const prefix = ctx.config.redisPrefix;
  await app.register(rateLimit, { global: false, redis, nameSpace: `${prefix}rl-`, skipOnError: true });
  registerReadLimits(app, { redis, prefix });

  await registerOpenApi(app, ctx.config);
  requireSignInByDefault(app);
  // Who a session belongs to, kept for seconds while a listener hears every change to it (issue 18).
  if (ctx.config.sessionCache) await cacheSessions(app);

  const health = healthCheck(ctx.database);
  await app.register(healthRoutes, { health });
  await app.register(publicConfigRoutes);
  await app.register(authRoutes);
  await app.register(accountLinkRoutes);
  await app.register(settingsRoutes);
  await app.register(accountDataRoutes);
  await app.register(devMailboxRoutes);
  await app.register(newsletterRoutes);
  await app.register(supportRoutes);
  await app.register(productEventRoutes);
  await app.register(businessOperationsRoutes);
  await app.register(groupRoutes);
  await app.register(dashboardRoutes);
  await app.register(analyticsRoutes);
  await app.register(notificationRoutes);
  await app.register(historyRoutes);
  await app.register(applicationRoutes);
  await app.register(membershipRoutes);
  await app.register(invitationRoutes);
  await app.register(paymentRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(withdrawalRoutes);
  await app.register(verificationRoutes);
  await app.register(bankDebitRoutes);
  await app.register(autopayRoutes);
  await app.register(memberRoutes);
  await app.register(escrowRoutes);
  await app.register(safeguardRoutes);
  await app.register(managementRoutes);
  await app.register(pendingActionRoutes);
  await app.register(paymentMonitoringRoutes);
  await app.register(chatRoutes);
  await app.register(reputationRoutes);
  await app.register(groupSettingsRoutes);
  await app.register(liveRoutes);
  await app.register(referralRoutes);
  await app.register(monitoringRoutes);
  for (const routes of options.extraRoutes ?? []) await app.register(routes);

  await registerWebApp(app, webDir);

  // A load balancer's probe, answered before Fastify while the answer is known (decision 0059).
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  server.answerWith(
    healthAnswerFirst({
      engine: ctx.database.engine,
      recentlyHealthy: health.recentlyHealthy,
      serving: () => !closing && !app.isUnderPressure(),
      apiHeaders,
    }),
  );
  return app;
}
