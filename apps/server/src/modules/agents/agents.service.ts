import { createHash } from 'node:crypto';
import type {
  AgentOrder,
  AgentOrdersPage,
  AgentOrdersQuery,
  AgentProfile,
  AgentProfileUpdate,
  AgentRecentClient,
  AgentUsualCart,
} from '@scheduler/contracts/agent-portal';
import {
  AGENT_ORDERS_WINDOW_DAYS,
  AGENT_RECENT_CLIENTS_MAX,
  AGENT_SIGN_IN_SENT_MESSAGE,
  AGENT_USUAL_SERVICES_MAX,
} from '@scheduler/contracts/agent-portal';
import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import { SettingsReader } from '@scheduler/domain/settings';
import { readTogether, type Database, type Executor } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { issueAgentManageLink } from '../booking-changes/manage-links.ts';
import { accountEmailJob } from '../notifications/account-messages.ts';
import { enqueueJobs } from '../notifications/notifications.service.ts';
import { hashToken, newSessionToken } from '../sessions/tokens.ts';
import {
  agentOrdersPage,
  agreementsOf,
  countSignInRequests,
  directoryAgentsByEmail,
  findDirectoryAgent,
  firstActiveOffice,
  findLiveAgentSession,
  findPortalCompany,
  findPortalProfile,
  insertAgentSession,
  insertSignInLink,
  isAgentsUpcomingOrder,
  latestBookedCart,
  partiesOf,
  recordSignInRequest,
  revokeAgentSession,
  saveAgentProfile,
  useSignInLink,
  type AgentRow,
} from './agents.repository.ts';

/** A sign-in link's life: 15 minutes, the expiry instant itself still good. */
export const AGENT_LINK_LIFETIME_MS = 15 * 60_000;
/** A portal session's life. */
export const AGENT_SESSION_LIFETIME_MS = 14 * 24 * 60 * 60_000;
/** The rate limits' window, and how many sign-in requests one address (at one company) and one client may make in it. */
export const AGENT_SIGN_IN_WINDOW_MS = 15 * 60_000;
export const AGENT_SIGN_IN_PER_ADDRESS = 5;
export const AGENT_SIGN_IN_PER_CLIENT = 20;

const DAY_MS = 24 * 60 * 60_000;

export const AGENT_LINK_INVALID_MESSAGE = 'This sign-in link has expired or was already used. Ask for a new one.';
export const AGENT_SESSION_MISSING_MESSAGE = 'Please sign in to the agent portal.';

/** The log codes of a sign-in request: never the address, only what became of it. */
export type SignInOutcome = 'sent' | 'unknown' | 'ambiguous' | 'limited';

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function foldEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function companyOrNotFound(db: Executor, companyKey: string) {
  const company = await findPortalCompany(db, companyKey);
  if (!company) throw new AppError(404, 'not_found', 'The company was not found.');
  return company;
}

/**
 * A sign-in request: counted against the address's and the client's limits whether or not the
 * address is known, and answered the same way either way. A link goes only to an address that is
 * exactly one directory agent's; two agents sharing it are refused (the office merges them).
 */
