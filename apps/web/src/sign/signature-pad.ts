import SignaturePad from 'signature_pad';

/**
 * What the signing form needs of a drawing pad. The form is handed a factory of these, so that
 * its tests (happy-dom has no canvas to draw on) give it a pad of their own and test the rest for real.
 */
export interface DrawingPad {
  isEmpty(): boolean;
  clear(): void;
  /** The drawing as a PNG data URL, as the signature is sent. */
  toPngDataUrl(): string;
  /** Called at the end of each stroke. */
  onStroke(listener: () => void): void;
  /** Lets go of the canvas and its listeners. */
  destroy(): void;
}

export type DrawingPadFactory = (canvas: HTMLCanvasElement) => DrawingPad;

/** The canvas's height in CSS pixels: room for a signature on a phone held upright. */
export const PAD_HEIGHT = 160;

/**
 * signature_pad on `canvas`, drawn at the width of the canvas's container (touch, pen and mouse
 * alike). The bitmap is the CSS size times the screen's pixel ratio (at most 2: a sharper bitmap
 * is a larger PNG for no better signature), and follows the container's width, the strokes kept.
 */
/** A pad where nothing can be drawn (a browser without a 2D canvas): always empty, so typing is the way to sign. */
const PAD_WITHOUT_CANVAS: DrawingPad = {
  isEmpty: () => true,
  clear: () => {},
  toPngDataUrl: () => '',
  onStroke: () => {},
  destroy: () => {},
};

export const createDrawingPad: DrawingPadFactory = (canvas) => {
  if (!canvas.getContext('2d')) return PAD_WITHOUT_CANVAS;
  const pad = new SignaturePad(canvas, { penColor: '#10243e', minWidth: 0.8, maxWidth: 2.6 });
  const fit = () => {
    const width = canvas.parentElement?.clientWidth ?? 0;
    // A hidden pad (the signer chose "Type") has no width: its strokes wait for it to show again.
    if (width === 0) return;
    const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);
    if (canvas.width === Math.round(width * ratio)) return;
    const strokes = pad.toData();
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(PAD_HEIGHT * ratio);
    canvas.getContext('2d')?.scale(ratio, ratio);
    pad.clear();
    pad.fromData(strokes);
  };
  fit();
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
  if (canvas.parentElement) observer?.observe(canvas.parentElement);
  return {
    isEmpty: () => pad.isEmpty(),
    clear: () => pad.clear(),
    toPngDataUrl: () => pad.toDataURL('image/png'),
    onStroke: (listener) => pad.addEventListener('endStroke', listener),
    destroy: () => {
      observer?.disconnect();
      pad.off();
    },
  };
};
