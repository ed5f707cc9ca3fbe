import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { addDays, ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import { openDatabase } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { startServerProcess, type ServerProcess } from '../../test-support/server-process.ts';
import { demoDocument } from '../../test-support/test-app.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import { DEMO_OFFICE_UUID } from '../company-document/demo-company.ts';
import { startSession } from '../sessions/sessions.service.ts';
import { answerDemoPropertyQuestions, DEMO_SERVICE } from '../confirm/confirm-test-support.ts';
import { flakyMailServer } from './test-mail-server.ts';

const ADMIN_TOKEN = 'crash-test-admin-token-0123';
/** Starting the real server (compiling, migrating) is slow on a busy machine. */
const PROCESS_TEST_TIMEOUT_MS = 240_000;

/** An order of the demo company ready to confirm, written straight into the embedded database before the server starts. */
async function prepareOrder(dataDir: string): Promise<{ token: string; orderId: string }> {
  // Where the server keeps its embedded database (see db/open-configured.ts).
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await importCompanyDocument(database.db, demoDocument());
    const { token, orderId } = await startSession(database.db, { ttlDays: 1 }, 'demo', DEMO_OFFICE_UUID);
    const [order] = await database.db
      .select({ companyId: t.orders.companyId })
      .from(t.orders)
      .where(eq(t.orders.id, orderId));
    const companyId = order!.companyId;
    let date = addDays(new Date().toISOString().slice(0, 10), 10);
    while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = addDays(date, 1);
    const start = new ZonedCalendar('America/New_York').toInstant(date, 10 * 60)!;
    await database.db
      .update(t.orders)
      .set({
        serviceIds: [DEMO_SERVICE],
        address1: '1450 Morse Rd',
        city: 'Columbus',
        stateId: 36,
        postalCode: '43229',
        userType: { type: 'CLIENT_HOMEOWNER', text: 'Home Owner', other: '' },
        datetime: new Date(start),
        durationMinutes: 180,
        inspectors: [{ id: 101, requested: false }],
      })
      .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
    await database.db.insert(t.orderParties).values({
      companyId,
      orderId,
      role: 'client',
      position: 0,
      person: { first: 'Dana', last: 'Whitaker', email: 'dana@example.com', mobile_phone: '614-555-0142' },
    });
    await answerDemoPropertyQuestions(database.db, companyId, orderId);
    return { token, orderId };
  } finally {
    await database.close();
  }
}

describe('a server killed after confirming', () => {
  const servers: ServerProcess[] = [];
  let dataDir = '';
  const { server: smtp, received, state: mail } = flakyMailServer();

  afterAll(async () => {
    for (const server of servers) await server.dispose();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'keeps the order, and sends its e-mails exactly once after the restart',
    async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'confirm-crash-'));
      const { token, orderId } = await prepareOrder(dataDir);
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      const env = {
        DATA_DIR: dataDir,
        ADMIN_TOKEN,
        DEMO_COMPANY: 'off',
        SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
        NOTIFY_POLL_MS: '100',
        NOTIFY_RETRY_BASE_MS: '100',
        NOTIFY_RETRY_MAX_MS: '200',
        // A job the killed process had claimed is taken over once its lease lapses.
        NOTIFY_LEASE_MS: '2000',
      };

      const first = await startServerProcess(env);
      servers.push(first);
      const confirmed = await fetch(`${first.baseUrl}/demo/json/online_scheduler/confirm`, {
        method: 'POST',
        headers: { 'x-auth-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ special_note: '' }),
      });
      expect(confirmed.status).toBe(200);
      // The worker is trying (the mail server refuses) when the process dies without warning.
      await vi.waitFor(() => expect(mail.refusals).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      expect(received).toHaveLength(0);

      mail.accepting = true;
      const second = await startServerProcess(env);
      servers.push(second);
      const orders = await fetch(`${second.baseUrl}/api/admin/companies/demo/orders`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(((await orders.json()) as { orders: Array<{ id: string; status: string }> }).orders).toEqual([
        expect.objectContaining({ id: orderId, status: 'confirmed' }),
      ]);

      await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 60_000, interval: 100 });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(received).toHaveLength(2);
      const recipients = (await Promise.all(received.map((raw) => simpleParser(raw))))
        .map((m) => (Array.isArray(m.to) ? '' : m.to?.text))
        .sort();
      expect(recipients).toEqual(['dana@example.com', 'schedule@sciotovalleyinspections.com']);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
