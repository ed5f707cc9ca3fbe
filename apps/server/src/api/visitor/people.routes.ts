import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addContactRequestSchema,
  agentSavedResponseSchema,
  personSavedResponseSchema,
  removeContactRequestSchema,
  removeContactResponseSchema,
  searchAgentsQuerySchema,
  searchContactsQuerySchema,
  searchInsuranceAgentsQuerySchema,
  searchResultsSchema,
  setClientRequestSchema,
  setClientsRequestSchema,
  setClientsResponseSchema,
  setContactsRequestSchema,
  setContactsResponseSchema,
  setInsuranceAgentRequestSchema,
  setRealEstateAgentRequestSchema,
  setUserTypeRequestSchema,
} from '@scheduler/contracts/people';
import { userTypeSchema } from '@scheduler/contracts/person';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../plugins/session-auth.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { findAgents, findContacts } from '../../modules/people/people-search.service.ts';
import { PeopleStore } from '../../modules/people/people.store.ts';
import {
  addContact,
  removeContact,
  setAgent,
  setClient,
  setClients,
  setContacts,
  setUserType,
} from '../../modules/people/people.service.ts';

const PREFIX = '/:company_key/json/online_scheduler';

/** The people calls of the contacts step (spec 7.6). */
export function peopleRoutes(ctx: AppContext) {
  const store = new PeopleStore(ctx.db, ctx.changes, ctx.clock);
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { search, write } = ctx.access;
    const tags = ['people'];
    const db = ctx.db;
    const writeSchema = <B, R>(summary: string, body: B, response: R) => ({
      tags,
      summary,
      params: companyKeyParam,
      querystring: noQuery,
      body,
      response: { 200: response },
    });

    app.post(
      `${PREFIX}/set_user_type`,
      {
        ...write,
        schema: writeSchema(
          "The visitor's role (spec 3.7); OTHER carries its free text",
          setUserTypeRequestSchema,
          userTypeSchema,
        ),
      },
      async (request) => setUserType(db, sessionOf(request), request.body),
    );
    app.post(
      `${PREFIX}/set_buyers_agent`,
      {
        ...write,
        schema: writeSchema(
          "The buyer's agent: one of the company's (by id) or a new one; {none: true} clears it",
          setRealEstateAgentRequestSchema,
          agentSavedResponseSchema,
        ),
      },
      async (request) => setAgent(db, sessionOf(request), 'buyers_agent', request.body),
    );
    app.post(
      `${PREFIX}/set_sellers_agent`,
      {
        ...write,
        schema: writeSchema(
          "The seller's agent: one of the company's (by id) or a new one; {none: true} clears it",
          setRealEstateAgentRequestSchema,
          agentSavedResponseSchema,
        ),
      },
      async (request) => setAgent(db, sessionOf(request), 'sellers_agent', request.body),
    );
    app.post(
      `${PREFIX}/set_insurance_agent`,
      {
        ...write,
        schema: writeSchema(
          "The insurance agent: one of the company's (by id) or a new one; {none: true} clears it",
          setInsuranceAgentRequestSchema,
          agentSavedResponseSchema,
        ),
      },
      async (request) => setAgent(db, sessionOf(request), 'insurance_agent', request.body),
    );
    app.post(
      `${PREFIX}/set_client`,
      {
        ...write,
        schema: writeSchema(
          'The first client, non-empty fields only',
          setClientRequestSchema,
          personSavedResponseSchema,
        ),
      },
      async (request) => setClient(db, sessionOf(request), request.body),
    );
    app.post(
      `${PREFIX}/set_clients`,
      {
        ...write,
        schema: writeSchema(
          "The order's clients, which replace its list",
          setClientsRequestSchema,
          setClientsResponseSchema,
        ),
      },
      async (request) => setClients(db, sessionOf(request), request.body.clients),
    );
    app.post(
      `${PREFIX}/set_contacts`,
      {
        ...write,
        schema: writeSchema(
          "The order's additional contacts, which replace its list",
          setContactsRequestSchema,
          setContactsResponseSchema,
        ),
      },
      async (request) => setContacts(db, sessionOf(request), request.body.contacts),
    );
    app.post(
      `${PREFIX}/add_contact`,
      {
        ...write,
        schema: writeSchema(
          'Adds a contact (first name and type at least) to the order',
          addContactRequestSchema,
          personSavedResponseSchema,
        ),
      },
      async (request) => addContact(db, sessionOf(request), request.body),
    );
    app.post(
      `${PREFIX}/remove_contact`,
      {
        ...write,
        schema: writeSchema('Takes a contact off the order', removeContactRequestSchema, removeContactResponseSchema),
      },
      async (request) => removeContact(db, sessionOf(request), request.body),
    );

    const searchSchema = <Q>(summary: string, querystring: Q) => ({
      tags,
      summary,
      params: companyKeyParam,
      querystring,
      response: { 200: searchResultsSchema },
    });
    app.get(
      `${PREFIX}/search_agents`,
      {
        ...search,
        schema: searchSchema(
          "The company's buyer's and seller's agents matching the query (at most 10)",
          searchAgentsQuerySchema,
        ),
      },
      async (request) => findAgents(store, sessionOf(request), request.query.type, request.query.query),
    );
    app.get(
      `${PREFIX}/search_insurance_agents`,
      {
        ...search,
        schema: searchSchema(
          "The company's insurance agents matching the query (at most 10)",
          searchInsuranceAgentsQuerySchema,
        ),
      },
      async (request) => findAgents(store, sessionOf(request), 'insurance_agent', request.query.query),
    );
    app.get(
      `${PREFIX}/search_contacts`,
      {
        ...search,
        schema: searchSchema(
          "The company's contacts of one type matching the query (at most 10)",
          searchContactsQuerySchema,
        ),
      },
      async (request) => findContacts(store, sessionOf(request), request.query.type, request.query.query),
    );
  };
}
