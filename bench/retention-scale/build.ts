/**
 * The retention benchmark's database (decision 0079): the shape of issue 49's measure (1,000
 * companies, about 1.5 million orders over two years of which a third abandoned drafts, five
 * jobs (the measure has six) and ten funnel events per booking, manage links per recipient, expired console sign-ins),
 * RETENTION_SCALE_FACTOR of it. Companies come in through the company-document import and two
 * template bookings through the visitor's and admin's API (bench/scale's generator); every other
 * row is written set-based, one INSERT ... SELECT per table over all companies, copying the
 * templates' rows so that they are as the product writes them. Built once per factor and kept,
 * a marker table saying by which version and for which instant ("now" of the data).
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { importCompanyDocument } from '../../apps/server/src/modules/company-document/companies.service.ts';
import { ensureDemoCompany } from '../../apps/server/src/modules/company-document/demo-company.ts';
import { keepOrderMessages } from '../../apps/server/src/modules/notifications/job-queue.repository.ts';
import { officeUuidOf, scaleCompanyDocument } from '../scale/company-documents.ts';
import { createEmptyDatabase, databaseExists, openForBuilding, poolOf, urlOf } from '../scale/databases.ts';
import { bookTemplates } from '../scale/generate.ts';

/** Bump when what the generator writes changes: a database built by another version is rebuilt. */
export const RETENTION_SCALE_VERSION = 1;

/** The measure's figures at factor 1 (issue 49). */
export const MEASURE = {
  companies: 1_000,
  ordersPerCompany: 1_500,
  days: 730,
  /** Per thousand orders: confirmed below 640, cancelled below 666, drafts the rest (the measure's 960k/39k/500k). */
  confirmedPerMille: 640,
  cancelledPerMille: 666,
  inspectorsPerCompany: 5,
  /** Console sign-ins expired long ago, per company (sessions and verification tokens each). */
  expiredSignInsPerCompany: 20,
};

export interface RetentionScaleMarker {
  version: number;
  factor: number;
  /** The data's "now": orders run up to it, the pruning job's clock is fixed at it. */
  now: string;
  buildSeconds: number;
  companies: number;
  smallCompany: { key: string; office: string };
}

export const databaseOf = (factor: number) =>
  factor === 1 ? 'retention_scale' : `retention_scale_${String(factor).replace('.', '_')}`;

const META = 'bench_retention_scale_meta';

export async function readRetentionMarker(database: string): Promise<RetentionScaleMarker | null> {
  if (!(await databaseExists(database))) return null;
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    const result = await client.query<{ marker: RetentionScaleMarker }>(`select marker from ${META} where id = 1`);
    return result.rows[0]?.marker ?? null;
  } catch {
    // No marker table: the build never finished.
    return null;
  } finally {
    await client.end();
  }
}

/**
 * The plan: one row per generated order, its kind and times. Orders of a company are 730/1500 days
 * (11.7 h) apart and each company's inspectors take them in turn, so no two appointments or holds
 * of an inspector overlap (the exclusion constraint holds without a search). A confirmed order is
 * for three days after it was made; a draft has people two times in three, an expired hold one in
 * four and a coupon lease one in ten; a draft sent 1 to 5 of the wizard's events.
 */
const PLAN = (now: string, templateKey: string) => `
  create unlogged table bench_plan as
  with company as (
    select c.id as company_id, o.id as office_id, row_number() over (order by c.key) - 1 as c
    from companies c join offices o on o.company_id = c.id
    where c.key like 'small-%' and c.key <> '${templateKey}'),
  made as (
    select company_id, office_id, c, k, (k * 389 + c * 7) % 1000 as mix,
      '${now}'::timestamptz - interval '${MEASURE.days} days'
        + (k + 0.5) * interval '${(MEASURE.days * 24 * 60) / MEASURE.ordersPerCompany} minutes'
        + (c % 97) * interval '1 minute' as created_at
    from company cross join generate_series(0, ${MEASURE.ordersPerCompany - 1}) k)
  select gen_random_uuid() as order_id, company_id, office_id, c, k,
    case when mix < ${MEASURE.confirmedPerMille} then 'confirmed' when mix < ${MEASURE.cancelledPerMille} then 'cancelled' else 'draft' end as kind,
    created_at, created_at + interval '3 days' as start_at, 1 + k % ${MEASURE.inspectorsPerCompany} as inspector_id,
    mix < ${MEASURE.cancelledPerMille} or k % 3 <> 0 as has_people,
    mix >= ${MEASURE.cancelledPerMille} and k % 4 = 1 as has_hold,
    mix >= ${MEASURE.cancelledPerMille} and k % 10 = 3 as has_lease,
    case when mix < ${MEASURE.cancelledPerMille} then 100 else 1 + k % 5 end as funnel_events
  from made`;

