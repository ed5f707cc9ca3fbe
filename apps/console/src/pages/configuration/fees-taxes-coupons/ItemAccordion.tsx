import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { ExpandIcon } from '../../../shared/ExpandIcon.tsx';

/**
 * One fee, tax or coupon of a list: a heading button (its name and, under it, what it does) that
 * opens its editor. An item with a problem stays open, so the problem is seen and its field can
 * take focus; an item just added opens at once.
 */
export function ItemAccordion({
  title,
  summary,
  open: startOpen,
  hasError,
  children,
}: {
  title: string;
  summary: string;
  open: boolean;
  hasError: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(startOpen);
  const id = useId();
  const expanded = open || hasError;
  return (
    <Accordion
      expanded={expanded}
      onChange={(_, next) => setOpen(next)}
      variant="outlined"
      disableGutters
      sx={{ minWidth: 0, ...(hasError ? { borderColor: 'error.main' } : {}) }}
      // A closed item's editor is not in the page at all: a company's dozens of fees and coupons stay light to render.
      slotProps={{ heading: { component: 'h3' }, transition: { unmountOnExit: true } }}
    >
      <AccordionSummary id={`${id}-summary`} aria-controls={`${id}-details`} expandIcon={<ExpandIcon />}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="span" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>{' '}
          <Typography
            component="span"
            variant="body2"
            sx={{ display: 'block', color: 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {summary}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${id}-details`} sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
        {children}
      </AccordionDetails>
    </Accordion>
  );
}
