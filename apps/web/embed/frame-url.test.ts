// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  frameUrl,
  locksOf,
  lookOf,
  MAX_PREFILL_LENGTH,
  prefillOf,
  readPlaceholder,
  type Placeholder,
} from './frame-url.ts';

const OFFICE = 'a1b2c3d4-0000-4000-8000-00000000beef';
const SCHEDULER = 'https://scheduler.example.com';

/** A placeholder as a company writes it: `attributes` are the data- attributes without the prefix. */
function dataset(attributes: Record<string, string>): DOMStringMap {
  const element = document.createElement('div');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(`data-${name}`, value);
  return element.dataset;
}

const placeholder: Placeholder = { companyKey: 'demo', officeUuid: OFFICE, mode: 'inline' };

function urlOf(attributes: Record<string, string>, hostSearch = '', resumeToken: string | null = null): URL {
  const data = dataset({ 'online-scheduler': 'demo', office: OFFICE, ...attributes });
  return new URL(
    frameUrl({
      schedulerOrigin: SCHEDULER,
      placeholder,
      hostOrigin: 'https://www.company.example',
      prefill: prefillOf(data, new URLSearchParams(hostSearch)),
      locks: locksOf(data),
      resumeToken,
      look: lookOf(data).look,
    }),
  );
}

describe('reading a placeholder', () => {
  it('takes the company key, the office (lower-cased) and the mode, inline by default', () => {
    expect(readPlaceholder(dataset({ 'online-scheduler': 'demo', office: OFFICE.toUpperCase() }))).toEqual({
      ok: true,
      placeholder,
    });
    expect(readPlaceholder(dataset({ 'online-scheduler': 'scioto-home-1', office: OFFICE, mode: 'popup' }))).toEqual({
      ok: true,
      placeholder: { companyKey: 'scioto-home-1', officeUuid: OFFICE, mode: 'popup' },
    });
  });

  it.each([
    [{ 'online-scheduler': '', office: OFFICE }, 'company key'],
    [{ office: OFFICE }, 'company key'],
    [{ 'online-scheduler': 'Demo', office: OFFICE }, 'company key'],
    [{ 'online-scheduler': '../admin', office: OFFICE }, 'company key'],
    [{ 'online-scheduler': 'd', office: OFFICE }, 'company key'],
    [{ 'online-scheduler': 'demo' }, 'office uuid'],
    [{ 'online-scheduler': 'demo', office: 'a1b2c3d4-0000-4000-8000' }, 'office uuid'],
    [{ 'online-scheduler': 'demo', office: `${OFFICE}/../x` }, 'office uuid'],
    [{ 'online-scheduler': 'demo', office: OFFICE, mode: 'modal' }, 'neither inline nor popup'],
  ])('refuses %j, saying why', (attributes, reason) => {
    const reading = readPlaceholder(dataset(attributes));
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.reason).toContain(reason);
  });
});

