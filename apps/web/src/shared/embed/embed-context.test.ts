import { describe, expect, it } from 'vitest';
import { embeddedHrefFor, readEmbedLook } from './embed-context.ts';

const HOST = 'https://www.company.example';
const look = (search: string, host: string | null = HOST) => readEmbedLook(new URLSearchParams(search), host);

describe("the look the company's page asked for (decision 0060)", () => {
  it('takes the colour (lower-cased) and the hidden header and footer in a frame of the host page', () => {
    expect(look('?brand_color=%23FFD000&hide_header_footer=1')).toEqual({
      brandColor: '#ffd000',
      hideHeaderFooter: true,
    });
    expect(look('?brand_color=%231f4e79')).toEqual({ brandColor: '#1f4e79', hideHeaderFooter: false });
  });

  it('takes nothing outside a frame of the host page: a link opened on its own is the scheduler as it is', () => {
    expect(look('?brand_color=%23ffd000&hide_header_footer=1', null)).toEqual({
      brandColor: null,
      hideHeaderFooter: false,
    });
  });

  it('takes no colour that is not one: it would become the theme', () => {
    for (const colour of ['red', '%23ffd00', '%23ffd0000', 'url(x)', '%23fd0', '%23ffd000%3B'])
      expect(look(`?brand_color=${colour}`).brandColor, colour).toBeNull();
    expect(look('?hide_header_footer=true').hideHeaderFooter).toBe(false);
  });
});

describe('a full page load of the embedded scheduler (Start Over, Schedule Again)', () => {
  it('stays embedded in the same host, looking as it did', () => {
    const href = embeddedHrefFor('/demo/online-scheduler/x', HOST, { brandColor: '#ffd000', hideHeaderFooter: true });
    const url = new URL(href, 'https://scheduler.example');
    expect(url.pathname).toBe('/demo/online-scheduler/x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      embed: '1',
      host: HOST,
      brand_color: '#ffd000',
      hide_header_footer: '1',
    });
    expect(embeddedHrefFor('/a', HOST, { brandColor: null, hideHeaderFooter: false })).toBe(
      `/a?embed=1&host=${encodeURIComponent(HOST)}`,
    );
    expect(embeddedHrefFor('/a', null, { brandColor: '#ffd000', hideHeaderFooter: true })).toBe('/a');
  });
});