export async function requestAgentSignIn(
  db: Database,
  input: { companyKey: string; email: string; ip: string; now: Date },
): Promise<{ message: string; outcome: SignInOutcome }> {
  const company = await companyOrNotFound(db, input.companyKey);
  const folded = foldEmail(input.email);
  const emailHash = hashOf(`${company.id}:${folded}`);
  const ipHash = hashOf(`agent-sign-in:${input.ip}`);
  const since = new Date(input.now.getTime() - AGENT_SIGN_IN_WINDOW_MS);
  const outcome = await db.transaction(async (tx) => {
    const counts = await countSignInRequests(tx, company.id, emailHash, ipHash, since, input.now);
    if (counts.byEmail >= AGENT_SIGN_IN_PER_ADDRESS || counts.byIp >= AGENT_SIGN_IN_PER_CLIENT) {
      await recordSignInRequest(tx, { companyId: company.id, emailHash, ipHash, outcome: 'limited', at: input.now });
      return 'limited' as const;
    }
    const agents = await directoryAgentsByEmail(tx, company.id, folded);
    const found: SignInOutcome = agents.length === 1 ? 'sent' : agents.length === 0 ? 'unknown' : 'ambiguous';
    await recordSignInRequest(tx, { companyId: company.id, emailHash, ipHash, outcome: found, at: input.now });
    if (found === 'sent') {
      const agent = agents[0]!;
      const token = newSessionToken();
      await insertSignInLink(tx, {
        companyId: company.id,
        agentId: agent.id,
        tokenHash: hashToken(token),
        createdAt: input.now,
        expiresAt: new Date(input.now.getTime() + AGENT_LINK_LIFETIME_MS),
      });
      await enqueueJobs(tx, [
        accountEmailJob(
          company.id,
          { type: 'agent_sign_in_link', to: agent.email, account_token: token, company_key: company.key },
          input.now,
        ),
      ]);
    }
    return found;
  });
  if (outcome === 'limited')
    throw new AppError(429, 'rate_limited', 'Too many sign-in requests. Please try again in 15 minutes.');
  return { message: AGENT_SIGN_IN_SENT_MESSAGE, outcome };
}

/** Opens a portal session with a sign-in link, once; returns the session's token and its agent. */
export async function openAgentSession(
  db: Database,
  input: { companyKey: string; token: string; now: Date },
): Promise<{ token: string; expiresAt: Date; portal: PortalAgent }> {
  const company = await companyOrNotFound(db, input.companyKey);
  return db.transaction(async (tx) => {
    const link = await useSignInLinkOrRefuse(tx, company.id, input.token, input.now);
    // The agent may have been removed since the link went.
    const agent = await findDirectoryAgent(tx, company.id, link.agentId);
    if (!agent) throw new AppError(401, 'unauthenticated', AGENT_LINK_INVALID_MESSAGE);
    const token = newSessionToken();
    const expiresAt = new Date(input.now.getTime() + AGENT_SESSION_LIFETIME_MS);
    const sessionId = await insertAgentSession(tx, {
      companyId: company.id,
      agentId: agent.id,
      tokenHash: hashToken(token),
      createdAt: input.now,
      expiresAt,
    });
    return { token, expiresAt, portal: portalAgent(company, sessionId, agent) };
  });
}

async function useSignInLinkOrRefuse(tx: Executor, companyId: string, token: string, now: Date) {
  const link = await useSignInLink(tx, companyId, hashToken(token), now);
  if (!link) throw new AppError(401, 'unauthenticated', AGENT_LINK_INVALID_MESSAGE);
  return link;
}

/** The agent of a portal request: a live session of the company in the path, and its agent still in the directory. */
export interface PortalAgent {
  sessionId: string;
  companyId: string;
  companyKey: string;
  companyName: string;
  editingAllowed: boolean;
  agent: AgentRow;
}

/** Checks a portal request's session, re-reading the directory row by its id and company on every request. */
export async function admitPortalAgent(
  db: Executor,
  input: { companyKey: string; token: string; now: Date },
): Promise<PortalAgent> {
  const company = await findPortalCompany(db, input.companyKey);
  if (!company) throw new AppError(401, 'unauthenticated', AGENT_SESSION_MISSING_MESSAGE);
  const session = await findLiveAgentSession(db, company.id, hashToken(input.token), input.now);
  if (!session) throw new AppError(401, 'unauthenticated', AGENT_SESSION_MISSING_MESSAGE);
  const agent = await findDirectoryAgent(db, company.id, session.agentId);
  if (!agent) throw new AppError(401, 'unauthenticated', AGENT_SESSION_MISSING_MESSAGE);
  return portalAgent(company, session.id, agent);
}

function portalAgent(
  company: NonNullable<Awaited<ReturnType<typeof findPortalCompany>>>,
  sessionId: string,
  agent: AgentRow,
): PortalAgent {
  return {
    sessionId,
    companyId: company.id,
    companyKey: company.key,
    companyName: company.name,
    editingAllowed: !new SettingsReader(company.settings).isOn(PEOPLE_SETTING.DO_NOT_ALLOW_EDIT_AGENTS_INFO),
    agent,
  };
}