describe("the frame's URL", () => {
  it("is the office's link, embedded, naming the host page's origin", () => {
    const url = urlOf({});
    expect(`${url.origin}${url.pathname}`).toBe(`${SCHEDULER}/demo/online-scheduler/${OFFICE}`);
    expect([...url.searchParams]).toEqual([
      ['embed', '1'],
      ['host', 'https://www.company.example'],
    ]);
    expect(url.search).toContain('host=https%3A%2F%2Fwww.company.example');
  });

  it("takes the prefill from the placeholder's attributes and the host page's URL, the attributes winning", () => {
    const url = urlOf(
      { 'postal-code': '43004', 'client-email': 'pat@example.com', 'agent-email': '' },
      '?postal_code=99999&client_first_name=Pat&agent_email=agent%40example.com&utm_source=ad&clientEmail=x',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      embed: '1',
      host: 'https://www.company.example',
      postal_code: '43004',
      client_first_name: 'Pat',
      client_email: 'pat@example.com',
      agent_email: 'agent@example.com',
    });
  });

  it('passes every prefill field under its contract name, values as they are', () => {
    const url = urlOf({
      address: '1 Main St & Co',
      city: 'Columbus',
      state: 'OH',
      'client-last-name': 'Doe',
      'client-phone': '+1 614 555 0100',
      packages: '1,2',
      services: OFFICE,
    });
    expect(url.searchParams.get('address')).toBe('1 Main St & Co');
    expect(url.searchParams.get('client_last_name')).toBe('Doe');
    expect(url.searchParams.get('client_phone')).toBe('+1 614 555 0100');
    expect(url.searchParams.get('packages')).toBe('1,2');
    expect(url.searchParams.get('services')).toBe(OFFICE);
    expect(url.searchParams.get('city')).toBe('Columbus');
  });

  it(`cuts long values at ${MAX_PREFILL_LENGTH} characters, from either source`, () => {
    const url = urlOf({ address: 'a'.repeat(5000) }, `?city=${'c'.repeat(MAX_PREFILL_LENGTH + 1)}`);
    expect(url.searchParams.get('address')).toBe('a'.repeat(MAX_PREFILL_LENGTH));
    expect(url.searchParams.get('city')).toBe('c'.repeat(MAX_PREFILL_LENGTH));
  });

  it('takes locks from the placeholder only, space or comma separated, dropping names that cannot be locked', () => {
    expect(urlOf({ lock: 'client_email  agent_email' }).searchParams.get('lock')).toBe('client_email,agent_email');
    expect(urlOf({ lock: 'agent_email,postal_code, city address' }).searchParams.get('lock')).toBe(
      'postal_code,agent_email',
    );
    expect(urlOf({ lock: 'city' }).searchParams.has('lock')).toBe(false);
    expect(urlOf({}, '?lock=client_email&client_email=a%40b.c').searchParams.has('lock')).toBe(false);
  });

  it('carries the kept session to resume, when there is one', () => {
    expect(urlOf({}, '', 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE').searchParams.get('resume')).toBe(
      'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE',
    );
    expect(urlOf({}).searchParams.has('resume')).toBe(false);
  });
});

describe('the look', () => {
  it("carries the company's colour, lower-cased, and the header and footer left out, from the placeholder only", () => {
    const url = urlOf({ 'brand-color': '#FFD000', 'hide-header-footer': '' }, '?brand_color=%23000000');
    expect([url.searchParams.get('brand_color'), url.searchParams.get('hide_header_footer')]).toEqual(['#ffd000', '1']);
    const plain = urlOf({}, '?brand_color=%23000000&hide_header_footer=1');
    expect([plain.searchParams.has('brand_color'), plain.searchParams.has('hide_header_footer')]).toEqual([
      false,
      false,
    ]);
  });

  it('writes a three-digit colour out in full, trimmed', () => {
    expect(lookOf(dataset({ 'brand-color': ' #F0a ' }))).toEqual({
      look: { brandColor: '#ff00aa', hideHeaderFooter: false },
      problem: null,
    });
  });

  it.each(['red', '#ffd00', '#ffd0000', '#ggg', 'ffd000', 'rgb(0,0,0)', '#ffd000;x'])(
    'leaves out %j, saying why, and keeps the rest',
    (written) => {
      const { look, problem } = lookOf(dataset({ 'brand-color': written, 'hide-header-footer': 'true' }));
      expect(look).toEqual({ brandColor: null, hideHeaderFooter: true });
      expect(problem).toContain(`data-brand-color="${written}" is not a colour`);
    },
  );

  it('hides the header and footer when the attribute is there, unless it says false', () => {
    for (const [value, hidden] of [
      ['', true],
      ['true', true],
      ['1', true],
      ['false', false],
    ] as const)
      expect(lookOf(dataset({ 'hide-header-footer': value })).look.hideHeaderFooter, value).toBe(hidden);
    expect(lookOf(dataset({})).look).toEqual({ brandColor: null, hideHeaderFooter: false });
    expect(lookOf(dataset({})).problem).toBeNull();
    expect(urlOf({ 'hide-header-footer': 'false' }).searchParams.has('hide_header_footer')).toBe(false);
  });
});
