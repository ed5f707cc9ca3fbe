import Typography from '@mui/material/Typography';

/** A section's plain lines (address parts, property answers, date and time). */
export function TextLines({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines.map((line, index) => (
        <Typography key={`${index}-${line}`} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
    </>
  );
}
