import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { wizardCalls } from '../../test-support/wizard-calls.ts';
import { DemoOrder } from './confirm-test-support.ts';

/**
 * The statements each step of a visitor's booking sends, once the server's caches hold the
 * company (issue 48: a quarter of a booking's server time was sending queries, one round trip
 * each). BEGIN and COMMIT are left out: PGlite's driver sends them outside the ORM's log, and a
 * transaction costs them whatever it holds. Raising a budget needs a reason in the commit.
 */
const BUDGET = {
  /** The office's row, then the draft order, its session and its first event in one statement. */
  session: 2,
  /** The session, then the order, its people, its answers and its hold (read side by side). */
  order: 5,
  /** The session, the order, the inspectors' commitments. */
  availability: 3,
  /** The write state; the order; the commitments; release and hold; the held time with its event; coupon leases. */
  hold: 7,
  /** The session (the hold's write made its cached record stale); the scheduler setting; lock; count; insert. */
  events: 5,
  /**
   * Scheduler setting; the order with its people; questions with answers; then in the transaction
   * the order's lock, release and hold, the price's order read, the update, manage links, the
   * event with the jobs, and the company's templates (none here: nothing to sign, no more read).
   */
  confirm: 11,
} as const;

const isTransactionControl = (statement: string) => /^\s*(begin|commit|rollback)\b/i.test(statement);

describeOnEachDatabase('the statements of a booking', (factory) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory, {
      logStatements: true,
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
  });
  afterAll(async () => harness.close());

  /** The statements `step` sent, once every change committed before it was heard (so no late invalidation adds one). */
  async function statementsOf(step: () => Promise<unknown>): Promise<string[]> {
    await harness.database.changes.flush();
    const before = harness.statements.length;
    await step();
    return harness.statements.slice(before).filter((statement) => !isTransactionControl(statement));
  }

  async function book(slotIndex: number): Promise<Record<keyof typeof BUDGET, number>> {
    let token = '';
    const session = await statementsOf(async () => (token = await startDemoSession(harness.app)));
    let order!: DemoOrder;
    const opened = await statementsOf(
      async () => (order = await DemoOrder.start(harness.app, harness.database.db, token)),
    );
    await order.fillIn({ agentEmail: 'ray@example.com' });
    let slots: Awaited<ReturnType<DemoOrder['slots']>> = [];
    const availability = await statementsOf(async () => (slots = await order.slots()));
    const hold = await statementsOf(async () =>
      expect((await order.hold(slots[slotIndex]!)).json()).toMatchObject({ status: 'ok' }),
    );
    const calls = wizardCalls(() => harness.app);
    const events = await statementsOf(async () =>
      expect(
        (await calls.post(order.token, '/events', { events: [{ name: 'step_viewed', step: 'review' }] })).statusCode,
      ).toBe(204),
    );
    const confirm = await statementsOf(async () =>
      expect((await order.confirm('', `statements-${slotIndex}`)).json()).toMatchObject({ status: 'ok' }),
    );
    return {
      session: session.length,
      order: opened.length,
      availability: availability.length,
      hold: hold.length,
      events: events.length,
      confirm: confirm.length,
    };
  }

  it('sends its budget of statements at each step, once the caches hold the company', async () => {
    // The first booking fills the caches (the catalogue, the inspectors, the weeks' commitments).
    await book(0);
    const counts = await book(3);
    expect(counts).toEqual(BUDGET);
  });
});
