/**
 * npm run bench -- search
 * GET /search_agents over HTTP (autocannon) on a company with 20,000 agents and 20,000 directory
 * contacts, with one and with ten connections: median and p99 ms per request, on the embedded
 * database and, when TEST_DATABASE_URL names one, on PostgreSQL. Goal: a median under 10 ms on
 * PostgreSQL. The queries are what visitors type: two letters, a part of a name, a whole name, a
 * firm, an e-mail fragment, a name without its accents.
 */
import autocannon from 'autocannon';
import type { CompanyDocumentInput } from '@scheduler/contracts/company-document';
import { seededRandom } from '@scheduler/domain/availability/engine';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/connection.ts';
import { testDatabaseFactories } from '../apps/server/src/db/test-databases.ts';
import { importCompanyDocument } from '../apps/server/src/modules/company-document/companies.service.ts';
import { BENCH_OFFICE, generateDocument } from './availability-workload.ts';
import { benchSession, startBenchServer } from './bench-server.ts';

const AGENTS = 20_000;
const CONTACTS = 20_000;
/** One agent in ten sells insurance; the rest are buyer's and seller's agents. */
const INSURANCE_SHARE = 0.1;
const HTTP_SECONDS = 10;

const FIRST = [
  'James',
  'Maria',
  'José',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Renée',
  'Robert',
  'Patricia',
  'John',
  'Zoë',
  'William',
  'Elizabeth',
  'Andre',
  'Susan',
  'Joseph',
  'Chloé',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Daniel',
  'Nancy',
  'Matthew',
  'Lisa',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Ángel',
  'Ashley',
  'Steven',
  'Kimberly',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'García',
  'Miller',
  'Davis',
  'Rodríguez',
  'Martínez',
  'Hernández',
  'López',
  'González',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Pérez',
  'Thompson',
  'White',
  'Harris',
  'Sánchez',
  'Clark',
  'Ramírez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  "O'Connell",
  'Kowalski',
  'Okafor',
  'Lindqvist',
  'Yamamoto',
  'Fischer',
  'Novak',
  'Dubois',
  'Castillo',
  'Brooks',
];
const PLACES = [
  'Olentangy',
  'Scioto',
  'Buckeye',
  'Capital City',
  'German Village',
  'Short North',
  'Heartland',
  'New Albany',
  'Worthington',
  'Dublin',
  'Westerville',
  'Hilliard',
  'Gahanna',
  'Bexley',
  'Grandview',
  'Clintonville',
  'Delaware',
  'Powell',
  'Reynoldsburg',
  'Grove City',
];
const REALTY = ['Realty Group', 'Properties', 'Home Advisors', 'Realty Partners', 'Homes', 'Real Estate'];
const INSURANCE = ['Insurance Agency', 'Mutual Insurance', 'Insurance Partners', 'Insurance Group'];
const FIRMS: Record<number, string[]> = {
  1: ['Mortgage', 'Home Lending', 'Credit Union'],
  2: ['Title Agency', 'Title Services'],
  3: ['Law Group', 'Real Estate Law', 'Legal'],
};

/** A name's letters for an address: no accents, no apostrophes, lower case. */
function mailbox(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z ]/g, '')
    .toLowerCase()
    .replace(/ /g, '');
}

export function generatePeople(): Pick<CompanyDocumentInput, 'agents' | 'contacts' | 'contact_types'> {
  const random = seededRandom(10);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const person = (id: number, firm: string) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    return {
      id,
      first,
      last,
      email: `${mailbox(first)}.${mailbox(last)}${id}@${mailbox(firm)}.com`,
      work_phone: `(614) 555-${String(id % 10_000).padStart(4, '0')}`,
      company: firm,
      city: pick(PLACES),
      state: 1,
      postal_code: '43215',
    };
  };
  const agents = Array.from({ length: AGENTS }, (_, i) => {
    const insurance = random() < INSURANCE_SHARE;
    const firm = `${pick(PLACES)} ${pick(insurance ? INSURANCE : REALTY)}`;
    return {
      ...person(1 + i, firm),
      kind: insurance ? ('insurance' as const) : ('real_estate' as const),
      agency: insurance ? firm : '',
    };
  });
  const contacts = Array.from({ length: CONTACTS }, (_, i) => {
    const type = 1 + (i % 3);
    return { ...person(100_001 + i, `${pick(PLACES)} ${pick(FIRMS[type]!)}`), type };
  });
  const contact_types = [
    { id: 1, name: 'Loan Officer' },
    { id: 2, name: 'Title Company' },
    { id: 3, name: 'Closing Attorney' },
  ];
  return { agents, contacts, contact_types };
}

