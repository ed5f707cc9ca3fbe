/**
 * Generated orders, made set-based from real ones. The generator books a template order through
 * the visitor's API (and cancels a second one through the admin API), so that every table a
 * confirm writes holds rows exactly as the product writes them; each planned order is then an
 * INSERT ... SELECT of the template's rows per table, with its own ids, company, office, people,
 * address, inspector and times. Columns are read from the catalogue, so a column added by a later
 * migration is copied too.
 *
 * What changes in a copied row:
 * - ids: a uuid `id` is new, a serial one is left to its default; company_id, office_id and
 *   order_id are the planned order's;
 * - text and json: the template's order id, people (names, e-mails, phones), address and start
 *   are replaced by the planned order's wherever they appear (job payloads, dedupe keys, manage
 *   link recipients, the confirm's stored answer, the pay link);
 * - times: moved with the planned order (by its creation, confirmation or cancellation: whichever
 *   the template's time followed);
 * - the per-table overrides below (status, the appointment's range, reminders' run_at, ...).
 */
import type pg from 'pg';
import type { PlannedOrder } from './order-plan.ts';
import type { BookingPeople } from './visitor-booking.ts';

/** The people and address of the template bookings: strings found nowhere else, so that replacing them is safe. */
export const TEMPLATE_PEOPLE: BookingPeople = {
  client: { first: 'Qzclientfirst', last: 'Qzclientlast', email: 'qzclient@example.com', phone: '614-555-0199' },
  agent: { first: 'Qzagentfirst', last: 'Qzagentlast', email: 'qzagent@example.com', phone: '614-555-0198' },
  address: { address1: '1 Qztemplate Way', city: 'Columbus', postalCode: '43229' },
};

/** Per planned order's kind, which template it copies: a draft copies what the confirmed one had before its confirm. */
export interface Templates {
  confirmed: string;
  cancelled: string;
}

/** The session's temporary tables: the templates' facts, and one batch of the plan. */
async function createWorkTables(client: pg.Client, templates: Templates): Promise<void> {
  await client.query(`
    create temp table if not exists scale_templates (kind text primary key, order_id uuid not null);
    create temp table if not exists scale_plan (
      order_id uuid primary key, kind text not null, company_id uuid not null, office_id uuid not null,
      inspector_id int, start_at timestamptz, start_iso text, created_at timestamptz not null,
      confirmed_at timestamptz, cancelled_at timestamptz,
      client_first text, client_last text, client_email text, client_phone text,
      agent_first text, agent_last text, agent_email text, agent_phone text,
      address1 text, city text, postal_code text, funnel_events int not null, has_people boolean not null);
    truncate scale_templates;`);
  await client.query(`insert into scale_templates values ('confirmed', $1), ('cancelled', $2), ('draft', $1)`, [
    templates.confirmed,
    templates.cancelled,
  ]);
  // The templates' jobs, found once by their order (jobs_company_order_idx, decision 0074).
  await client.query(`
    drop table if exists scale_template_jobs;
    create temp table scale_template_jobs as
      select * from jobs where order_id in (select order_id from scale_templates);
    analyze scale_template_jobs;`);
}

