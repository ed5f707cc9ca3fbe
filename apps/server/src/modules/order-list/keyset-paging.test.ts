/**
 * The order lists paged by cursor and the whole CSV streamed in batches (decision 0071): every
 * order once, in the listing's order (appointment, then id), across ties of the appointment at a
 * page's or a batch's edge, the orders without a time last, and never another company's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeOrdersCursor } from '@scheduler/contracts/orders-cursor';
import type { AdminOrdersResponse } from '@scheduler/contracts/confirm';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { csvRecords } from '../../test-support/orders-listing.ts';
import { demoDocumentWith, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test-support/test-app.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import { CSV_BATCH } from './admin-orders.service.ts';

const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const LIST = '/api/admin/companies/demo/orders';
const NEIGHBOUR_OFFICE = 'c0000000-0000-4000-8000-0000000000ef';
/** The demo's orders of the paging tests: 11 with a time, three to an hour (ties), and 2 without one. */
const TIMED = 11;
const UNTIMED = 2;
/**
 * The orders of the export test: two batches and one order more, seven to an appointment (500 is
 * no multiple of 7, so ties straddle each batch's edge), the last batch one order long.
 */
const EXPORTED = 2 * CSV_BATCH + 1;

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describeOnEachDatabase(
  'the order lists paged by cursor, and the whole CSV streamed',
  // The embedded database reads the cursor's row comparison too (decision 0069).
  { onPgliteToo: 'engine tests' },
  (factory, { itOnEveryDatabase }) => {
    let harness: TestApp;
    const ids = { demo: '', neighbour: '' };
    /** The demo's listed orders as the database orders them. */
    let expected: string[] = [];

    const get = (url: string, headers: Record<string, string> = ADMIN) =>
      harness.app.inject({ method: 'GET', url, headers });
    const page = async (url: string): Promise<AdminOrdersResponse> => {
      const answer = await get(url);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };

    /** `count` orders of a company set-based, `perHour` to each appointment from 2027-03-01 13:00 UTC (null: none). */
    async function insertOrders(companyId: string, count: number, perHour: number | null) {
      await harness.database.db.execute(sql`
        insert into orders (company_id, office_id, status, confirmed_at, datetime, duration_minutes, address1, city)
        select c.id, o.id, 'confirmed', '2027-02-01T13:00:00Z'::timestamptz,
          ${perHour === null ? sql`null` : sql`'2027-03-01T13:00:00Z'::timestamptz + (n / ${perHour}) * interval '1 hour'`},
          120, n || ' Maple Street', 'Columbus'
        from generate_series(0, ${count - 1}::int) n
        cross join companies c join offices o on o.company_id = c.id
        where c.id = ${companyId}`);
    }

    /** The company's confirmed orders in the listing's order, as the database sorts them. */
    async function orderedIds(companyId: string): Promise<string[]> {
      return rows<{ id: string }>(
        await harness.database.db.execute(
          sql`select id from orders where company_id = ${companyId} and status = 'confirmed' order by datetime asc nulls last, id`,
        ),
      ).map((row) => row.id);
    }

    beforeAll(async () => {
      harness = await startTestApp(factory);
      await importCompanyDocument(
        harness.database.db,
        demoDocumentWith({}, (document) => {
          document.key = 'neighbour';
          document.offices[0].uuid = NEIGHBOUR_OFFICE;
          for (const inspector of document.inspectors) inspector.office = NEIGHBOUR_OFFICE;
        }),
      );
      for (const key of ['demo', 'neighbour'] as const)
        ids[key] = rows<{ id: string }>(
          await harness.database.db.execute(sql`select id from companies where key = ${key}`),
        )[0]!.id;
      // The neighbour's orders at the very same times, and more of them: none may show in the demo's pages.
      for (const key of ['demo', 'neighbour'] as const) {
        await insertOrders(ids[key], TIMED * (key === 'demo' ? 1 : 2), 3);
        await insertOrders(ids[key], UNTIMED, null);
      }
      expected = await orderedIds(ids.demo);
      expect(expected).toHaveLength(TIMED + UNTIMED);
    });

    afterAll(async () => {
      await harness?.close();
    });

    /** Every page from the first by next_cursor, then back from the last by previous_cursor. */
    async function walk(perPage: number) {
      const forward: AdminOrdersResponse[] = [await page(`${LIST}?per_page=${perPage}`)];
      while (forward.at(-1)!.next_cursor !== null)
        forward.push(await page(`${LIST}?per_page=${perPage}&cursor=${forward.at(-1)!.next_cursor}`));
      const backward: AdminOrdersResponse[] = [forward.at(-1)!];
      while (backward.at(-1)!.previous_cursor !== null)
        backward.push(await page(`${LIST}?per_page=${perPage}&cursor=${backward.at(-1)!.previous_cursor}`));
      return { forward, backward };
    }
    const idsOf = (pages: AdminOrdersResponse[]) => pages.map((p) => p.orders.map((o) => o.id));

    itOnEveryDatabase(
      'walks every order once, in order, forward and back, whatever the page size: ties and the untimed orders across the edges',
      async () => {
        for (const perPage of [1, 2, 3, 4, 5]) {
          const { forward, backward } = await walk(perPage);
          expect(idsOf(forward).flat(), `per_page=${perPage}`).toEqual(expected);
          expect(
            forward
              .map((p) => p.orders.length)
              .slice(0, -1)
              .every((n) => n === perPage),
          ).toBe(true);
          // Back from the last page, the same pages as going forward.
          expect(idsOf(backward).reverse(), `per_page=${perPage}`).toEqual(idsOf(forward));
          expect(forward.every((p) => p.total === TIMED + UNTIMED)).toBe(true);
          expect(forward[0]!.previous_cursor).toBeNull();
          expect(forward[0]!.page).toBe(1);
          expect(forward.slice(1).every((p) => p.page === null)).toBe(true);
        }
      },
    );

    it('ends on a page exactly full: no next cursor, and no empty page after it', async () => {
      const whole = await page(`${LIST}?per_page=${TIMED + UNTIMED}`);
      expect(whole.orders.map((o) => o.id)).toEqual(expected);
      expect([whole.next_cursor, whole.previous_cursor]).toEqual([null, null]);
      // One short of the whole: a next page of one.
      const short = await page(`${LIST}?per_page=${TIMED + UNTIMED - 1}`);
      expect(short.next_cursor).not.toBeNull();
      const last = await page(`${LIST}?per_page=${TIMED + UNTIMED - 1}&cursor=${short.next_cursor}`);
      expect(last.orders.map((o) => o.id)).toEqual(expected.slice(-1));
      expect(last.next_cursor).toBeNull();
      // 13 orders in pages of 13 − 6 = 7 and 6: the second exactly full, and the last.
      const first = await page(`${LIST}?per_page=7`);
      const second = await page(`${LIST}?per_page=6&cursor=${first.next_cursor}`);
      expect(second.orders.map((o) => o.id)).toEqual(expected.slice(7));
      expect(second.next_cursor).toBeNull();
    });

    it('pages by number as before, and gives the cursors on from there', async () => {
      const second = await page(`${LIST}?per_page=4&page=2`);
      expect([second.page, second.orders.map((o) => o.id)]).toEqual([2, expected.slice(4, 8)]);
      const third = await page(`${LIST}?per_page=4&cursor=${second.next_cursor}`);
      expect(third.orders.map((o) => o.id)).toEqual(expected.slice(8, 12));
      const first = await page(`${LIST}?per_page=4&cursor=${second.previous_cursor}`);
      expect(first.orders.map((o) => o.id)).toEqual(expected.slice(0, 4));
      expect(first.previous_cursor).toBeNull();
    });

    it("never shows another company's orders, even from a cursor naming one of them", async () => {
      const [theirs] = await orderedIds(ids.neighbour);
      const cursor = encodeOrdersCursor({ direction: 'after', at: '2027-03-01T13:00:00.000Z', id: theirs! });
      const answer = await page(`${LIST}?per_page=50&cursor=${cursor}`);
      expect(answer.orders.length).toBeGreaterThan(0);
      expect(answer.orders.every((o) => expected.includes(o.id))).toBe(true);
      const csv = await get(`${LIST}?all=true`, { ...ADMIN, accept: 'text/csv' });
      expect(csvRecords(csv.body).map((row) => row.id)).toEqual(expected);
    });

    it('refuses a cursor it did not give with 400 naming cursor, and a page number beside one naming page', async () => {
      const valid = encodeOrdersCursor({ direction: 'after', at: '2027-03-01T13:00:00.000Z', id: expected[0]! });
      for (const bad of [
        'garbage!',
        'bm90LWEtY3Vyc29y', // "not-a-cursor"
        encodeOrdersCursor({ direction: 'after', at: 'yesterday', id: expected[0]! }),
        encodeOrdersCursor({ direction: 'after', at: null, id: 'not-a-uuid' }),
        'x'.repeat(201),
      ]) {
        const answer = await get(`${LIST}?cursor=${encodeURIComponent(bad)}`);
        expect(answer.statusCode, bad).toBe(400);
        expect(answer.json().error.field, bad).toBe('cursor');
      }
      const both = await get(`${LIST}?page=2&cursor=${valid}`);
      expect([both.statusCode, both.json().error.field]).toEqual([400, 'page']);
      const allAsJson = await get(`${LIST}?all=true`);
      expect([allAsJson.statusCode, allAsJson.json().error.field]).toEqual([400, 'all']);
      // The console's list and CSV read the same cursor.
      expect((await page(`${LIST}?cursor=${valid}`)).orders.map((o) => o.id)).toEqual(expected.slice(1));
    });

    it(`streams an export of ${EXPORTED} orders whole and in order, ties across its batches of ${CSV_BATCH}`, async () => {
      await harness.database.db.execute(sql`delete from orders where company_id = ${ids.demo}`);
      await insertOrders(ids.demo, EXPORTED, 7);
      const ordered = await orderedIds(ids.demo);
      const answer = await get(`${LIST}?all=true&per_page=3&page=2`, { ...ADMIN, accept: 'text/csv' });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-total-count']).toBe(String(EXPORTED));
      expect(answer.headers['content-disposition']).toBe('attachment; filename="orders-demo.csv"');
      const records = csvRecords(answer.body);
      expect(records.map((row) => row.id)).toEqual(ordered);
      // One header, at the top.
      expect(answer.body.match(/^id,local_date,/gm)).toHaveLength(1);
      // Without all, the CSV is still the page asked for.
      const paged = await get(`${LIST}?per_page=3&page=2`, { ...ADMIN, accept: 'text/csv' });
      expect(csvRecords(paged.body).map((row) => row.id)).toEqual(ordered.slice(3, 6));
    });
  },
);
