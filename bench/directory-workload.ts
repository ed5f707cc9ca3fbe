/**
 * A large agents directory, as the outside probe of issue 39 saved it: most person fields filled
 * in, 380 bytes an agent in JSON (20,000 agents: 7.6 MB), and an edit of it that adds, changes
 * and removes agents, as a console save after a CSV import and some hand edits.
 */
import type { CompanyDocumentInput } from '@scheduler/contracts/company-document';
import { seededRandom } from '@scheduler/domain/availability/engine';

type AgentInput = NonNullable<CompanyDocumentInput['agents']>[number];

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
  'Zoë',
  'William',
  'Chloé',
  'Thomas',
];
const LAST = [
  'Smith',
  'Johnson',
  'García',
  'Miller',
  'Rodríguez',
  'Martínez',
  'Wilson',
  'Anderson',
  'Pérez',
  "O'Connell",
  'Kowalski',
  'Okafor',
  'Lindqvist',
  'Nguyen',
];
const TOWNS = [
  'Columbus',
  'Worthington',
  'Dublin',
  'Westerville',
  'Hilliard',
  'Gahanna',
  'Bexley',
  'Grandview',
  'Powell',
  'Grove City',
];
const STREETS = [
  'High Street',
  'Broad Street',
  'Olentangy River Road',
  'Riverside Drive',
  'Sawmill Road',
  'Morse Road',
];

function phone(n: number): string {
  return `(614) 555-${String(n % 10_000).padStart(4, '0')}`;
}

/** The agent numbered `id`, every field filled in; `edit` changes its phone and address. */
export function directoryAgent(id: number, edit = 0): AgentInput {
  const random = seededRandom(id);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const first = pick(FIRST);
  const last = pick(LAST);
  const town = pick(TOWNS);
  const insurance = id % 10 === 0;
  const firm = `${town} ${insurance ? 'Insurance Agency' : 'Realty Group'}`;
  return {
    id,
    first,
    last,
    email: `agent${id}@${town.toLowerCase().replace(/ /g, '')}.example.com`,
    mobile_phone: phone(id + edit),
    work_phone: phone(id * 7),
    home_phone: phone(id * 13),
    work_fax: phone(id * 17),
    company: firm,
    address1: `${100 + (id % 9_000) + edit} ${pick(STREETS)}`,
    city: town,
    state: 1,
    postal_code: '43215',
    kind: insurance ? 'insurance' : 'real_estate',
    agency: insurance ? firm : '',
    pac_opt_out: id % 7 === 0,
  };
}

/** `count` agents numbered 1 to `count`. */
export function directoryAgents(count: number): AgentInput[] {
  return Array.from({ length: count }, (_, i) => directoryAgent(i + 1));
}

/** How an edit changes a directory of `count` agents: this many added, changed and removed (5% each). */
export function directoryEditSizes(count: number): { added: number; changed: number; removed: number } {
  const share = Math.max(1, Math.floor(count / 20));
  return { added: share, changed: share, removed: share };
}

/**
 * `directoryAgents(count)` edited as a CSV import and a few hand edits would: the first agents
 * removed, some agents' phone and address changed, new agents numbered past the last.
 */
export function editedDirectoryAgents(count: number): AgentInput[] {
  const { added, changed, removed } = directoryEditSizes(count);
  const kept = Array.from({ length: count - removed }, (_, i) => removed + i + 1);
  const every = Math.max(1, Math.floor(kept.length / changed));
  const changedIds = new Set(kept.filter((_, i) => i % every === 0).slice(0, changed));
  return [
    ...kept.map((id) => directoryAgent(id, changedIds.has(id) ? 1 : 0)),
    ...Array.from({ length: added }, (_, i) => directoryAgent(count + i + 1)),
  ];
}
