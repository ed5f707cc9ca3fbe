// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { keepResumeToken, readResumeToken } from './resume-token.ts';
import { visibleArea } from './visible-area.ts';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const OFFICE = 'a1b2c3d4-0000-4000-8000-00000000beef';

describe('the kept session', () => {
  it('is kept per company and office, and forgotten when the wizard says null', () => {
    localStorage.clear();
    keepResumeToken(() => localStorage, 'demo', OFFICE, TOKEN);
    expect(readResumeToken(() => localStorage, 'demo', OFFICE)).toBe(TOKEN);
    expect(readResumeToken(() => localStorage, 'other', OFFICE)).toBeNull();
    keepResumeToken(() => localStorage, 'demo', OFFICE, null);
    expect(readResumeToken(() => localStorage, 'demo', OFFICE)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('passes on nothing that does not look like a token', () => {
    localStorage.clear();
    localStorage.setItem(`online-scheduler:resume:demo:${OFFICE}`, 'x&lock=client_email');
    expect(readResumeToken(() => localStorage, 'demo', OFFICE)).toBeNull();
  });

  it('goes without when storage throws', () => {
    const refused = (): Storage => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(readResumeToken(refused, 'demo', OFFICE)).toBeNull();
    expect(() => keepResumeToken(refused, 'demo', OFFICE, TOKEN)).not.toThrow();
  });
});

describe("the frame's visible part", () => {
  it("is given in the frame's own pixels, whichever way the frame overhangs the screen", () => {
    expect(visibleArea(100, 2000, 800)).toEqual({ top: 0, height: 700 });
    expect(visibleArea(-500, 2000, 800)).toEqual({ top: 500, height: 800 });
    expect(visibleArea(-1700, 2000, 800)).toEqual({ top: 1700, height: 300 });
    expect(visibleArea(50, 400, 800)).toEqual({ top: 0, height: 400 });
    expect(visibleArea(900, 400, 800)).toEqual({ top: 0, height: 0 });
  });
});