/** How a template's time moves to the planned order's: by the difference of their creations. */
const moved = (value: string) => `${value} + (p.created_at - tpo.created_at)`;
const replaceId = (text: string) => `replace(${text}, tpo.id::text, p.order_id::text)`;

/** Each planned order's template: the cancelled booking for a cancelled order, else the confirmed one. */
const FROM_PLAN = `from bench_plan p join orders tpo on tpo.id = case when p.kind = 'cancelled' then $2::uuid else $1::uuid end`;

const STATEMENTS: Array<[string, string]> = [
  [
    'orders',
    `insert into orders (id, company_id, office_id, status, saved, confirmed_at, cancelled_at, cancel_reason, datetime,
       duration_minutes, inspectors, address1, city, state_id, postal_code, service_ids, package_ids, user_type, sqft,
       year_built, foundation_type_id, attribution, pricing_snapshot, pay_url, created_at, updated_at)
     select p.order_id, p.company_id, p.office_id, p.kind, p.kind <> 'draft',
       case when p.kind <> 'draft' then p.created_at + interval '15 minutes' end,
       case when p.kind = 'cancelled' then p.created_at + interval '1 day' end, tpo.cancel_reason,
       case when p.kind <> 'draft' or p.has_hold then p.start_at end, tpo.duration_minutes,
       jsonb_build_array(jsonb_build_object('id', p.inspector_id, 'requested', false)),
       (100 + p.k) || ' Bench Street', tpo.city, tpo.state_id, tpo.postal_code, tpo.service_ids, tpo.package_ids,
       case when p.has_people then tpo.user_type end, tpo.sqft, tpo.year_built, tpo.foundation_type_id,
       case when p.k % 3 = 0 then '{"utm_source":"google"}'::jsonb else '{}'::jsonb end,
       case when p.kind <> 'draft' then tpo.pricing_snapshot end,
       case when p.kind <> 'draft' then ${replaceId('tpo.pay_url')} end,
       p.created_at,
       case when p.kind = 'cancelled' then p.created_at + interval '1 day' when p.kind = 'confirmed' then p.created_at + interval '15 minutes'
         else p.created_at + interval '12 minutes' end
     ${FROM_PLAN}`,
  ],
  [
    'sessions',
    `insert into sessions (company_id, office_id, order_id, token_hash, created_at, last_seen_at, expires_at)
     select p.company_id, p.office_id, p.order_id, md5(p.order_id::text) || md5(p.order_id::text || 'session'),
       p.created_at, p.created_at + interval '12 minutes', p.created_at + interval '7 days' from bench_plan p`,
  ],
  [
    'order_parties',
    `insert into order_parties (company_id, order_id, role, position, person)
     select p.company_id, p.order_id, r.role, r.position, r.person || jsonb_build_object('last', 'Last' || (p.k % 700))
     ${FROM_PLAN} join order_parties r on r.order_id = tpo.id where p.has_people`,
  ],
  [
    'order_answers',
    `insert into order_answers (company_id, order_id, control_id, value, checked)
     select p.company_id, p.order_id, r.control_id, r.value, r.checked
     ${FROM_PLAN} join order_answers r on r.order_id = tpo.id where p.has_people`,
  ],
  [
    'order_events',
    `insert into order_events (company_id, order_id, type, data, created_at)
     select p.company_id, p.order_id, r.type, (${replaceId('r.data::text')})::jsonb, ${moved('r.created_at')}
     ${FROM_PLAN} join order_events r on r.order_id = tpo.id
     where p.kind <> 'draft' or r.created_at < tpo.confirmed_at`,
  ],
  [
    'appointments',
    `insert into appointments (company_id, office_id, order_id, inspector_id, kind, during, hold_expires_at, created_at)
     select p.company_id, p.office_id, p.order_id, p.inspector_id,
       case when p.kind = 'draft' then 'hold' else 'appointment' end,
       tstzrange(p.start_at, p.start_at + make_interval(mins => greatest(tpo.duration_minutes, 60)), '[)'),
       case when p.kind = 'draft' then p.created_at + interval '20 minutes' end, p.created_at
     ${FROM_PLAN} where p.kind = 'confirmed' or p.has_hold`,
  ],
  [
    'coupon_redemptions',
    `insert into coupon_redemptions (company_id, order_id, code, lease_expires_at, created_at)
     select p.company_id, p.order_id, 'BENCH10', p.created_at + interval '30 minutes', p.created_at
     from bench_plan p where p.has_lease`,
  ],
  [
    'confirm_requests',
    `insert into confirm_requests (company_id, order_id, idempotency_key, response, created_at)
     select p.company_id, p.order_id, 'bench-' || p.order_id, (${replaceId('r.response::text')})::jsonb, ${moved('r.created_at')}
     ${FROM_PLAN} join confirm_requests r on r.order_id = tpo.id where p.kind <> 'draft'`,
  ],
  [
    // A reminder runs a number of hours before the inspection; the rest when the template's did,
    // moved. Whatever ran before the data's now is done (the queue sent it), the rest waits.
    'jobs',
    `insert into jobs (company_id, kind, dedupe_key, payload, attempts, run_at, done_at, order_id, created_at)
     select p.company_id, r.kind, ${replaceId('r.dedupe_key')},
       case when x.run_at <= $3::timestamptz then (${replaceId('r.payload::text')})::jsonb - 'manage_token'
         else (${replaceId('r.payload::text')})::jsonb end,
       case when x.run_at <= $3::timestamptz then 1 else 0 end, x.run_at,
       case when x.run_at <= $3::timestamptz then x.run_at + interval '2 seconds' end, p.order_id, ${moved('r.created_at')}
     ${FROM_PLAN} join jobs r on r.company_id = tpo.company_id and r.order_id = tpo.id
     cross join lateral (select case when r.payload ? 'hours_before'
       then p.start_at - make_interval(hours => (r.payload->>'hours_before')::int) else ${moved('r.run_at')} end as run_at) x
     where p.kind <> 'draft'`,
  ],
  [
    'order_manage_links',
    `insert into order_manage_links (company_id, order_id, token_hash, role, recipient, created_at)
     select p.company_id, p.order_id, md5(p.order_id::text || r.id::text) || md5(r.id::text), r.role, r.recipient, ${moved('r.created_at')}
     ${FROM_PLAN} join order_manage_links r on r.order_id = tpo.id where p.kind <> 'draft'`,
  ],
  [
    'funnel_events',
    `insert into funnel_events (company_id, office_id, order_id, name, step, data, created_at)
     select p.company_id, p.office_id, p.order_id, r.name, r.step, r.data, ${moved('r.created_at')}
     ${FROM_PLAN} join (select f.*, row_number() over (partition by f.order_id order by f.id) as position
       from funnel_events f where f.order_id in ($1::uuid, $2::uuid)) r on r.order_id = tpo.id
     where r.position <= p.funnel_events`,
  ],
];

