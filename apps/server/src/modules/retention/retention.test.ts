import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoCopy, demoDocument } from '../../test-support/test-app.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import { completeJob } from '../notifications/job-queue.repository.ts';
import { completeBouncedJob } from '../notifications/mail-bounces.repository.ts';
import { loadOrderMessageJobs } from '../order-list/console-orders.repository.ts';
import type { PruneTask } from './prune-task.ts';
import { pruneTasks } from './prune-tasks.ts';
import { RETENTION_JOB } from './retention-runs.repository.ts';
import { retentionStatus, runPruneTasks, runRetentionJob, scheduleRetention } from './retention.service.ts';

/**
 * The pruning job (decision 0074) at its bounds, on the app's clock: a row one second either side
 * of the limit, rows in use never pruned whatever their age, another company's rows, the order
 * page's history the same before and after, and the runner's batches.
 */
const NOW = new Date('2026-11-24T15:00:00.000Z');
const DAYS = 30;
const POLICY = { days: DAYS };
const LIMIT = new Date(NOW.getTime() - DAYS * 86_400_000);
const at = (offsetMs: number) => new Date(LIMIT.getTime() + offsetMs);
const OFFICE_B = 'c0000000-0000-4000-8000-0000000000c9';

/** Migration 0029's back-fill statements, as the migration runs them: the jobs' order, then the kept messages. */
function backFillStatements(): string[] {
  const migration = readFileSync(new URL('../../db/migrations/0029_retention.sql', import.meta.url), 'utf8');
  const statements = migration.split('--> statement-breakpoint').map((statement) => statement.trim());
  const ofText = (start: string) =>
    statements.find((statement) => statement.replace(/^(--.*\n)+/, '').startsWith(start))!;
  return [ofText('UPDATE "jobs" SET "order_id"'), ofText('INSERT INTO "order_messages"')];
}

