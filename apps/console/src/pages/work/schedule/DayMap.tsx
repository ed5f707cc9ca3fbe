import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ConsoleSchedule } from '@scheduler/contracts/console';
import { PageSection } from '../../../shared/PageSection.tsx';
import { spanText } from './ScheduleBlocks.tsx';
import { dayMap, MAP_SIZE, type MapRoute } from './day-map-layout.ts';
import { zoneOn } from './schedule-layout.ts';

/** "About 12.4 miles, 25 min" (the engine's estimate), or why there is none. */
function legText(leg: MapRoute['legs'][number]): string {
  if (!leg) return 'Drive unknown: an address was never located';
  return `Drive about ${leg.miles.toFixed(1)} miles, ${leg.minutes} min`;
}

/**
 * The day's inspections on a plain drawing, one colour per inspector, each route's stops
 * numbered in time order and joined in that order; no map tiles (no tile service is reachable from
 * where the console runs, and a street map would send the day's addresses to a third party). The
 * list beside it is the same day in words, for those who can't see the drawing.
 */
export function DayMap({ schedule, date }: { schedule: ConsoleSchedule; date: string }) {
  const routes = dayMap(schedule, date);
  const zone = zoneOn(schedule, date);
  if (routes.length === 0) return null;
  const { width, height } = MAP_SIZE;
  return (
    <PageSection title="Map of the day" intro="Each inspector's inspections in route order, by start time.">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Box
          component="svg"
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={`Routes of ${routes.map((route) => route.name).join(', ')}, drawn by the addresses' latitude and longitude, north up; the list says each stop`}
          sx={{
            width: '100%',
            maxWidth: 560,
            height: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: '#f6f8fa',
          }}
        >
          <text x={width - 24} y={28} fontSize={14} textAnchor="middle" fill="#4a5a6a">
            N ↑
          </text>
          {routes.map((route) => {
            const points = route.stops.flatMap((stop) => (stop.point ? [stop.point] : []));
            return (
              <g key={route.inspectorId} data-testid="map-route">
                {points.length > 1 && (
                  <polyline
                    points={points.map((point) => `${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ')}
                    fill="none"
                    stroke={route.colour}
                    strokeWidth={3}
                    strokeLinejoin="round"
                  />
                )}
                {route.stops.map(
                  (stop) =>
                    stop.point && (
                      <g
                        key={stop.number}
                        transform={`translate(${stop.point.x.toFixed(1)} ${stop.point.y.toFixed(1)})`}
                      >
                        <circle r={12} fill={route.colour} stroke="#ffffff" strokeWidth={2} />
                        <text y={5} fontSize={13} fontWeight={700} textAnchor="middle" fill="#ffffff">
                          {stop.number}
                        </text>
                      </g>
                    ),
                )}
              </g>
            );
          })}
        </Box>
        <Box>
          {routes.map((route) => (
            <Box key={route.inspectorId} sx={{ mb: 2 }}>
              <Typography component="h3" sx={{ fontWeight: 650, display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box
                  component="span"
                  aria-hidden="true"
                  sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: route.colour, flex: 'none' }}
                />
                {route.name}
              </Typography>
              <Box component="ol" sx={{ m: 0, pl: 3 }}>
                {route.stops.map((stop, index) => (
                  <Typography key={stop.number} component="li" sx={{ fontSize: '0.9rem', overflowWrap: 'anywhere' }}>
                    {index > 0 && (
                      <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                        {legText(route.legs[index - 1]!)}
                      </Box>
                    )}
                    {spanText(stop.booking)} {zone} · {stop.booking.address_line}
                  </Typography>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
    </PageSection>
  );
}