const log = (line: string) => process.stdout.write(`  ${line}\n`);

/** The database of `factor`, built unless a marker of this version says it is there (RETENTION_SCALE_REBUILD=1 builds it again). */
export async function ensureRetentionScaleDatabase(factor: number, rebuild: boolean): Promise<RetentionScaleMarker> {
  const database = databaseOf(factor);
  const existing = await readRetentionMarker(database);
  if (existing && existing.version === RETENTION_SCALE_VERSION && existing.factor === factor && !rebuild) {
    log(`${database}: reused (built ${existing.now} in ${existing.buildSeconds.toFixed(0)} s)`);
    return existing;
  }
  const started = performance.now();
  const since = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const companies = Math.max(2, Math.round(MEASURE.companies * factor));
  log(`${database}: building ${companies} companies of ${MEASURE.ordersPerCompany} orders on ${urlOf(database)}`);
  await createEmptyDatabase(database);
  const handle = await openForBuilding(database);
  try {
    await ensureDemoCompany(handle.db);
    for (let n = 1; n <= companies; n++) {
      await importCompanyDocument(
        handle.db,
        scaleCompanyDocument(`small-${n}`, `Small Inspections ${n}`, n + 1, MEASURE.inspectorsPerCompany),
      );
      if (n % 100 === 0) log(`${n} of ${companies} companies imported (${since()})`);
    }
    // The templates are booked in the last company, which the plan leaves out of its orders.
    const templateCompany = { key: `small-${companies}`, office: officeUuidOf(companies + 1) };
    const templates = await bookTemplates(handle, templateCompany.key, templateCompany.office);
    // The data's now: the templates were just booked, so every copy is made up to it.
    const now = new Date().toISOString();
    log(`companies imported, templates booked (${since()})`);
    const pool = poolOf(handle);
    const client = await pool.connect();
    try {
      // As bench/scale's cloner: the change feed's triggers and foreign-key checks are skipped
      // (the copies satisfy them by construction); the exclusion constraint still holds.
      await client.query(`set session_replication_role = replica`);
      await client.query(`set statement_timeout = 0`);
      await client.query(PLAN(now, templateCompany.key));
      await client.query(`create index on bench_plan (order_id); analyze bench_plan`);
      for (const [table, statement] of STATEMENTS) {
        const began = performance.now();
        // Each statement names the parameters up to the last it uses ($1 and $2 the templates, $3 the now).
        const used = Math.max(0, ...[...statement.matchAll(/\$(\d)/g)].map((match) => Number(match[1])));
        const result = await client.query(statement, [templates.confirmed, templates.cancelled, now].slice(0, used));
        log(`${table}: ${result.rowCount} rows in ${((performance.now() - began) / 1000).toFixed(1)} s`);
      }
      await client.query(`drop table bench_plan`);
    } finally {
      await client.query(`set session_replication_role = origin; reset statement_timeout`);
      client.release();
    }
    // The message history of every finished job, as the queue writes it when it finishes one.
    const messages = (await handle.db.execute(keepOrderMessages(sql`jobs`))) as unknown as { rowCount: number };
    log(`order_messages: ${messages.rowCount} rows (${since()})`);
    await pool.query(
      `
      insert into auth_users (id, name, email) values ('bench-retention', 'Bench', 'bench-retention@example.com');
      insert into auth_sessions (id, token, expires_at, user_id, created_at, updated_at)
        select 'bench-s-' || n, 'bench-token-' || n, $1::timestamptz - (n % 700 + 1) * interval '1 day', 'bench-retention',
          $1::timestamptz - (n % 700 + 8) * interval '1 day', $1::timestamptz - (n % 700 + 8) * interval '1 day'
        from generate_series(1, ${companies * MEASURE.expiredSignInsPerCompany}) n;
      insert into auth_verifications (id, identifier, value, expires_at, created_at, updated_at)
        select 'bench-v-' || n, 'sign-in-' || n, md5(n::text), $1::timestamptz - (n % 700 + 1) * interval '1 day',
          $1::timestamptz - (n % 700 + 1) * interval '1 day', $1::timestamptz - (n % 700 + 1) * interval '1 day'
        from generate_series(1, ${companies * MEASURE.expiredSignInsPerCompany}) n`.replaceAll('$1', `'${now}'`),
    );
    log(`vacuum analyze (${since()})`);
    await pool.query('vacuum analyze');
    const marker: RetentionScaleMarker = {
      version: RETENTION_SCALE_VERSION,
      factor,
      now,
      buildSeconds: (performance.now() - started) / 1000,
      companies: companies + 1,
      smallCompany: { key: 'small-1', office: officeUuidOf(2) },
    };
    await pool.query(`create table if not exists ${META} (id int primary key, marker jsonb not null)`);
    await pool.query(
      `insert into ${META} (id, marker) values (1, $1) on conflict (id) do update set marker = excluded.marker`,
      [JSON.stringify(marker)],
    );
    log(`${database}: built in ${marker.buildSeconds.toFixed(0)} s`);
    return marker;
  } finally {
    await handle.close();
  }
}
