import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { bundledPostalCodes } from '../scheduling/postal-codes.ts';
import { GoogleGeocoder } from './google-geocoder.ts';
import type { Geocoder } from './geocoder.ts';
import { configuredGeocoder, GeocodingService, type GeocodeContext } from './geocoding.service.ts';
import { NominatimGeocoder } from './nominatim-geocoder.ts';

const TYPED = '6000 sawmill road apt 4b, dublin, oh 43017';
const CONTEXT: GeocodeContext = { officeState: 'OH', states: [{ id: 36, abbreviation: 'OH' }] };
/** Where the services say the house is: not the postal code's centroid (40.1093, -83.1146). */
const HOUSE = { latitude: 40.0981, longitude: -83.1392 };
/** Long enough for a busy test machine, short enough to wait for twice. */
const TIMEOUT_MS = 1000;

const NOMINATIM_HIT = [
  {
    place_id: 1,
    lat: String(HOUSE.latitude),
    lon: String(HOUSE.longitude),
    display_name: '6000, Sawmill Road, Dublin, Franklin County, Ohio, 43017, United States',
    address: {
      house_number: '6000',
      road: 'Sawmill Road',
      city: 'Dublin',
      county: 'Franklin County',
      state: 'Ohio',
      'ISO3166-2-lvl4': 'US-OH',
      postcode: '43017',
      country: 'United States',
      country_code: 'us',
    },
  },
];

const GOOGLE_HIT = {
  status: 'OK',
  results: [
    {
      address_components: [
        { long_name: '6000', short_name: '6000', types: ['street_number'] },
        { long_name: 'Sawmill Road', short_name: 'Sawmill Rd', types: ['route'] },
        { long_name: 'Dublin', short_name: 'Dublin', types: ['locality', 'political'] },
        {
          long_name: 'Franklin County',
          short_name: 'Franklin County',
          types: ['administrative_area_level_2', 'political'],
        },
        { long_name: 'Ohio', short_name: 'OH', types: ['administrative_area_level_1', 'political'] },
        { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
        { long_name: '43017', short_name: '43017', types: ['postal_code'] },
        { long_name: '4410', short_name: '4410', types: ['postal_code_suffix'] },
      ],
      formatted_address: '6000 Sawmill Rd, Dublin, OH 43017-4410, USA',
      geometry: { location: { lat: HOUSE.latitude, lng: HOUSE.longitude }, location_type: 'ROOFTOP' },
    },
  ],
};

/** Nominatim's hit with some address fields changed (undefined removes one), and its coordinates. */
function nominatimAnswer(
  change: Record<string, string | undefined>,
  where = { lat: String(HOUSE.latitude), lon: String(HOUSE.longitude) },
) {
  const [hit] = NOMINATIM_HIT;
  return [
    { ...hit, ...where, address: JSON.parse(JSON.stringify({ ...hit!.address, ...change })) as Record<string, string> },
  ];
}

/** Google's hit with these components added, and the components of these types taken out. */
function googleAnswer(
  added: Array<{ long_name: string; short_name: string; types: string[] }>,
  without: string[] = [],
) {
  const [hit] = GOOGLE_HIT.results;
  const kept = hit!.address_components.filter((c) => !c.types.some((type) => without.includes(type)));
  return { status: 'OK', results: [{ ...hit, address_components: [...kept, ...added] }] };
}

type Behaviour =
  'hit' | 'nothing' | 'slow' | 'fail' | 'garbage' | 'denied' | 'wrong-shape' | 'stalled-body' | 'not-modified';

/** A local stand-in for both services, answering in their JSON, or failing as told. */
class FakeProviders {
  behaviour: Behaviour = 'hit';
  /** When set, the answer to every request (with behaviour 'hit'), in place of the usual hit. */
  custom: unknown = null;
  requests: Array<{ url: URL; userAgent: string | undefined; accept: string | undefined }> = [];
  private server: Server | null = null;
  baseUrl = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => this.answer(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', this.baseUrl);
    this.requests.push({ url, userAgent: request.headers['user-agent'], accept: request.headers.accept });
    const google = url.pathname === '/google/maps/api/geocode/json';
    const send = (status: number, body: unknown): void => {
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    switch (this.behaviour) {
      case 'hit':
        return send(200, this.custom ?? (google ? GOOGLE_HIT : NOMINATIM_HIT));
      case 'nothing':
        return send(200, google ? { status: 'ZERO_RESULTS', results: [] } : []);
      case 'denied':
        return send(200, { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] });
      case 'fail':
        return send(500, { error: 'internal' });
      case 'garbage':
        return send(200, '<html>maintenance</html>');
      case 'wrong-shape':
        // JSON, but not the service's answer (a proxy's error page, another API's format).
        return send(200, { error: 'Unable to geocode', code: 503 });
      case 'not-modified':
        // An error status whose answer has no body at all.
        response.writeHead(304).end();
        return;
      case 'stalled-body':
        // The headers and the start of the answer arrive at once; the rest never does.
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write(google ? '{"status":"OK","results":[' : '[{"lat":"40.09');
        return;
      case 'slow':
        // Answers long after the client's timeout.
        setTimeout(() => send(200, google ? GOOGLE_HIT : NOMINATIM_HIT), TIMEOUT_MS * 8).unref();
        return;
    }
  }
}

/** A real logger whose lines the test can read. */
function capturedLogger(): { log: FastifyBaseLogger; lines: string[]; app: FastifyInstance } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  return { log: app.log, lines, app };
}