export async function signOutAgent(db: Executor, portal: PortalAgent, now: Date): Promise<void> {
  await revokeAgentSession(db, portal.companyId, portal.sessionId, now);
}

export async function agentProfile(db: Executor, portal: PortalAgent): Promise<AgentProfile> {
  const [profile, office] = await readTogether(db, [
    () => findPortalProfile(db, portal.companyId, portal.agent.id),
    () => firstActiveOffice(db, portal.companyId),
  ]);
  return {
    id: portal.agent.id,
    first: portal.agent.first,
    last: portal.agent.last,
    email: portal.agent.email,
    mobile_phone: portal.agent.mobilePhone,
    agency: portal.agent.agency,
    receives_sms: profile?.receivesSms ?? false,
    editing_allowed: portal.editingAllowed,
    company_name: portal.companyName,
    book_path: office ? `/${encodeURIComponent(portal.companyKey)}/online-scheduler/${office}` : null,
  };
}

/** The agent's own phone, agency and text-message choice; the name and e-mail stay the directory's. */
export async function updateAgentProfile(
  db: Database,
  portal: PortalAgent,
  update: AgentProfileUpdate,
  now: Date,
): Promise<AgentProfile> {
  // DO_NOT_ALLOW_EDIT_AGENTS_INFO keeps the directory's details the office's: the agent still chooses their texts.
  if (!portal.editingAllowed) {
    if (update.mobile_phone !== portal.agent.mobilePhone)
      throw new AppError(
        403,
        'forbidden',
        'The office keeps your phone number; please ask them to change it.',
        'mobile_phone',
      );
    if (update.agency !== portal.agent.agency)
      throw new AppError(403, 'forbidden', 'The office keeps your agency; please ask them to change it.', 'agency');
  }
  await db.transaction((tx) =>
    saveAgentProfile(
      tx,
      portal.companyId,
      portal.agent.id,
      { mobilePhone: update.mobile_phone, agency: update.agency, receivesSms: update.receives_sms },
      now,
    ),
  );
  const agent = await findDirectoryAgent(db, portal.companyId, portal.agent.id);
  return agentProfile(db, { ...portal, agent: agent ?? portal.agent });
}

function cursorOf(after: string | undefined) {
  if (!after) return null;
  const [ms, id] = after.split('_') as [string, string];
  return { datetime: new Date(Number(ms)), id };
}

function personName(person: Record<string, unknown>): string {
  const first = typeof person.first === 'string' ? person.first : '';
  const last = typeof person.last === 'string' ? person.last : '';
  return `${first} ${last}`.trim();
}

/**
 * One page of the agent's upcoming (from now, soonest first) or past (latest first) inspections
 * with this company, within AGENT_ORDERS_WINDOW_DAYS of now.
 */
