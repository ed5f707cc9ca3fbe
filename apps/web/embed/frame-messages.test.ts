// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { acceptMessage, boundedHeight, MAX_FRAME_HEIGHT, MIN_FRAME_HEIGHT } from './frame-messages.ts';

const SCHEDULER = 'https://scheduler.example.com';
const ours = { iframe: { contentWindow: { name: 'ours' } }, id: 'ours' };
const other = { iframe: { contentWindow: { name: 'other' } }, id: 'other' };
const frames = [ours, other];
const resize = { source: 'online-scheduler', version: 1, type: 'resize', height: 812 };

describe('messages from the frames', () => {
  it('accepts a well-formed message from one of our frames, naming which', () => {
    expect(
      acceptMessage(
        { origin: SCHEDULER, source: other.iframe.contentWindow as never, data: resize },
        SCHEDULER,
        frames,
      ),
    ).toEqual({ frame: other, message: resize });
    const event = {
      source: 'online-scheduler',
      version: 1,
      type: 'event',
      office_uuid: 'x',
      event: { name: 'step_viewed', step: 'calendar' },
    };
    expect(
      acceptMessage({ origin: SCHEDULER, source: ours.iframe.contentWindow as never, data: event }, SCHEDULER, frames)
        ?.message,
    ).toEqual(event);
    for (const data of [
      { source: 'online-scheduler', version: 1, type: 'ready', google_tag_id: null },
      { source: 'online-scheduler', version: 1, type: 'ready', google_tag_id: 'GTM-ABC' },
      { source: 'online-scheduler', version: 1, type: 'session', office_uuid: 'x', token: null },
      { source: 'online-scheduler', version: 1, type: 'escape' },
      { source: 'online-scheduler', version: 1, type: 'hello' },
    ]) {
      expect(
        acceptMessage({ origin: SCHEDULER, source: ours.iframe.contentWindow as never, data }, SCHEDULER, frames)
          ?.message,
      ).toEqual(data);
    }
  });

  it('ignores another origin, even from our frame’s window (the frame navigated elsewhere)', () => {
    for (const origin of [
      'https://evil.example',
      'http://scheduler.example.com',
      'https://scheduler.example.com:8443',
      'null',
    ]) {
      expect(
        acceptMessage({ origin, source: ours.iframe.contentWindow as never, data: resize }, SCHEDULER, frames),
      ).toBeNull();
    }
  });

  it('ignores a window that is not one of our frames, even on the scheduler’s origin', () => {
    expect(acceptMessage({ origin: SCHEDULER, source: window, data: resize }, SCHEDULER, frames)).toBeNull();
    expect(acceptMessage({ origin: SCHEDULER, source: null, data: resize }, SCHEDULER, frames)).toBeNull();
    expect(
      acceptMessage({ origin: SCHEDULER, source: null, data: resize }, SCHEDULER, [
        { iframe: { contentWindow: null } },
      ]),
    ).toBeNull();
  });

  it('ignores other sources, versions, types and shapes', () => {
    const from = (data: unknown) =>
      acceptMessage({ origin: SCHEDULER, source: ours.iframe.contentWindow as never, data }, SCHEDULER, frames);
    for (const data of [
      { ...resize, version: 2 },
      { ...resize, version: '1' },
      { ...resize, source: 'iframe-resizer' },
      { ...resize, type: 'viewport' },
      { ...resize, height: '812' },
      { ...resize, height: Number.NaN },
      { ...resize, height: Number.POSITIVE_INFINITY },
      { source: 'online-scheduler', version: 1, type: 'event', office_uuid: 'x', event: null },
      { source: 'online-scheduler', version: 1, type: 'session', office_uuid: 'x', token: 42 },
      { source: 'online-scheduler', version: 1, type: 'ready' },
      'online-scheduler',
      null,
      undefined,
    ]) {
      expect(from(data), JSON.stringify(data)).toBeNull();
    }
  });
});

describe("a frame's height", () => {
  it(`is a whole number of pixels from ${MIN_FRAME_HEIGHT} to ${MAX_FRAME_HEIGHT}`, () => {
    expect(boundedHeight(812.4)).toBe(812);
    expect(boundedHeight(812.6)).toBe(813);
    expect(boundedHeight(0)).toBe(MIN_FRAME_HEIGHT);
    expect(boundedHeight(-5000)).toBe(MIN_FRAME_HEIGHT);
    expect(boundedHeight(1e9)).toBe(MAX_FRAME_HEIGHT);
    expect(boundedHeight(MAX_FRAME_HEIGHT)).toBe(MAX_FRAME_HEIGHT);
  });
});
