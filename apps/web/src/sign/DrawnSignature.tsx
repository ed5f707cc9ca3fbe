import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { PAD_HEIGHT, type DrawingPad, type DrawingPadFactory } from './signature-pad.ts';
import { signingTexts as t } from './signing-texts.ts';

/**
 * The drawn signature: a canvas as wide as the form, a Clear button, and beside it, in words, the
 * way to sign without drawing (a canvas is neither keyboard nor screen reader ground). The pad
 * is made by `createPad` and handed to the form through `padRef`, which reads it on submit.
 */
export function DrawnSignature({
  createPad,
  padRef,
  error,
  onChange,
  hidden,
}: {
  createPad: DrawingPadFactory;
  padRef: RefObject<DrawingPad | null>;
  error: string | null;
  /** After a stroke or a clearing: the form drops a drawing error it showed. */
  onChange: () => void;
  /** The signer chose to type: the drawing stays, out of sight, should they come back to it. */
  hidden: boolean;
}) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [said, setSaid] = useState('');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = createPad(canvas);
    pad.onStroke(() => {
      setSaid('');
      onChangeRef.current();
    });
    padRef.current = pad;
    return () => {
      pad.destroy();
      padRef.current = null;
    };
  }, [createPad, padRef]);

  const clear = () => {
    padRef.current?.clear();
    setSaid(t.drawn.cleared);
    onChangeRef.current();
  };

  return (
    // `hidden`: out of sight and out of the keyboard's and screen reader's way, the strokes kept.
    <Box hidden={hidden}>
      <Box
        sx={{
          border: 2,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
          // The page must not scroll under a finger that signs.
          touchAction: 'none',
          lineHeight: 0,
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t.drawn.canvas}
          aria-describedby={`${id}-alternative${error ? ` ${id}-error` : ''}`}
          height={PAD_HEIGHT}
          style={{ display: 'block', width: '100%', height: PAD_HEIGHT, touchAction: 'none', cursor: 'crosshair' }}
        />
      </Box>
      {error && (
        <FormHelperText id={`${id}-error`} error role="alert">
          {error}
        </FormHelperText>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mt: 1 }}>
        <Typography id={`${id}-alternative`} variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
          {t.drawn.alternative}
        </Typography>
        <Button variant="outlined" onClick={clear}>
          {t.drawn.clear}
        </Button>
      </Box>
      <Typography role="status" variant="body2" sx={{ mt: said ? 1 : 0 }}>
        {said}
      </Typography>
    </Box>
  );
}
