import { z } from 'zod';
import { appointmentSlotSchema } from '@scheduler/contracts/scheduling';

/**
 * The answers' schemas of the calls made from the console's first chunk (its shell, its queries
 * and its configuration hooks), in a chunk of their own with zod (later-schema.ts loads it; never
 * import it statically from a module of the first chunk). A page's own module, already loaded on
 * demand, imports its schemas directly.
 */
export { errorResponseSchema } from '@scheduler/contracts/errors';
export {
  consoleInspectorsSchema,
  consoleMeSchema,
  consoleOrderDetailSchema,
  consoleOrdersResponseSchema,
  consolePhoneBookingResponseSchema,
  consoleScheduleSchema,
} from '@scheduler/contracts/console';
export {
  configurationResponseSchema,
  savedConfigurationSchema,
  versionConflictSchema,
  versionDetailSchema,
  versionsResponseSchema,
} from '@scheduler/contracts/configuration';

/** The times a booking could move to. */
export const moveTimesSchema = z.array(appointmentSlotSchema);
