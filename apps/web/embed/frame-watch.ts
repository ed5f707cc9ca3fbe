/**
 * Whether a frame's wizard came up (decision 0060). The page cannot see into a frame of another
 * origin, and a refused frame (frame-ancestors) or an unreachable server looks the same from here
 * as a slow one: an error page loads in it, with its `load` event. So the wizard says `hello` as
 * its script starts; a frame that has not said it HELLO_WITHIN_MS after it was made, or
 * AFTER_LOAD_MS after its document loaded (the wizard's script runs before its `load`), failed.
 */
export const HELLO_WITHIN_MS = 10_000;
export const AFTER_LOAD_MS = 2_500;

export type FrameOutcome = 'ready' | 'failed';

export interface FrameWatch {
  /** The frame's wizard said hello. */
  hello(): void;
}

/** Watches one frame from its making; `settle` is called once, with the outcome. */
export function watchFrame(iframe: HTMLIFrameElement, settle: (outcome: FrameOutcome) => void): FrameWatch {
  let outcome: FrameOutcome | null = null;
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  const end = (result: FrameOutcome) => {
    if (outcome) return;
    outcome = result;
    timers.forEach(clearTimeout);
    settle(result);
  };
  timers.push(setTimeout(() => end('failed'), HELLO_WITHIN_MS));
  iframe.addEventListener('load', () => {
    if (!outcome) timers.push(setTimeout(() => end('failed'), AFTER_LOAD_MS));
  });
  return { hello: () => end('ready') };
}
