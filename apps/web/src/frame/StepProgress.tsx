import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { stepOrder, type StepName } from '@scheduler/domain/route-table';
import { texts } from '../shared/texts.ts';
import { useScheduler } from '../shared/scheduler-context.tsx';

/** Where the visitor is in the walk: every step on wide screens, "Step n of N" on phones. */
export function StepProgress({ current }: { current: StepName }) {
  const { mode, hasControls } = useScheduler();
  const steps = stepOrder(mode).filter((step) => hasControls || step !== 'property-info');
  const index = steps.indexOf(current);
  return (
    <Box component="nav" aria-label="Progress" sx={{ mb: 3 }}>
      <Typography
        variant="body2"
        sx={{ display: { xs: 'block', md: 'none' }, color: 'text.secondary', fontWeight: 600 }}
      >
        Step {index + 1} of {steps.length}: {texts.stepNames[current]}
      </Typography>
      <Box component="ol" sx={{ display: { xs: 'none', md: 'flex' }, listStyle: 'none', m: 0, p: 0, gap: 1 }}>
        {steps.map((step, i) => {
          const state = i < index ? 'done' : i === index ? 'current' : 'upcoming';
          return (
            <Box
              component="li"
              key={step}
              aria-current={state === 'current' ? 'step' : undefined}
              sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 0.75 }}
            >
              <Box sx={{ height: 4, borderRadius: 2, bgcolor: state === 'upcoming' ? '#d5dee7' : 'primary.main' }} />
              <Typography
                variant="caption"
                sx={{
                  fontWeight: state === 'current' ? 700 : 500,
                  color: state === 'upcoming' ? 'text.secondary' : 'text.primary',
                  fontSize: '0.8rem',
                }}
              >
                {texts.stepNames[step]}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