describe('geocoding providers against a local service', () => {
  const fake = new FakeProviders();
  let logger: ReturnType<typeof capturedLogger>;
  beforeAll(async () => {
    await fake.start();
    // The first fetch and the first postal-code lookup load their code: not what the timeouts measure.
    await bundledPostalCodes.find('43017');
    await (await fetch(`${fake.baseUrl}/warm-up`)).arrayBuffer();
  });
  afterAll(async () => fake.stop());
  beforeEach(async () => {
    await logger?.app.close();
    logger = capturedLogger();
    fake.requests = [];
    fake.behaviour = 'hit';
    fake.custom = null;
  });

  const nominatim = () =>
    new GeocodingService(bundledPostalCodes, new NominatimGeocoder(`${fake.baseUrl}/nominatim`, TIMEOUT_MS));
  const google = () =>
    new GeocodingService(bundledPostalCodes, new GoogleGeocoder('test-key-123', TIMEOUT_MS, `${fake.baseUrl}/google`));

  /** The offline answer: the typed street at the postal code's centroid. */
  function expectOfflineAnswer(suggestion: Awaited<ReturnType<GeocodingService['suggest']>>) {
    expect(suggestion).toMatchObject({
      no_results: false,
      address1: '6000 Sawmill Rd',
      address2: 'Apt 4B',
      city: 'Dublin',
      state: 'OH',
      state_id: 36,
      postal_code: '43017',
      county: 'Franklin',
    });
    expect(suggestion.latitude).toBeCloseTo(40.1093, 4);
    expect(suggestion.longitude).toBeCloseTo(-83.1146, 4);
  }

  function expectLogged(code: string) {
    const entries = logger.lines.map(
      (line) => JSON.parse(line) as { code?: string; provider?: string; time?: number; pid?: number },
    );
    expect(entries.some((entry) => entry.code === code)).toBe(true);
    // Never the address, in any form. The entries' own fields are left out of the search: a time
    // such as 1795915760006 holds "6000" and says nothing of the address.
    const written = entries.map(({ time: _time, pid: _pid, ...rest }: Record<string, unknown>) => JSON.stringify(rest));
    expect(written.join('\n')).not.toMatch(/sawmill|6000|43017/i);
  }

  describe('Nominatim', () => {
    it('asks for one US result with address details, names itself, and suggests what it found', async () => {
      const suggestion = await nominatim().suggest(TYPED, CONTEXT, logger.log);
      expect(suggestion).toMatchObject({
        no_results: false,
        address1: '6000 Sawmill Rd',
        address2: 'Apt 4B',
        city: 'Dublin',
        state: 'OH',
        state_id: 36,
        postal_code: '43017',
        county: 'Franklin',
        latitude: HOUSE.latitude,
        longitude: HOUSE.longitude,
        conflicts: [],
      });
      const [request] = fake.requests;
      expect(request!.url.pathname).toBe('/nominatim/search');
      expect(Object.fromEntries(request!.url.searchParams)).toEqual({
        q: TYPED,
        format: 'jsonv2',
        addressdetails: '1',
        limit: '1',
        countrycodes: 'us',
      });
      expect(request!.userAgent).toMatch(/online-scheduler/);
      expect(request!.accept).toBe('application/json');
      // An answer found is nothing to report.
      expect(logger.lines).toEqual([]);
    });

    it.each([
      ['nothing', 'geocoder_no_results'],
      ['fail', 'geocoder_http_error'],
      ['slow', 'geocoder_timeout'],
      ['garbage', 'geocoder_bad_response'],
      ['wrong-shape', 'geocoder_bad_response'],
      ['stalled-body', 'geocoder_timeout'],
      ['not-modified', 'geocoder_http_error'],
    ] as const)('falls back to the offline answer when it answers %s', async (behaviour, code) => {
      fake.behaviour = behaviour;
      const started = Date.now();
      expectOfflineAnswer(await nominatim().suggest(TYPED, CONTEXT, logger.log));
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3);
      expect(fake.requests).toHaveLength(1);
      expectLogged(code);
    });

    it('falls back when the service cannot be reached at all', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      const service = new GeocodingService(
        bundledPostalCodes,
        new NominatimGeocoder(`http://127.0.0.1:${port}`, TIMEOUT_MS),
      );
      expectOfflineAnswer(await service.suggest(TYPED, CONTEXT, logger.log));
      expectLogged('geocoder_unreachable');
    });

    it('takes the house number, street and city the service found over what was typed', async () => {
      fake.custom = nominatimAnswer({});
      const suggestion = await nominatim().suggest('6010 sawmil rd, columbus, oh 43017', CONTEXT, logger.log);
      expect(suggestion).toMatchObject({
        address1: '6000 Sawmill Rd',
        address2: '',
        city: 'Dublin',
        state: 'OH',
        postal_code: '43017',
      });
    });

    it('keeps the typed house number when the service matched only the street', async () => {
      fake.custom = nominatimAnswer({ house_number: undefined });
      expect(await nominatim().suggest(TYPED, CONTEXT, logger.log)).toMatchObject({
        address1: '6000 Sawmill Rd',
        address2: 'Apt 4B',
        city: 'Dublin',
      });
    });

    it.each([
      ['town', { city: undefined, town: 'Granville' }, 'Granville'],
      ['village', { city: undefined, village: 'Granville' }, 'Granville'],
      ['hamlet', { city: undefined, hamlet: 'Granville' }, 'Granville'],
      ['municipality', { city: undefined, municipality: 'Granville' }, 'Granville'],
      ['no place at all', { city: undefined }, 'Columbus'],
    ])("names the city from the service's %s, else as typed", async (_kind, change, city) => {
      fake.custom = nominatimAnswer(change);
      expect((await nominatim().suggest('6000 sawmill rd, columbus, oh 43017', CONTEXT, logger.log)).city).toBe(city);
    });

    it.each([
      ['its ISO code alone', { state: undefined }],
      ['its name alone', { 'ISO3166-2-lvl4': undefined }],
    ])('reads the state from %s when none was typed', async (_kind, change) => {
      fake.custom = nominatimAnswer(change);
      // The service's answer, not the bundled postal codes' (which would say Ohio too): the house's own coordinates.
      expect(await nominatim().suggest('6000 Sawmill Rd, Dublin 43017', CONTEXT, logger.log)).toMatchObject({
        state: 'OH',
        state_id: 36,
        ...HOUSE,
      });
    });

    it.each([['XX-US-PA'], ['US-PAX'], ['US-P']])(
      "reads the state from its name when the ISO code %s is not a US state's",
      async (code) => {
        fake.custom = nominatimAnswer({ 'ISO3166-2-lvl4': code });
        expect(await nominatim().suggest('6000 Sawmill Rd, Dublin 43017', CONTEXT, logger.log)).toMatchObject({
          state: 'OH',
          state_id: 36,
          ...HOUSE,
        });
      },
    );

    it('keeps the ZIP+4 the service gives', async () => {
      fake.custom = nominatimAnswer({ postcode: '43017-4410' });
      expect((await nominatim().suggest(TYPED, CONTEXT, logger.log)).postal_code).toBe('43017-4410');
    });

    it('answers from the bundled postal codes when the service places the house off the globe', async () => {
      fake.custom = nominatimAnswer({}, { lat: '400.981', lon: String(HOUSE.longitude) });
      expectOfflineAnswer(await nominatim().suggest(TYPED, CONTEXT, logger.log));
    });

    it('asks at the same path whether the configured URL ends with a slash or not', async () => {
      const service = new GeocodingService(
        bundledPostalCodes,
        new NominatimGeocoder(`${fake.baseUrl}/nominatim/`, TIMEOUT_MS),
      );
      await service.suggest(TYPED, CONTEXT, logger.log);
      expect(fake.requests.map((r) => r.url.pathname)).toEqual(['/nominatim/search']);
    });

    it('never sends a PO box to the service', async () => {
      const suggestion = await nominatim().suggest('PO Box 12, Dublin, OH 43017', CONTEXT, logger.log);
      expect(suggestion).toMatchObject({ no_results: true, refusal: { code: 'po_box', field: 'address1' } });
      expect(fake.requests).toEqual([]);
    });
  });

  describe('Google', () => {
    it('asks for the address in the United States with the key, and suggests what it found', async () => {
      const suggestion = await google().suggest(TYPED, CONTEXT, logger.log);
      expect(suggestion).toMatchObject({
        no_results: false,
        address1: '6000 Sawmill Rd',
        address2: 'Apt 4B',
        city: 'Dublin',
        state: 'OH',
        state_id: 36,
        postal_code: '43017-4410',
        county: 'Franklin',
        latitude: HOUSE.latitude,
        longitude: HOUSE.longitude,
      });
      const [request] = fake.requests;
      expect(request!.url.pathname).toBe('/google/maps/api/geocode/json');
      expect(Object.fromEntries(request!.url.searchParams)).toEqual({
        address: TYPED,
        components: 'country:US',
        key: 'test-key-123',
      });
      expect(request!.accept).toBe('application/json');
      expect(logger.lines).toEqual([]);
    });

    it("takes Google's house number, spelling of the street, city and state over what was typed", async () => {
      const suggestion = await google().suggest('6010 sawmil road, columbus 43017', CONTEXT, logger.log);
      expect(suggestion).toMatchObject({
        address1: '6000 Sawmill Rd',
        address2: '',
        city: 'Dublin',
        state: 'OH',
        state_id: 36,
        postal_code: '43017-4410',
      });
    });

    it('suggests the unit Google found when none was typed, and none when neither has one', async () => {
      fake.custom = googleAnswer([{ long_name: '4B', short_name: '4B', types: ['subpremise'] }]);
      expect((await google().suggest('6000 Sawmill Rd, Dublin, OH 43017', CONTEXT, logger.log)).address2).toBe('#4B');
      fake.custom = googleAnswer([]);
      expect((await google().suggest('6000 Sawmill Rd, Dublin, OH 43017', CONTEXT, logger.log)).address2).toBe('');
    });

    it.each([
      ['postal_town', 'Granville'],
      ['sublocality', 'Granville'],
      ['neighborhood', 'Granville'],
    ])('names the city from the %s when Google gives no locality', async (type, city) => {
      fake.custom = googleAnswer([{ long_name: city, short_name: city, types: [type, 'political'] }], ['locality']);
      expect((await google().suggest('6000 sawmill rd, columbus, oh 43017', CONTEXT, logger.log)).city).toBe(city);
      fake.custom = googleAnswer([], ['locality']);
      expect((await google().suggest('6000 sawmill rd, columbus, oh 43017', CONTEXT, logger.log)).city).toBe(
        'Columbus',
      );
    });

    it('has no state id for a state the company does not serve', async () => {
      fake.custom = googleAnswer(
        [{ long_name: 'Kentucky', short_name: 'KY', types: ['administrative_area_level_1', 'political'] }],
        ['administrative_area_level_1'],
      );
      expect(await google().suggest(TYPED, CONTEXT, logger.log)).toMatchObject({ state: 'KY', state_id: null });
    });

    it('falls back to the offline answer when Google says OK without a result, or places the house off the globe', async () => {
      fake.custom = { status: 'OK', results: [] };
      expectOfflineAnswer(await google().suggest(TYPED, CONTEXT, logger.log));
      expectLogged('geocoder_no_results');
      fake.custom = {
        status: 'OK',
        results: [{ ...GOOGLE_HIT.results[0], geometry: { location: { lat: HOUSE.latitude, lng: -830.1392 } } }],
      };
      expectOfflineAnswer(await google().suggest(TYPED, CONTEXT, logger.log));
    });

    it('asks at the same path whether the configured URL ends with a slash or not', async () => {
      const service = new GeocodingService(
        bundledPostalCodes,
        new GoogleGeocoder('test-key-123', TIMEOUT_MS, `${fake.baseUrl}/google/`),
      );
      await service.suggest(TYPED, CONTEXT, logger.log);
      expect(fake.requests.map((r) => r.url.pathname)).toEqual(['/google/maps/api/geocode/json']);
    });

    it.each([
      ['nothing', 'geocoder_no_results'],
      ['denied', 'geocoder_refused'],
      ['fail', 'geocoder_http_error'],
      ['slow', 'geocoder_timeout'],
      ['garbage', 'geocoder_bad_response'],
      ['wrong-shape', 'geocoder_bad_response'],
      ['stalled-body', 'geocoder_timeout'],
    ] as const)('falls back to the offline answer when it answers %s', async (behaviour, code) => {
      fake.behaviour = behaviour;
      expectOfflineAnswer(await google().suggest(TYPED, CONTEXT, logger.log));
      expectLogged(code);
      // The key stays out of the logs too.
      expect(logger.lines.join('\n')).not.toContain('test-key-123');
    });
  });

  describe('the service around a provider', () => {
    it('answers from the bundled postal codes when a provider fails in an unforeseen way, logging only that it failed', async () => {
      const broken: Geocoder = {
        name: 'nominatim',
        geocode: () => Promise.reject(new TypeError(`cannot read ${TYPED}`)),
      };
      expectOfflineAnswer(await new GeocodingService(bundledPostalCodes, broken).suggest(TYPED, CONTEXT, logger.log));
      expectLogged('geocoder_failed');
    });
  });

  describe('configuration', () => {
    it('is offline by default, and names the provider the configuration asks for', () => {
      expect(configuredGeocoder(loadConfig({}))).toBeNull();
      expect(
        configuredGeocoder(loadConfig({ GEOCODER: 'nominatim', GEOCODER_URL: 'http://127.0.0.1:8080' }))?.name,
      ).toBe('nominatim');
      expect(
        configuredGeocoder(loadConfig({ GEOCODER: 'google', GOOGLE_MAPS_KEY: 'k', GEOCODER_TIMEOUT_MS: '1500' }))?.name,
      ).toBe('google');
    });

    it('refuses to start with a provider that lacks what it needs', () => {
      expect(() => loadConfig({ GEOCODER: 'nominatim' })).toThrow(/GEOCODER_URL/);
      expect(() => loadConfig({ GEOCODER: 'google' })).toThrow(/GOOGLE_MAPS_KEY/);
      expect(() => loadConfig({ GEOCODER: 'bing' })).toThrow(/GEOCODER/);
      expect(() => loadConfig({ GEOCODER_TIMEOUT_MS: '5' })).toThrow(/GEOCODER_TIMEOUT_MS/);
      // Handed a configuration that was not checked, it refuses too rather than build a provider that cannot work.
      expect(() =>
        configuredGeocoder({
          GEOCODER: 'nominatim',
          GEOCODER_URL: undefined,
          GOOGLE_MAPS_KEY: 'k',
          GEOCODER_TIMEOUT_MS: 1500,
        }),
      ).toThrow('GEOCODER=nominatim needs GEOCODER_URL');
      expect(() =>
        configuredGeocoder({
          GEOCODER: 'google',
          GEOCODER_URL: 'http://127.0.0.1:8080',
          GOOGLE_MAPS_KEY: undefined,
          GEOCODER_TIMEOUT_MS: 1500,
        }),
      ).toThrow('GEOCODER=google needs GOOGLE_MAPS_KEY');
    });
  });
});
