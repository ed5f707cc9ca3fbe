import { describe, expect, it } from 'vitest';
import { withAttribution } from './attribution.ts';

const FRAME = 'https://scheduler.example.com/demo/online-scheduler/a1b2c3d4-0000-4000-8000-00000000beef?embed=1';

describe("the embed's campaign parameters (issue 42)", () => {
  it("passes the host page's utm_* and gclid to the frame's session link, and nothing else of its address", () => {
    const url = new URL(
      withAttribution(
        FRAME,
        '?utm_source=google&utm_medium=cpc&utm_campaign=Spring%20sale&utm_term=a&utm_content=b&gclid=EAIa&client_email=x%40y.z&fbclid=q',
      ),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      embed: '1',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'Spring sale',
      utm_term: 'a',
      utm_content: 'b',
      gclid: 'EAIa',
    });
  });

  it('leaves the link as it is for a page without them, and leaves out empty and over-long values', () => {
    expect(withAttribution(FRAME, '')).toBe(FRAME);
    const url = new URL(
      withAttribution(FRAME, `?utm_source=&utm_medium=${'m'.repeat(201)}&utm_campaign=${'c'.repeat(200)}`),
    );
    expect([...url.searchParams.keys()]).toEqual(['embed', 'utm_campaign']);
  });
});