/** What visitors type, in turn. */
const QUERIES = [
  'jo',
  'ma',
  'an',
  'jose',
  'José',
  'garc',
  'garcia',
  'maria garcia',
  'smith',
  'olentangy',
  'capital city',
  'renee dubois',
  'kowal',
  'okafor',
  'scioto realty',
  'lindq',
  'nguy',
  'chloe',
  'zoe',
  'james.smith',
  'hill',
  'delaware homes',
  'thompson',
  'ang',
];

interface Run {
  rps: number;
  median: number;
  p99: number;
  errors: number;
}

async function benchHttp(database: DatabaseHandle): Promise<{ one: Run; ten: Run; found: number }> {
  await importCompanyDocument(database.db, { ...generateDocument(5), ...generatePeople() });
  // The search bucket is opened wide: a benchmark is one visitor asking far more than a person types.
  const { app, base } = await startBenchServer(database, {
    SEARCH_RATE_LIMIT: '1000000000',
    SESSION_RATE_LIMIT: '1000',
  });
  const token = await benchSession(base, 'bench', BENCH_OFFICE);
  const paths = QUERIES.map(
    (query, i) =>
      `/bench/json/online_scheduler/search_agents?query=${encodeURIComponent(query)}&type=${i % 2 ? 'sellers_agent' : 'buyers_agent'}`,
  );
  // Every query answers something, or the benchmark would time empty answers.
  let found = 0;
  for (const path of paths) {
    const answer = (await (await fetch(`${base}${path}`, { headers: { 'x-auth-token': token } })).json()) as unknown[];
    if (answer.length === 0) throw new Error(`no agent found for ${path}`);
    found += answer.length;
  }
  // The load comes from a worker thread, so that the client's work is not counted as the server's.
  const load = (connections: number) =>
    autocannon({
      url: base,
      connections,
      duration: HTTP_SECONDS,
      headers: { 'x-auth-token': token },
      workers: 1,
      requests: paths.map((path) => ({ method: 'GET' as const, path })),
    });
  const one = await load(1);
  const ten = await load(10);
  await app.close();
  await database.close();
  const figures = (result: autocannon.Result): Run => ({
    rps: result.requests.average,
    median: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  });
  return { one: figures(one), ten: figures(ten), found };
}

export async function benchSearch(): Promise<boolean> {
  process.stdout.write(
    `\nsearch: GET /search_agents, ${AGENTS} agents and ${CONTACTS} contacts in one company, ${QUERIES.length} queries in turn, autocannon ${HTTP_SECONDS}s\n`,
  );
  // The embedded database always; a real PostgreSQL too when TEST_DATABASE_URL names one.
  const databases: Array<[string, () => Promise<DatabaseHandle>]> = [
    ['embedded database (PGlite)', () => openDatabase({ kind: 'pglite', dataDir: null })],
  ];
  const postgres = testDatabaseFactories().find((f) => f.name === 'postgres');
  if (postgres) databases.push(['PostgreSQL', () => postgres.open()]);
  let ok = true;
  for (const [name, open] of databases) {
    const http = await benchHttp(await open());
    process.stdout.write(`  ${name} (${(http.found / QUERIES.length).toFixed(1)} results an answer on average):\n`);
    for (const [label, run] of [
      ['1 connection', http.one],
      ['10 connections', http.ten],
    ] as const) {
      process.stdout.write(
        `    ${label}: ${run.rps.toFixed(1)} requests/s, median ${run.median} ms, p99 ${run.p99} ms, ${run.errors} errors\n`,
      );
      ok = ok && run.errors === 0;
    }
  }
  return ok;
}
