import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import { DEMO_OFFICE_UUID } from '../company-document/demo-company.ts';
import { demoDocumentWith, startTestApp, type TestApp } from '../../test-support/test-app.ts';

const HOST = 'https://www.buckeye-inspections.example';
const API = '/demo/json/online_scheduler';
const AGENT_EMAIL = 'jessica.moreno@olentangyrealtygroup.com';
const SERVICE = 'a1c0ffee-0000-4000-8000-000000000004';

/** The embedded scheduler's frame (issue 27): a new session filled in from the company's page. */
describeOnEachDatabase('the embed: prefill, locks and the redirect', (factory) => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await startTestApp(factory);
    await importCompanyDocument(
      harness.database.db,
      demoDocumentWith({}, (doc) => (doc.embedding_origins = [HOST, 'https://*.partner.example'])),
    );
  });
  afterAll(async () => harness.close());

  /** Opens the frame's URL: the redirect's path and query, and the session's token. */
  async function openFrame(query: Record<string, string>) {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/demo/online-scheduler/${DEMO_OFFICE_UUID}?${new URLSearchParams(query).toString()}`,
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location), 'http://localhost');
    return { location, token: location.searchParams.get('t')! };
  }
  const order = async (token: string) =>
    (
      await harness.app.inject({
        method: 'GET',
        url: '/demo/online-scheduler/order',
        headers: { 'x-auth-token': token },
      })
    ).json();
  const post = (token: string, path: string, payload: object) =>
    harness.app.inject({ method: 'POST', url: `${API}${path}`, headers: { 'x-auth-token': token }, payload });

  describe('the redirect into the wizard', () => {
    it('keeps embed and an allowed host, exactly or under a wildcard, and the token to resume', async () => {
      const earlier = (await openFrame({ embed: '1', host: HOST })).token;
      const { location } = await openFrame({ embed: '1', host: HOST, resume: earlier, utm_source: 'newsletter' });
      expect(location.pathname).toBe('/demo/online-scheduler');
      expect(Object.fromEntries(location.searchParams)).toEqual({
        t: expect.any(String),
        office: DEMO_OFFICE_UUID,
        embed: '1',
        host: HOST,
        resume: earlier,
      });
      expect(
        (await openFrame({ embed: '1', host: 'https://a.partner.example' })).location.searchParams.get('host'),
      ).toBe('https://a.partner.example');
    });

    it('drops a host the company does not list, a host with a path, and a resume that is not a token', async () => {
      for (const host of ['https://evil.example', `${HOST}/page`, 'https://partner.example', 'null']) {
        const { location } = await openFrame({ embed: '1', host, resume: 'not-a-token' });
        expect(location.searchParams.get('embed'), host).toBe('1');
        expect(location.searchParams.has('host'), host).toBe(false);
        expect(location.searchParams.has('resume')).toBe(false);
      }
    });

    it('keeps the look (brand colour in lower case, header and footer hidden) with an allowed host only', async () => {
      const look = { brand_color: '#FFD000', hide_header_footer: '1' };
      const kept = (await openFrame({ embed: '1', host: HOST, ...look })).location.searchParams;
      expect([kept.get('brand_color'), kept.get('hide_header_footer')]).toEqual(['#ffd000', '1']);
      const alone = (await openFrame({ embed: '1', host: HOST, brand_color: '#1f4e79' })).location.searchParams;
      expect([alone.get('brand_color'), alone.has('hide_header_footer')]).toEqual(['#1f4e79', false]);
      for (const query of [
        { embed: '1', host: 'https://evil.example', ...look },
        { embed: '1', ...look },
        { host: HOST, ...look },
      ]) {
        const { location } = await openFrame(query);
        expect([location.searchParams.has('brand_color'), location.searchParams.has('hide_header_footer')]).toEqual([
          false,
          false,
        ]);
      }
    });

    it('refuses a look the embed script would never send with 400 naming the parameter', async () => {
      const start = (query: Record<string, string>) =>
        harness.app.inject({
          method: 'GET',
          url: `/demo/online-scheduler/${DEMO_OFFICE_UUID}?${new URLSearchParams({ embed: '1', host: HOST, ...query }).toString()}`,
        });
      for (const colour of ['red', '#ffd00', '#ffd0000', '#ffd00g', 'ffd000', '#fd0', 'url(x)', '#ffd000;']) {
        const response = await start({ brand_color: colour });
        expect(response.statusCode, colour).toBe(400);
        expect(response.json(), colour).toMatchObject({ error: { code: 'invalid_request', field: 'brand_color' } });
      }
      for (const flag of ['0', 'true', '']) {
        const response = await start({ hide_header_footer: flag });
        expect(response.statusCode, flag).toBe(400);
        expect(response.json(), flag).toMatchObject({
          error: { code: 'invalid_request', field: 'hide_header_footer' },
        });
      }
      expect((await start({ brand_color: '#aBcDeF', hide_header_footer: '1' })).statusCode).toBe(302);
    });

    it('keeps nothing of an embed query when the frame did not say embed=1, and fills nothing in', async () => {
      const { location, token } = await openFrame({
        host: HOST,
        postal_code: '43017',
        client_email: 'ada@example.com',
      });
      expect([...location.searchParams.keys()].sort()).toEqual(['office', 't']);
      const o = await order(token);
      expect(o.postal_code).toBe('');
      expect(o.prefill).toEqual({});
    });
  });

  describe('the prefill', () => {
    it('saves the postal code, the package, the services and the buyer’s agent, and starts the address and client forms', async () => {
      const { token, location } = await openFrame({
        embed: '1',
        postal_code: '43017-1234',
        packages: '2,3',
        services: `${SERVICE},${SERVICE.toUpperCase()}`,
        agent_email: AGENT_EMAIL.toUpperCase(),
        address: '123 Main St',
        city: 'Dublin',
        state: 'oh',
        client_first_name: 'Ada',
        client_last_name: 'Brooks',
        client_email: 'ada.brooks@example.com',
        client_phone: '614-555-0101',
      });
      // The demo walks the calendar first: the postal code does not move the landing.
      expect(location.pathname).toBe('/demo/online-scheduler');
      const o = await order(token);
      expect(o.postal_code).toBe('43017');
      expect(o.packages).toEqual([2]);
      expect(o.services).toEqual([SERVICE]);
      expect(o.buyers_agent).toMatchObject({ id: 201, email: AGENT_EMAIL });
      const ohio = (
        await harness.app.inject({
          method: 'GET',
          url: '/demo/online-scheduler/office',
          headers: { 'x-auth-token': token },
        })
      )
        .json()
        .states.find((s: { abbreviation: string }) => s.abbreviation === 'OH').id;
      expect(o.prefill).toEqual({
        address1: '123 Main St',
        city: 'Dublin',
        state: ohio,
        client: { first: 'Ada', last: 'Brooks', email: 'ada.brooks@example.com', mobile_phone: '614-555-0101' },
      });
      // Filled in, not saved: the steps save them when the visitor goes on.
      expect(o.address1).toBe('');
      expect(o.client).toBeNull();
      expect(o.locked).toEqual([]);
    });

    it('leaves out what does not pass, and the scheduler still opens', async () => {
      const { token } = await openFrame({
        embed: '1',
        postal_code: '4',
        packages: 'x,999',
        services: 'a1c0ffee-0000-4000-8000-00000000ffff,not-a-uuid',
        agent_email: 'nobody@example.com',
        address: '<script>alert(1)</script>',
        state: 'ZZ',
        client_first_name: 'A'.repeat(101),
        client_email: 'not an address',
        client_phone: '12',
        lock: 'postal_code client_email agent_email',
      });
      const o = await order(token);
      expect(o).toMatchObject({
        postal_code: '',
        packages: [],
        services: [],
        buyers_agent: null,
        prefill: {},
        locked: [],
      });
    });

    it('lands past the postal code when the office restricts by postal code and it was taken', async () => {
      await importCompanyDocument(
        harness.database.db,
        demoDocumentWith({ [SETTING.RESTRICT_INSPECTOR_ZIP]: '1' }, (doc) => (doc.embedding_origins = [HOST])),
      );
      try {
        expect((await openFrame({ embed: '1', postal_code: '43017' })).location.pathname).toBe(
          '/demo/online-scheduler/calendar',
        );
        expect((await openFrame({ embed: '1', postal_code: 'x' })).location.pathname).toBe('/demo/online-scheduler');
      } finally {
        await importCompanyDocument(
          harness.database.db,
          demoDocumentWith({}, (doc) => (doc.embedding_origins = [HOST, 'https://*.partner.example'])),
        );
      }
    });
  });

  describe('locks', () => {
    it('refuses a change to a locked postal code, client e-mail or agent, naming the field, and takes the same values', async () => {
      const { token } = await openFrame({
        embed: '1',
        postal_code: '43017',
        client_email: 'ada.brooks@example.com',
        agent_email: AGENT_EMAIL,
        lock: 'postal_code,client_email agent_email city',
      });
      expect((await order(token)).locked).toEqual(['postal_code', 'client_email', 'agent_email']);

      const refused = async (path: string, payload: object, field: string) => {
        const response = await post(token, path, payload);
        expect(response.statusCode, path).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'field_locked', field });
      };
      await refused('/set_postal_code', { postal_code: '43215' }, 'postal_code');
      await refused(
        '/set_client',
        { first: 'Ada', last: 'Brooks', email: 'someone.else@example.com', mobile_phone: '6145550101' },
        'email',
      );
      await refused(
        '/set_clients',
        { clients: [{ first: 'Ada', last: 'Brooks', email: 'someone.else@example.com', mobile_phone: '6145550101' }] },
        'clients.0.email',
      );
      await refused(
        '/set_buyers_agent',
        {
          id: 202,
          first: 'Brian',
          last: 'Kowalski',
          email: 'brian.kowalski@shortnorthproperties.com',
          mobile_phone: '(614) 555-0121',
        },
        'id',
      );
      await refused(
        '/set_buyers_agent',
        { first: 'New', last: 'Agent', email: 'new.agent@example.com', mobile_phone: '(614) 555-0199' },
        'email',
      );
      await refused('/set_buyers_agent', { none: true }, 'none');
      // The locked agent's own id with another e-mail or name: the directory's record is the agent, whole (issue 42).
      await refused(
        '/set_buyers_agent',
        {
          id: 201,
          first: 'Jessica',
          last: 'Moreno',
          email: 'someone.else@example.com',
          mobile_phone: '(614) 555-0120',
        },
        'email',
      );
      await refused(
        '/set_buyers_agent',
        { id: 201, first: 'Jess', last: 'Moreno', email: AGENT_EMAIL, mobile_phone: '(614) 555-0120' },
        'first',
      );
      expect((await order(token)).buyers_agent ?? null).not.toMatchObject({ email: 'someone.else@example.com' });

      expect((await post(token, '/set_postal_code', { postal_code: '43017-9999' })).statusCode).toBe(200);
      expect(
        (
          await post(token, '/set_client', {
            first: 'Ada',
            last: 'Brooks',
            email: 'ADA.BROOKS@example.com ',
            mobile_phone: '6145550101',
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await post(token, '/set_buyers_agent', {
            id: 201,
            first: 'Jessica',
            last: 'Moreno',
            email: AGENT_EMAIL,
            mobile_phone: '(614) 555-0120',
          })
        ).statusCode,
      ).toBe(200);
      // A phone typed otherwise is not taken either: the order's agent is the directory's record.
      expect(
        (
          await post(token, '/set_buyers_agent', {
            id: 201,
            first: 'JESSICA',
            last: 'Moreno ',
            email: AGENT_EMAIL,
            mobile_phone: '(614) 555-0999',
          })
        ).statusCode,
      ).toBe(200);
      const agent = JSON.stringify((await order(token)).buyers_agent ?? (await order(token)));
      expect(agent).toContain(AGENT_EMAIL);
      expect(agent).not.toContain('555-0999');
    });

    it('locks nothing the page did not fill in, and nothing another session of the page locked', async () => {
      const locked = await openFrame({ embed: '1', postal_code: '43017', lock: 'postal_code client_email' });
      const other = await openFrame({ embed: '1' });
      expect((await order(locked.token)).locked).toEqual(['postal_code']);
      expect(
        (
          await post(locked.token, '/set_client', {
            first: 'Ada',
            last: 'Brooks',
            email: 'any@example.com',
            mobile_phone: '6145550101',
          })
        ).statusCode,
      ).toBe(200);
      expect((await post(other.token, '/set_postal_code', { postal_code: '43215' })).statusCode).toBe(200);
    });
  });
});