export async function agentOrders(
  db: Executor,
  portal: PortalAgent,
  query: AgentOrdersQuery,
  now: Date,
): Promise<AgentOrdersPage> {
  const upcoming = query.when === 'upcoming';
  const window = AGENT_ORDERS_WINDOW_DAYS * DAY_MS;
  const rows = await agentOrdersPage(db, {
    companyId: portal.companyId,
    agentId: portal.agent.id,
    from: upcoming ? now : new Date(now.getTime() - window),
    to: upcoming ? new Date(now.getTime() + window) : now,
    direction: upcoming ? 'asc' : 'desc',
    after: cursorOf(query.after),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const ids = page.map((row) => row.id);
  const [parties, agreements] = await readTogether(db, [
    () => partiesOf(db, portal.companyId, ids),
    () => agreementsOf(db, portal.companyId, ids),
  ]);
  const orders: AgentOrder[] = page.map((row) => {
    const mine = parties.find(
      (party) => party.orderId === row.id && party.agentId === portal.agent.id && party.role !== 'client',
    );
    const client = parties.find((party) => party.orderId === row.id && party.role === 'client');
    const statuses = agreements.filter((agreement) => agreement.orderId === row.id).map((a) => a.status);
    return {
      id: row.id,
      status: row.status === 'cancelled' ? 'cancelled' : 'confirmed',
      datetime: row.datetime?.toISOString() ?? null,
      time_zone: row.timeZone,
      address: [row.address1, row.city, row.postalCode].filter((part) => part !== '').join(', '),
      client_name: client ? personName(client.person) : '',
      role: mine?.role === 'sellers_agent' ? 'sellers_agent' : 'buyers_agent',
      payment_status: row.paid ? 'paid' : 'unpaid',
      agreement_status: statuses.length === 0 ? null : statuses.every((s) => s === 'signed') ? 'signed' : 'pending',
      manageable: row.status === 'confirmed' && row.datetime !== null && row.datetime.getTime() >= now.getTime(),
    };
  });
  const last = page[page.length - 1];
  const next = rows.length > query.limit && last?.datetime ? `${last.datetime.getTime()}_${last.id}` : null;
  return { orders, next };
}

/** The clients of the agent's latest inspections with the company (past year and ahead), each once, newest first. */
export async function agentRecentClients(db: Executor, portal: PortalAgent, now: Date): Promise<AgentRecentClient[]> {
  const rows = await agentOrdersPage(db, {
    companyId: portal.companyId,
    agentId: portal.agent.id,
    from: new Date(now.getTime() - 365 * DAY_MS),
    to: new Date(now.getTime() + 365 * DAY_MS),
    direction: 'desc',
    after: null,
    limit: AGENT_RECENT_CLIENTS_MAX * 2,
  });
  const parties = await partiesOf(
    db,
    portal.companyId,
    rows.map((row) => row.id),
  );
  const clients: AgentRecentClient[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const client = parties.find((party) => party.orderId === row.id && party.role === 'client');
    if (!client) continue;
    const person = client.person;
    const text = (key: string) => (typeof person[key] === 'string' ? (person[key] as string) : '');
    const key = `${text('first')}|${text('last')}|${text('email').toLowerCase()}`;
    if (seen.has(key) || text('first') === '') continue;
    seen.add(key);
    clients.push({
      first: text('first'),
      last: text('last'),
      email: text('email'),
      mobile_phone: text('mobile_phone'),
    });
    if (clients.length === AGENT_RECENT_CLIENTS_MAX) break;
  }
  return clients;
}

/**
 * A manage link of one of the agent's upcoming booked inspections with the company, made when they
 * ask for it (a link's token is kept only hashed, so an earlier one cannot be shown again). 404 for
 * an order they are not on, another company's, a cancelled one or one whose time has come.
 */
export async function agentManageLink(
  db: Database,
  portal: PortalAgent,
  orderId: string,
  now: Date,
  publicBaseUrl: string,
): Promise<{ url: string }> {
  const allowed = await isAgentsUpcomingOrder(db, {
    companyId: portal.companyId,
    agentId: portal.agent.id,
    orderId,
    now,
  });
  if (!allowed) throw new AppError(404, 'not_found', 'The inspection was not found.');
  return issueAgentManageLink(
    db,
    { companyId: portal.companyId, orderId },
    portal.companyKey,
    publicBaseUrl,
    portal.agent.email,
  );
}

/**
 * The cart of the agent's latest booking with the company, confirmed within a year (decision
 * 0094): the wizard adds it, visibly, when the agent books again with an empty cart. Empty when
 * there is none; the services as the order kept them, which the cart's own rules check again
 * when the wizard adds them (a service withdrawn since is refused there and left out).
 */
export async function agentUsualCart(db: Executor, portal: PortalAgent, now: Date): Promise<AgentUsualCart> {
  const cart = await latestBookedCart(db, portal.companyId, portal.agent.id, new Date(now.getTime() - 365 * DAY_MS));
  return {
    package: cart?.packageIds[0] ?? null,
    services: (cart?.serviceIds ?? []).slice(0, AGENT_USUAL_SERVICES_MAX),
  };
}
