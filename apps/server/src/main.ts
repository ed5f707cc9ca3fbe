import { existsSync } from 'node:fs';
import { buildApp, loggerOptions } from './app.ts';
import { loadConfig } from './config.ts';
import { listeningPort, publicBaseUrl } from './http/public-url.ts';
import { drainOnSignals } from './shutdown.ts';
import { lockEmbeddedDatabase } from './db/embedded-lock.ts';
import { openConfiguredDatabase } from './db/open-configured.ts';
import { resolveAdminToken, resolveStoredSecret } from './plugins/admin-token.ts';
import { bundledPostalCodes } from './modules/scheduling/postal-codes.ts';
import { DEMO_COMPANY_KEY, DEMO_OFFICE_UUID, ensureDemoCompany } from './modules/company-document/demo-company.ts';
import { DEMO_OWNER, demoOwnerSignInLink } from './modules/console-auth/demo-owner.ts';
import { createNotificationWorker } from './modules/notifications/notifications.service.ts';
import { scheduleRetention } from './modules/retention/retention.service.ts';
import { scheduleReferralStats } from './modules/reports/referrals.service.ts';
import { backgroundJobs } from './background-jobs.ts';
import { serverPath } from './server-root.ts';

const DEFAULT_WEB_DIST = serverPath('..', 'web', 'dist');
const DEFAULT_CONSOLE_DIST = serverPath('..', 'console', 'dist');

async function main(): Promise<void> {
  const config = loadConfig();
  const unlock = config.DATABASE_URL ? async () => {} : await lockEmbeddedDatabase(config.DATA_DIR);
  const database = await openConfiguredDatabase(config);
  const admin = await resolveAdminToken(config.ADMIN_TOKEN, config.DATA_DIR);
  const authSecret = config.AUTH_SECRET ?? (await resolveStoredSecret('auth-secret', config.DATA_DIR, 32)).token;
  if (config.DEMO_COMPANY) await ensureDemoCompany(database.db);

  const webDistDir = config.WEB_DIST_DIR ?? (existsSync(DEFAULT_WEB_DIST) ? DEFAULT_WEB_DIST : null);
  const consoleDistDir = config.CONSOLE_DIST_DIR ?? (existsSync(DEFAULT_CONSOLE_DIST) ? DEFAULT_CONSOLE_DIST : null);
  // The e-mail worker logs through the app's logger, which exists once the app is built.
  const workerLog = {
    info: (data: Record<string, unknown>, message: string) => app.log.info(data, message),
    warn: (data: Record<string, unknown>, message: string) => app.log.warn(data, message),
  };
  // The app, the e-mail worker and the queue's other jobs (Stripe's, refunds on cancel, pruning) run on one clock.
  const clock = Date.now;
  const jobs = backgroundJobs({
    db: database.db,
    config,
    log: workerLog,
    clock,
    publicBaseUrl: () => publicBaseUrl(config, listeningPort(app, config.PORT)),
  });
  const retention = jobs.retention;
  const notifications = createNotificationWorker(
    database.db,
    config,
    workerLog,
    () => publicBaseUrl(config, listeningPort(app, config.PORT)),
    jobs.paymentJobs,
    jobs.systemJobs,
    clock,
    jobs.receiptAttachment,
  );
  const app = await buildApp(
    {
      db: database.db,
      config,
      adminToken: admin.token,
      authSecret,
      pingDatabase: database.ping,
      changes: database.changes,
      webDistDir,
      consoleDistDir,
      notifications,
      clock,
    },
    { logger: loggerOptions(config.LOG_LEVEL) },
  );
  if (!webDistDir) app.log.warn('the wizard is not built (npm run build); wizard pages answer 503');

  drainOnSignals(app, {
    graceMs: config.SHUTDOWN_GRACE_MS,
    release: async () => {
      await notifications.stop();
      await database.close();
      await unlock();
    },
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  // The postal-code directory takes a moment to load; load it now rather than for the first visitor.
  bundledPostalCodes.preload();
  // E-mails left queued by an earlier run (a crash, a mail server that was down) go out now, and
  // the pruning job's first run is queued unless one waits already.
  await scheduleRetention(retention);
  await scheduleReferralStats(jobs.referralStats);
  notifications.start();
  const base = publicBaseUrl(config, listeningPort(app, config.PORT));
  const lines = [
    '',
    `Online scheduler is running on ${base} (${database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL'})`,
  ];
  if (config.DEMO_COMPANY)
    lines.push(`Demo scheduler link: ${base}/${DEMO_COMPANY_KEY}/online-scheduler/${DEMO_OFFICE_UUID}`);
  lines.push(`Console: ${base}/console`);
  const ownerLink = config.DEMO_COMPANY
    ? await demoOwnerSignInLink(database.db, app.consoleAuth(), DEMO_COMPANY_KEY)
    : null;
  if (ownerLink)
    lines.push(`Console sign-in link for the demo owner (${DEMO_OWNER.email}; one use, 24 hours): ${ownerLink}`);
  lines.push(`API documentation: ${base}/api/docs`);
  if (admin.generated)
    lines.push(`Admin token (generated once, kept in ${config.DATA_DIR}/admin-token): ${admin.token}`);
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