describeOnEachDatabase('the pruning job', { onPgliteToo: 'every test' }, (factory) => {
  let database: DatabaseHandle;
  const companies: Array<{ id: string; officeId: string }> = [];
  let serial = 0;

  const taskNamed = (name: string): PruneTask => pruneTasks(POLICY).find((task) => task.name === name)!;
  const prune = (name: string) => taskNamed(name).pruneBatch(database.db, NOW, 500);

  async function order(company = 0, status: 'draft' | 'confirmed' | 'cancelled' = 'confirmed', datetime?: Date) {
    const [row] = await database.db
      .insert(t.orders)
      .values({
        companyId: companies[company]!.id,
        officeId: companies[company]!.officeId,
        status,
        datetime: datetime ?? null,
        durationMinutes: 120,
      })
      .returning({ id: t.orders.id });
    return row!.id;
  }

  async function job(values: Partial<typeof t.jobs.$inferInsert> & { company?: number; orderId?: string }) {
    serial += 1;
    const { company = 0, orderId, ...rest } = values;
    const [row] = await database.db
      .insert(t.jobs)
      .values({
        companyId: companies[company]!.id,
        kind: 'confirmation_email',
        dedupeKey: `job-${serial}`,
        payload: orderId ? { order_id: orderId, to: `p${serial}@example.com`, audience: 'client' } : {},
        orderId: orderId ?? null,
        runAt: at(-86_400_000),
        ...rest,
      })
      .returning({ id: t.jobs.id });
    return row!.id;
  }

  const jobIds = async () => (await database.db.select({ id: t.jobs.id }).from(t.jobs)).map((row) => row.id).sort();

  beforeAll(async () => {
    database = await factory.open();
    await importCompanyDocument(database.db, demoDocument());
    await importCompanyDocument(database.db, demoCopy('retention-b', OFFICE_B));
    for (const key of ['demo', 'retention-b']) {
      const [company] = await database.db.select().from(t.companies).where(eq(t.companies.key, key));
      const [office] = await database.db.select().from(t.offices).where(eq(t.offices.companyId, company!.id));
      companies.push({ id: company!.id, officeId: office!.id });
    }
  });
  beforeEach(async () => {
    await database.db.delete(t.jobs);
    await database.db.delete(t.orders);
    await database.db.delete(t.retentionRuns);
  });
  afterAll(async () => database?.close());

  it('prunes a job finished one second before the limit, of either company, and keeps one finished a second after', async () => {
    const older = await job({ doneAt: at(-1000) });
    const otherCompanys = await job({ company: 1, doneAt: at(-1000) });
    const younger = await job({ doneAt: at(1000) });
    const onTheLimit = await job({ doneAt: at(0) });
    expect(await prune('finished_jobs')).toBe(2);
    expect(await jobIds()).toEqual([younger, onTheLimit].sort());
    expect([older, otherCompanys].some((id) => [younger, onTheLimit].includes(id))).toBe(false);
  });

  it("prunes API key uses one second past the limit and idempotency keys expired a millisecond before now, either company's (decision 0087)", async () => {
    const keys: Array<{ companyId: string; apiKeyId: string }> = [];
    for (const company of [0, 1]) {
      const [key] = await database.db
        .insert(t.apiKeys)
        .values({
          companyId: companies[company]!.id,
          name: 'Retention',
          prefix: `isk_live_retention${company}`,
          keyHash: 'x',
          scopes: ['orders:read'],
        })
        .returning({ id: t.apiKeys.id });
      keys.push({ companyId: companies[company]!.id, apiKeyId: key!.id });
    }
    const use = (company: number, when: Date) => ({
      ...keys[company]!,
      method: 'GET',
      route: '/api/v1/orders',
      status: 200,
      at: when,
    });
    await database.db
      .insert(t.apiKeyEvents)
      .values([use(0, at(-1000)), use(1, at(-1000)), use(0, at(0)), use(0, at(1000))]);
    const idempotency = (company: number, key: string, expiresAt: Date) => ({
      ...keys[company]!,
      key,
      requestHash: 'h',
      createdAt: new Date(expiresAt.getTime() - 86_400_000),
      expiresAt,
    });
    await database.db
      .insert(t.apiIdempotencyKeys)
      .values([
        idempotency(0, 'expired', new Date(NOW.getTime() - 1)),
        idempotency(1, 'expired', new Date(NOW.getTime() - 1)),
        idempotency(0, 'now', NOW),
        idempotency(0, 'later', new Date(NOW.getTime() + 1)),
      ]);
    expect(await prune('api_key_events')).toBe(2);
    expect((await database.db.select().from(t.apiKeyEvents)).map((event) => event.at.getTime()).sort()).toEqual([
      at(0).getTime(),
      at(1000).getTime(),
    ]);
    expect(await prune('idempotency_keys')).toBe(2);
    expect((await database.db.select().from(t.apiIdempotencyKeys)).map((row) => row.key).sort()).toEqual([
      'later',
      'now',
    ]);
    await database.db.delete(t.apiKeys);
  });

  it('never prunes a job in flight, however old: not done, due, or held by a worker', async () => {
    const ancient = at(-365 * 86_400_000);
    const inFlight = [
      await job({ runAt: ancient }),
      await job({ runAt: ancient, lockedUntil: new Date(NOW.getTime() + 60_000), attempts: 1 }),
      await job({ runAt: ancient, lastError: 'ECONNREFUSED', attempts: 3 }),
      // Done, but a worker's lease still runs (it is finishing it): left to the next run.
      await job({ doneAt: ancient, lockedUntil: new Date(NOW.getTime() + 1) }),
    ];
    expect(await prune('finished_jobs')).toBe(0);
    expect(await prune('bounced_jobs')).toBe(0);
    expect(await jobIds()).toEqual(inFlight.sort());
  });

  it("keeps the order page's history the same after its finished and bounced jobs are pruned", async () => {
    const orderId = await order();
    const otherOrder = await order(1);
    const sent = await job({ orderId, runAt: at(-5000) });
    const bounced = await job({ orderId, runAt: at(-4000) });
    const waiting = await job({ orderId, kind: 'reminder_email', runAt: new Date(NOW.getTime() + 86_400_000) });
    const others = await job({ company: 1, orderId: otherOrder, runAt: at(-5000) });
    await completeJob(database.db, sent, at(-2000));
    await completeBouncedJob(database.db, bounced, NOW, 'EENVELOPE 550', '550 5.1.1 User unknown');
    await completeJob(database.db, others, at(-2000));
    const before = await loadOrderMessageJobs(database.db, companies[0]!.id, orderId);
    expect(before.map((message) => [message.id, message.bouncedAt !== null, message.doneAt !== null])).toEqual([
      [sent, false, true],
      [bounced, true, true],
      [waiting, false, false],
    ]);
    expect((await runPruneTasks(database.db, pruneTasks(POLICY), () => NOW, 500)).deleted).toMatchObject({
      finished_jobs: 2,
      bounced_jobs: 1,
    });
    expect(await jobIds()).toEqual([waiting]);
    expect(await loadOrderMessageJobs(database.db, companies[0]!.id, orderId)).toEqual(before);
    // Another company's order keeps its own history, and only its own.
    expect((await loadOrderMessageJobs(database.db, companies[1]!.id, otherOrder)).map((m) => m.id)).toEqual([others]);
    expect(await loadOrderMessageJobs(database.db, companies[1]!.id, orderId)).toEqual([]);
  });

  it('runs each task in batches until one deletes fewer than the limit: 5 rows at 2 a batch are 3 batches', async () => {
    for (let i = 0; i < 5; i++) await job({ doneAt: at(-1000 - i) });
    const seen: number[] = [];
    const only = [taskNamed('finished_jobs')];
    const result = await runPruneTasks(
      database.db,
      only,
      () => NOW,
      2,
      async (progress) => {
        seen.push(progress.deleted.finished_jobs!);
      },
    );
    expect(result).toEqual({ deleted: { finished_jobs: 5 }, batches: 3, complete: true });
    expect(seen).toEqual([2, 4, 5]);
    // 4 rows at 2 a batch: the third batch finds none and ends the task.
    for (let i = 0; i < 4; i++) await job({ doneAt: at(-1000 - i) });
    expect((await runPruneTasks(database.db, only, () => NOW, 2)).batches).toBe(3);
  });

  it('stops between batches once its budget is spent, or at once when the worker is stopping, and says it is not done', async () => {
    for (let i = 0; i < 7; i++) await job({ doneAt: at(-1000 - i) });
    const only = [taskNamed('finished_jobs')];
    // A real-time measure that moves 10 ms each time it is read: the start, then once per batch.
    let elapsed = 0;
    const ticking = { elapsed: () => (elapsed += 10), stopping: () => false };
    // Read at 10 (start), 20 (first batch: 10 spent), 30 (20 spent: the budget, stop).
    const cut = await runPruneTasks(database.db, only, () => NOW, 2, undefined, { ...ticking, budgetMs: 20 });
    expect(cut).toEqual({ deleted: { finished_jobs: 2 }, batches: 1, complete: false });
    // One more millisecond of budget and the same reading lets the second batch run.
    const next = await runPruneTasks(database.db, only, () => NOW, 2, undefined, { ...ticking, budgetMs: 21 });
    expect(next).toEqual({ deleted: { finished_jobs: 4 }, batches: 2, complete: false });
    const stopping = await runPruneTasks(database.db, only, () => NOW, 2, undefined, {
      elapsed: () => 0,
      budgetMs: Infinity,
      stopping: () => true,
    });
    expect(stopping).toEqual({ deleted: { finished_jobs: 0 }, batches: 0, complete: false });
    const rest = await runPruneTasks(database.db, only, () => NOW, 2);
    expect(rest).toEqual({ deleted: { finished_jobs: 1 }, batches: 1, complete: true });
  });

  it('queues the rest of a run cut short at once, behind what is due, and the next after a whole run an interval on', async () => {
    for (let i = 0; i < 3; i++) await job({ doneAt: at(-1000 - i) });
    const clock = () => NOW.getTime();
    await scheduleRetention({ db: database.db, clock });
    const [first] = await database.db.select().from(t.jobs).where(eq(t.jobs.kind, RETENTION_JOB));
    let elapsed = 0;
    const deps = {
      db: database.db,
      policy: POLICY,
      everyMinutes: 60,
      clock,
      tasks: [taskNamed('finished_jobs')],
      limit: 2,
      budgetMs: 1,
      elapsed: () => (elapsed += 1),
    };
    expect(await runRetentionJob(deps, first!.id)).toBe('continues');
    const queued = async () =>
      (await database.db.select().from(t.jobs).where(eq(t.jobs.kind, RETENTION_JOB)))
        .filter((row) => row.id !== first!.id)
        .map((row) => row.runAt.toISOString());
    expect(await queued()).toEqual([NOW.toISOString()]);
    const [second] = (await database.db.select().from(t.jobs).where(eq(t.jobs.kind, RETENTION_JOB))).filter(
      (row) => row.id !== first!.id,
    );
    expect(await runRetentionJob({ ...deps, budgetMs: 1000 }, second!.id)).toBe('pruned');
    expect((await queued()).sort()).toEqual([NOW.toISOString(), new Date(NOW.getTime() + 3_600_000).toISOString()]);
    // A worker stopping cuts the run before its first batch: nothing deleted, the rest queued.
    expect(await runRetentionJob({ ...deps, budgetMs: 1000 }, first!.id, () => true)).toBe('continues');
  });

  it('prunes manage links revoked, or whose inspection ended, more than the limit ago; keeps those within it, and those made within it', async () => {
    const duration = 120 * 60_000;
    const endedBefore = await order(0, 'confirmed', new Date(at(-1000).getTime() - duration));
    const endedAfter = await order(0, 'confirmed', new Date(at(1000).getTime() - duration));
    const upcoming = await order(1, 'confirmed', new Date(NOW.getTime() + 86_400_000));
    const link = async (orderId: string, company: number, revokedAt: Date | null, createdAt = at(-5000)) => {
      const [row] = await database.db
        .insert(t.orderManageLinks)
        .values({
          companyId: companies[company]!.id,
          orderId,
          tokenHash: `hash-${(serial += 1)}`,
          role: 'client',
          recipient: 'dana@example.com',
          revokedAt,
          createdAt,
        })
        .returning({ id: t.orderManageLinks.id });
      return row!.id;
    };
    await link(endedBefore, 0, null);
    // A link sent after its inspection (a payment's): kept as long as the policy after it was made.
    await link(endedBefore, 0, null, at(-1000));
    const kept = [
      await link(endedAfter, 0, null),
      await link(upcoming, 1, null),
      await link(upcoming, 1, at(1000)),
      await link(endedBefore, 0, null, at(1000)),
    ];
    await link(upcoming, 1, at(-1000));
    expect(await prune('manage_links')).toBe(3);
    const left = await database.db.select({ id: t.orderManageLinks.id }).from(t.orderManageLinks);
    expect(left.map((row) => row.id).sort()).toEqual(kept.sort());
  });

  it('prunes sign-in tokens and console sessions that expired more than the limit ago, not those within it', async () => {
    await database.db.delete(t.authVerifications);
    await database.db.insert(t.authVerifications).values([
      { id: 'v-old', identifier: 'x', value: 'y', expiresAt: at(-1000) },
      { id: 'v-new', identifier: 'x', value: 'y', expiresAt: at(1000) },
    ]);
    await database.db
      .insert(t.authUsers)
      .values({ id: 'retention-user', name: 'Dana', email: 'retention-user@example.com' })
      .onConflictDoNothing();
    await database.db.delete(t.authSessions).where(eq(t.authSessions.userId, 'retention-user'));
    await database.db.insert(t.authSessions).values([
      { id: 's-old', token: 'retention-old', userId: 'retention-user', expiresAt: at(-1000) },
      { id: 's-new', token: 'retention-new', userId: 'retention-user', expiresAt: at(1000) },
    ]);
    expect(await prune('auth_verifications')).toBe(1);
    expect(await prune('console_sessions')).toBe(1);
    expect(
      (await database.db.select({ id: t.authVerifications.id }).from(t.authVerifications)).map((r) => r.id),
    ).toEqual(['v-new']);
    const sessions = await database.db
      .select({ id: t.authSessions.id })
      .from(t.authSessions)
      .where(inArray(t.authSessions.id, ['s-old', 's-new']));
    expect(sessions.map((r) => r.id)).toEqual(['s-new']);
  });

  it("prunes the agents' portal's link requests, links and sessions past the limit, of either company; keeps those within it", async () => {
    await database.db.delete(t.agentSignInRequests);
    await database.db.delete(t.agentSignInLinks);
    await database.db.delete(t.agentSessions);
    const [a, b] = [companies[0]!.id, companies[1]!.id];
    const request = (companyId: string, when: Date) => ({
      companyId,
      emailHash: 'e',
      ipHash: 'i',
      outcome: 'sent' as const,
      at: when,
    });
    await database.db
      .insert(t.agentSignInRequests)
      .values([request(a, at(-1000)), request(b, at(-1000)), request(a, at(0)), request(a, at(1000))]);
    const link = (tokenHash: string, companyId: string, expiresAt: Date, usedAt: Date | null = null) => ({
      companyId,
      agentId: 201,
      tokenHash,
      createdAt: new Date(expiresAt.getTime() - 15 * 60_000),
      expiresAt,
      usedAt,
    });
    await database.db
      .insert(t.agentSignInLinks)
      .values([
        link('l-old-used', a, at(-1000), at(-900_000)),
        link('l-old-b', b, at(-1000)),
        link('l-limit', a, at(0)),
        link('l-new-used', a, at(1000), at(-1000)),
      ]);
    const session = (tokenHash: string, expiresAt: Date, revokedAt: Date | null = null, companyId = a) => ({
      companyId,
      agentId: 201,
      tokenHash,
      createdAt: new Date(expiresAt.getTime() - 14 * 86_400_000),
      expiresAt,
      revokedAt,
    });
    await database.db
      .insert(t.agentSessions)
      .values([
        session('s-expired', at(-1000)),
        session('s-revoked-long-ago', at(86_400_000), at(-1000), b),
        session('s-revoked-lately', at(86_400_000), at(1000)),
        session('s-live', at(86_400_000)),
      ]);
    expect(await prune('agent_sign_in_requests')).toBe(2);
    expect(await prune('agent_sign_in_links')).toBe(2);
    expect(await prune('agent_sign_in_sessions')).toBe(2);
    const requestsLeft = await database.db.select({ at: t.agentSignInRequests.at }).from(t.agentSignInRequests);
    expect(requestsLeft.map((r) => r.at.getTime()).sort()).toEqual([at(0).getTime(), at(1000).getTime()]);
    const linksLeft = await database.db.select({ hash: t.agentSignInLinks.tokenHash }).from(t.agentSignInLinks);
    expect(linksLeft.map((r) => r.hash).sort()).toEqual(['l-limit', 'l-new-used']);
    const sessionsLeft = await database.db.select({ hash: t.agentSessions.tokenHash }).from(t.agentSessions);
    expect(sessionsLeft.map((r) => r.hash).sort()).toEqual(['s-live', 's-revoked-lately']);
  });

  it("prunes a confirmed or cancelled order's visitor session expired past the limit; never a draft's (issue 49's drafts part)", async () => {
    const session = async (orderId: string, expiresAt: Date) => {
      const [row] = await database.db
        .insert(t.sessions)
        .values({
          companyId: companies[0]!.id,
          officeId: companies[0]!.officeId,
          orderId,
          tokenHash: `session-${(serial += 1)}`,
          expiresAt,
        })
        .returning({ id: t.sessions.id });
      return row!.id;
    };
    const confirmed = await order(0, 'confirmed');
    const cancelled = await order(0, 'cancelled');
    const draft = await order(0, 'draft');
    await session(confirmed, at(-1000));
    await session(cancelled, at(-1000));
    const kept = [await session(confirmed, at(1000)), await session(draft, at(-365 * 86_400_000))];
    expect(await prune('visitor_sessions')).toBe(2);
    // Run after the drafts' task (decision 0100): the expired sessions of abandoned drafts are gone
    // by then, and the batches walking the sessions by expiry do not step over them.
    const names = pruneTasks(POLICY).map((task) => task.name);
    expect(names.indexOf('visitor_sessions')).toBeGreaterThan(names.indexOf('abandoned_drafts'));
    const left = await database.db.select({ id: t.sessions.id }).from(t.sessions);
    expect(left.map((row) => row.id).sort()).toEqual(kept.sort());
  });

  it("back-fills (migration 0029) the jobs' order from their payload and the finished messages, set-based", async () => {
    const orderId = await order();
    const otherOrder = await order(1);
    // Jobs as the code before 0029 queued and finished them: the order only in the payload.
    const sent = await job({ orderId, doneAt: at(-1000) });
    const refused = await job({ orderId, kind: 'sms', doneAt: at(-1000), lastError: 'SMS_REFUSED 21211' });
    const bounced = await job({ orderId, doneAt: at(-1000), bouncedAt: at(-500), bounceReason: '550 no such user' });
    const waiting = await job({ orderId, kind: 'reminder_email' });
    const others = await job({ company: 1, orderId: otherOrder, doneAt: at(-1000) });
    const notAMessage = await job({ orderId, kind: 'stripe_expire_checkout', doneAt: at(-1000) });
    const malformed = await job({ payload: { order_id: 'not-a-uuid' }, doneAt: at(-1000) });
    await database.db.update(t.jobs).set({ orderId: null });
    await database.db.delete(t.orderMessages);
    for (const statement of backFillStatements()) await database.db.execute(sql.raw(statement));

    const orders = await database.db.select({ id: t.jobs.id, orderId: t.jobs.orderId }).from(t.jobs);
    expect(new Map(orders.map((row) => [row.id, row.orderId]))).toEqual(
      new Map([
        [sent, orderId],
        [refused, orderId],
        [bounced, orderId],
        [waiting, orderId],
        [others, otherOrder],
        [notAMessage, orderId],
        [malformed, null],
      ]),
    );
    const kept = await database.db
      .select({ id: t.orderMessages.jobId, company: t.orderMessages.companyId, state: t.orderMessages.state })
      .from(t.orderMessages);
    expect(kept.sort((a, b) => a.id - b.id)).toEqual(
      [
        { id: sent, company: companies[0]!.id, state: 'sent' },
        { id: refused, company: companies[0]!.id, state: 'skipped' },
        { id: bounced, company: companies[0]!.id, state: 'bounced' },
        { id: others, company: companies[1]!.id, state: 'sent' },
      ].sort((a, b) => a.id - b.id),
    );
  });

  it('records a run for the operator and queues the next one once, even when the worker repeats the run', async () => {
    const clock = () => NOW.getTime();
    await scheduleRetention({ db: database.db, clock });
    await scheduleRetention({ db: database.db, clock: () => NOW.getTime() + 60_000 });
    const queued = await database.db.select().from(t.jobs).where(eq(t.jobs.kind, RETENTION_JOB));
    expect(queued).toHaveLength(1);
    await job({ doneAt: at(-1000) });
    const deps = { db: database.db, policy: POLICY, everyMinutes: 60, clock };
    expect(await runRetentionJob(deps, queued[0]!.id)).toBe('pruned');
    // The worker died before marking it done, and runs it again: the next run is still one.
    await runRetentionJob(deps, queued[0]!.id);
    const status = await retentionStatus(database.db, POLICY);
    expect(status.retention_days).toBe(DAYS);
    expect(status.runs).toHaveLength(2);
    expect(status.runs[1]).toMatchObject({
      started_at: NOW.toISOString(),
      finished_at: NOW.toISOString(),
      error: null,
    });
    expect(status.runs[1]!.deleted.finished_jobs).toBe(1);
    expect(status.runs[0]!.deleted.finished_jobs).toBe(0);
    // The first run (queued at start) and the next, an hour on.
    const pending = await database.db.select().from(t.jobs).where(eq(t.jobs.kind, RETENTION_JOB));
    expect(pending.map((row) => row.runAt.toISOString()).sort()).toEqual([
      NOW.toISOString(),
      new Date(NOW.getTime() + 3_600_000).toISOString(),
    ]);
    expect(status.next_run_at).toBe(NOW.toISOString());
  });
});