/** Replaces the template's strings in a text expression by the planned order's. */
function replaced(expression: string): string {
  const pairs: Array<[string, string]> = [
    ['tpo.id::text', 'p.order_id::text'],
    [`'${TEMPLATE_PEOPLE.client.email}'`, 'p.client_email'],
    [`'${TEMPLATE_PEOPLE.agent.email}'`, 'p.agent_email'],
    [`'${TEMPLATE_PEOPLE.client.first}'`, 'p.client_first'],
    [`'${TEMPLATE_PEOPLE.client.last}'`, 'p.client_last'],
    [`'${TEMPLATE_PEOPLE.agent.first}'`, 'p.agent_first'],
    [`'${TEMPLATE_PEOPLE.agent.last}'`, 'p.agent_last'],
    [`'${TEMPLATE_PEOPLE.client.phone}'`, 'p.client_phone'],
    [`'${TEMPLATE_PEOPLE.agent.phone}'`, 'p.agent_phone'],
    [`'${TEMPLATE_PEOPLE.address.address1}'`, 'p.address1'],
    [`to_char(tpo.datetime at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, 'p.start_iso'],
  ];
  return pairs.reduce((text, [from, to]) => `replace(${text}, ${from}, coalesce(${to}, ${from}))`, expression);
}

/** A template's time moved with the planned order: after its cancellation by that, after its confirm by that, else by its creation. */
function moved(value: string): string {
  return `case
    when tpo.cancelled_at is not null and p.cancelled_at is not null and ${value} >= tpo.cancelled_at then ${value} + (p.cancelled_at - tpo.cancelled_at)
    when tpo.confirmed_at is not null and p.confirmed_at is not null and ${value} >= tpo.confirmed_at then ${value} + (p.confirmed_at - tpo.confirmed_at)
    else ${value} + (p.created_at - tpo.created_at) end`;
}

interface Column {
  name: string;
  type: string;
  serial: boolean;
}

/** A table's columns the copy writes: not the generated ones (the search texts), which the database computes. */
async function columnsOf(client: pg.Client, table: string): Promise<Column[]> {
  const result = await client.query<{ column_name: string; data_type: string; column_default: string | null }>(
    `select column_name, data_type, column_default from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  return result.rows.map((row) => ({
    name: row.column_name,
    type: row.data_type,
    serial: row.column_default?.startsWith('nextval(') ?? false,
  }));
}

/** The copied value of a column without an override. */
function defaultExpression(column: Column): string {
  const value = `r.${column.name}`;
  if (column.name === 'id' && column.type === 'uuid') return 'gen_random_uuid()';
  if (column.name === 'company_id') return 'p.company_id';
  if (column.name === 'office_id') return 'p.office_id';
  if (column.name === 'order_id') return 'p.order_id';
  if (column.type === 'text') return replaced(value);
  if (column.type === 'jsonb') return `(${replaced(`${value}::text`)})::jsonb`;
  if (column.type === 'timestamp with time zone') return moved(value);
  return value;
}

interface CloneSpec {
  table: string;
  /** The template's rows: `r`, joined to the template order `tpo`. */
  rows: string;
  /** Which planned orders get these rows. */
  where?: string;
  overrides?: Record<string, string>;
}

const JOB_RUN_AT = `case when r.payload ? 'hours_before' then r.run_at + (p.start_at - tpo.datetime) else ${moved('r.run_at')} end`;
const JOB_DONE = `(${JOB_RUN_AT}) <= now()`;

/** Every table a confirm (and the visit before it) writes, and how its rows are copied. */
const CLONES: CloneSpec[] = [
  {
    table: 'orders',
    rows: 'orders r on r.id = tpo.id',
    overrides: {
      id: 'p.order_id',
      status: 'p.kind',
      saved: `p.kind <> 'draft'`,
      confirmed_at: 'p.confirmed_at',
      cancelled_at: 'p.cancelled_at',
      datetime: 'p.start_at',
      inspectors: `case when p.inspector_id is null then '[]'::jsonb else jsonb_build_array(jsonb_build_object('id', p.inspector_id, 'requested', false)) end`,
      address1: 'p.address1',
      city: 'p.city',
      postal_code: 'p.postal_code',
      pricing_snapshot: `case when p.kind = 'draft' then null else r.pricing_snapshot end`,
      pay_url: `case when p.kind = 'draft' then null else ${replaced('r.pay_url')} end`,
      created_at: 'p.created_at',
    },
  },
  {
    table: 'sessions',
    rows: 'sessions r on r.order_id = tpo.id',
    overrides: { token_hash: `encode(sha256(convert_to(p.order_id::text || ' session', 'UTF8')), 'hex')` },
  },
  { table: 'order_parties', rows: 'order_parties r on r.order_id = tpo.id', where: 'p.has_people' },
  { table: 'order_answers', rows: 'order_answers r on r.order_id = tpo.id', where: 'p.has_people' },
  {
    table: 'appointments',
    rows: 'appointments r on r.order_id = tpo.id',
    where: `p.kind = 'confirmed'`,
    overrides: {
      inspector_id: 'p.inspector_id',
      // The order's place, which the database copies onto its appointments (decision 0108) but not
      // with the triggers off.
      postal_code: 'p.postal_code',
      during: `tstzrange(p.start_at, p.start_at + (upper(r.during) - lower(r.during)), '[)')`,
      hold_expires_at: 'null',
    },
  },
  {
    table: 'order_events',
    rows: 'order_events r on r.order_id = tpo.id',
    // A draft has what the template had before its confirm.
    where: `(p.kind <> 'draft' or r.created_at < tpo.confirmed_at)`,
    overrides: {
      data: `case when r.data ? 'inspectors' then jsonb_set((${replaced('r.data::text')})::jsonb, '{inspectors}', jsonb_build_array(p.inspector_id)) else (${replaced('r.data::text')})::jsonb end`,
    },
  },
  {
    table: 'jobs',
    rows: `scale_template_jobs r on r.company_id = tpo.company_id and r.order_id = tpo.id`,
    where: `p.kind <> 'draft'`,
    overrides: {
      run_at: JOB_RUN_AT,
      done_at: `case when ${JOB_DONE} then (${JOB_RUN_AT}) + interval '2 seconds' end`,
      attempts: `case when ${JOB_DONE} then 1 else 0 end`,
      locked_until: 'null',
      last_error: 'null',
      // The queue drops a message's manage token once it is sent.
      payload: `case when ${JOB_DONE} then (${replaced('r.payload::text')})::jsonb - 'manage_token' else (${replaced('r.payload::text')})::jsonb end`,
    },
  },
  {
    table: 'order_manage_links',
    rows: 'order_manage_links r on r.order_id = tpo.id',
    where: `p.kind <> 'draft'`,
    overrides: { token_hash: `encode(sha256(convert_to(p.order_id::text || r.id::text, 'UTF8')), 'hex')` },
  },
  { table: 'confirm_requests', rows: 'confirm_requests r on r.order_id = tpo.id', where: `p.kind <> 'draft'` },
  {
    table: 'funnel_events',
    rows: `(select f.*, row_number() over (partition by f.order_id order by f.id) as position from funnel_events f
            where f.order_id in (select order_id from scale_templates)) r on r.order_id = tpo.id`,
    where: 'r.position <= p.funnel_events',
  },
];

async function cloneStatement(client: pg.Client, spec: CloneSpec): Promise<string> {
  const columns = (await columnsOf(client, spec.table)).filter((column) => !column.serial);
  const values = columns.map((column) => spec.overrides?.[column.name] ?? defaultExpression(column));
  return `insert into ${spec.table} (${columns.map((c) => `"${c.name}"`).join(', ')})
    select ${values.join(',\n      ')}
    from scale_plan p
    join scale_templates tt on tt.kind = p.kind
    join orders tpo on tpo.id = tt.order_id
    join ${spec.rows}
    ${spec.where ? `where ${spec.where}` : ''}`;
}

export interface CompanyScope {
  companyId: string;
  officeId: string;
}

/** Copies the templates into one batch of planned orders of one company. */
async function insertBatch(client: pg.Client, scope: CompanyScope, batch: PlannedOrder[], statements: string[]) {
  await client.query('truncate scale_plan');
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  await client.query(
    `insert into scale_plan select * from unnest(
      $1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::int[], $6::timestamptz[], $7::text[], $8::timestamptz[],
      $9::timestamptz[], $10::timestamptz[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[],
      $16::text[], $17::text[], $18::text[], $19::text[], $20::text[], $21::text[], $22::int[], $23::boolean[])`,
    [
      batch.map((o) => o.orderId),
      batch.map((o) => o.kind),
      batch.map(() => scope.companyId),
      batch.map(() => scope.officeId),
      batch.map((o) => o.inspectorId),
      batch.map((o) => iso(o.start)),
      batch.map((o) => iso(o.start)),
      batch.map((o) => iso(o.createdAt)),
      batch.map((o) => iso(o.confirmedAt)),
      batch.map((o) => iso(o.cancelledAt)),
      batch.map((o) => o.client.first),
      batch.map((o) => o.client.last),
      batch.map((o) => o.client.email),
      batch.map((o) => o.client.phone),
      batch.map((o) => o.agent.first),
      batch.map((o) => o.agent.last),
      batch.map((o) => o.agent.email),
      batch.map((o) => o.agent.phone),
      batch.map((o) => o.address.address1),
      batch.map((o) => o.address.city),
      batch.map((o) => o.address.postalCode),
      batch.map((o) => o.funnelEvents),
      batch.map((o) => o.hasPeople),
    ],
  );
  await client.query('analyze scale_plan');
  for (const [i, statement] of statements.entries()) {
    const started = performance.now();
    await client.query(statement);
    secondsPerTable.set(
      CLONES[i]!.table,
      (secondsPerTable.get(CLONES[i]!.table) ?? 0) + (performance.now() - started) / 1000,
    );
  }
}

const BATCH = 5_000;

/** Where the copying's time went, per table: what a slow build (L) looks at first. */
export const secondsPerTable = new Map<string, number>();

/**
 * A writer of planned orders on its own connection. Its session skips the tables' triggers
 * (session_replication_role = replica): they announce each row to running servers' caches and
 * check foreign keys, which the copies satisfy by construction; the exclusion constraint that keeps
 * an inspector's appointments apart is a constraint, not a trigger, and still holds.
 */
export async function orderCloner(client: pg.Client, templates: Templates) {
  await client.query(`set session_replication_role = replica`);
  await createWorkTables(client, templates);
  const statements: string[] = [];
  for (const spec of CLONES) statements.push(await cloneStatement(client, spec));
  return {
    async write(scope: CompanyScope, orders: PlannedOrder[]): Promise<void> {
      for (let i = 0; i < orders.length; i += BATCH) {
        await client.query('begin');
        await insertBatch(client, scope, orders.slice(i, i + BATCH), statements);
        await client.query('commit');
      }
    },
  };
}
