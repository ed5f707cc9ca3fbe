import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { bundledPostalCodes } from '../geography/postal-codes.ts';
import { GoogleGeocoder } from './google-geocoder.ts';
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
        { long_name: 'Franklin County', short_name: 'Franklin County', types: ['administrative_area_level_2', 'political'] },
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

type Behaviour = 'hit' | 'nothing' | 'slow' | 'fail' | 'garbage' | 'denied';

/** A local stand-in for both services, answering in their JSON, or failing as told. */
class FakeProviders {
  behaviour: Behaviour = 'hit';
  requests: Array<{ url: URL; userAgent: string | undefined }> = [];
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
    this.requests.push({ url, userAgent: request.headers['user-agent'] });
    const google = url.pathname === '/google/maps/api/geocode/json';
    const send = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    switch (this.behaviour) {
      case 'hit':
        return send(200, google ? GOOGLE_HIT : NOMINATIM_HIT);
      case 'nothing':
        return send(200, google ? { status: 'ZERO_RESULTS', results: [] } : []);
      case 'denied':
        return send(200, { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] });
      case 'fail':
        return send(500, { error: 'internal' });
      case 'garbage':
        return send(200, '<html>maintenance</html>');
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
  });

  const nominatim = () => new GeocodingService(bundledPostalCodes, new NominatimGeocoder(`${fake.baseUrl}/nominatim`, TIMEOUT_MS));
  const google = () => new GeocodingService(bundledPostalCodes, new GoogleGeocoder('test-key-123', TIMEOUT_MS, `${fake.baseUrl}/google`));

  /** The offline answer: the typed street at the postal code's centroid. */
  function expectOfflineAnswer(suggestion: Awaited<ReturnType<GeocodingService['suggest']>>) {
    expect(suggestion).toMatchObject({ no_results: false, address1: '6000 Sawmill Rd', address2: 'Apt 4B', city: 'Dublin', state: 'OH', state_id: 36, postal_code: '43017', county: 'Franklin' });
    expect(suggestion.latitude).toBeCloseTo(40.1093, 4);
    expect(suggestion.longitude).toBeCloseTo(-83.1146, 4);
  }

  function expectLogged(code: string) {
    const entries = logger.lines.map((line) => JSON.parse(line) as { code?: string; provider?: string });
    expect(entries.some((entry) => entry.code === code)).toBe(true);
    // Never the address, in any form.
    expect(logger.lines.join('\n')).not.toMatch(/sawmill|6000|43017/i);
  }

  describe('Nominatim', () => {
    it('asks for one US result with address details, names itself, and suggests what it found', async () => {
      const suggestion = await nominatim().suggest(TYPED, CONTEXT, logger.log);
      expect(suggestion).toMatchObject({ no_results: false, address1: '6000 Sawmill Rd', address2: 'Apt 4B', city: 'Dublin', state: 'OH', state_id: 36, postal_code: '43017', county: 'Franklin', latitude: HOUSE.latitude, longitude: HOUSE.longitude, conflicts: [] });
      const [request] = fake.requests;
      expect(request!.url.pathname).toBe('/nominatim/search');
      expect(Object.fromEntries(request!.url.searchParams)).toEqual({ q: TYPED, format: 'jsonv2', addressdetails: '1', limit: '1', countrycodes: 'us' });
      expect(request!.userAgent).toMatch(/online-scheduler/);
    });

    it.each([
      ['nothing', 'geocoder_no_results'],
      ['fail', 'geocoder_http_error'],
      ['slow', 'geocoder_timeout'],
      ['garbage', 'geocoder_bad_response'],
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
      const service = new GeocodingService(bundledPostalCodes, new NominatimGeocoder(`http://127.0.0.1:${port}`, TIMEOUT_MS));
      expectOfflineAnswer(await service.suggest(TYPED, CONTEXT, logger.log));
      expectLogged('geocoder_unreachable');
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
      expect(suggestion).toMatchObject({ no_results: false, address1: '6000 Sawmill Rd', address2: 'Apt 4B', city: 'Dublin', state: 'OH', state_id: 36, postal_code: '43017-4410', county: 'Franklin', latitude: HOUSE.latitude, longitude: HOUSE.longitude });
      const [request] = fake.requests;
      expect(request!.url.pathname).toBe('/google/maps/api/geocode/json');
      expect(Object.fromEntries(request!.url.searchParams)).toEqual({ address: TYPED, components: 'country:US', key: 'test-key-123' });
    });

    it.each([
      ['nothing', 'geocoder_no_results'],
      ['denied', 'geocoder_refused'],
      ['fail', 'geocoder_http_error'],
      ['slow', 'geocoder_timeout'],
      ['garbage', 'geocoder_bad_response'],
    ] as const)('falls back to the offline answer when it answers %s', async (behaviour, code) => {
      fake.behaviour = behaviour;
      expectOfflineAnswer(await google().suggest(TYPED, CONTEXT, logger.log));
      expectLogged(code);
      // The key stays out of the logs too.
      expect(logger.lines.join('\n')).not.toContain('test-key-123');
    });
  });

  describe('configuration', () => {
    it('is offline by default, and names the provider the configuration asks for', () => {
      expect(configuredGeocoder(loadConfig({}))).toBeNull();
      expect(configuredGeocoder(loadConfig({ GEOCODER: 'nominatim', GEOCODER_URL: 'http://127.0.0.1:8080' }))?.name).toBe('nominatim');
      expect(configuredGeocoder(loadConfig({ GEOCODER: 'google', GOOGLE_MAPS_KEY: 'k', GEOCODER_TIMEOUT_MS: '1500' }))?.name).toBe('google');
    });

    it('refuses to start with a provider that lacks what it needs', () => {
      expect(() => loadConfig({ GEOCODER: 'nominatim' })).toThrow(/GEOCODER_URL/);
      expect(() => loadConfig({ GEOCODER: 'google' })).toThrow(/GOOGLE_MAPS_KEY/);
      expect(() => loadConfig({ GEOCODER: 'bing' })).toThrow(/GEOCODER/);
      expect(() => loadConfig({ GEOCODER_TIMEOUT_MS: '5' })).toThrow(/GEOCODER_TIMEOUT_MS/);
    });
  });
});
