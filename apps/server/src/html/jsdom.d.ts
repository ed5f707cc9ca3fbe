/**
 * The part of jsdom that svg-logo.ts uses. Its published types (@types/jsdom) bring the DOM's
 * library into the whole server's type check, where `document` or `window` would then pass.
 */
declare module 'jsdom' {
  interface JsdomWindow {
    XMLSerializer: new () => { serializeToString(node: unknown): string };
  }
  export class JSDOM {
    constructor(html?: string);
    readonly window: JsdomWindow;
  }
}
