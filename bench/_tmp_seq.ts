import { companyDocumentSchema } from '@scheduler/contracts/company-document';
import { findSlots, seededRandom } from '@scheduler/domain/availability/engine';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { DURATION_MINUTES, generateAppointments, generateDocument, WINDOW_DAYS } from '/work/main/bench/availability-workload.ts';
for (const n of [5, 20, 50, 100]) {
const doc = companyDocumentSchema.parse(generateDocument(n));
const from = addDays(new Date().toISOString().slice(0, 10), 1);
const busy = generateAppointments(n, from);
const run = () => findSlots({ office: doc.offices[0]!, inspectors: doc.inspectors, busy,
  request: { from, to: addDays(from, WINDOW_DAYS - 1), durationMinutes: DURATION_MINUTES, postalCode: null, location: null, requestedInspectorIds: [], serviceIds: doc.services.map((s) => s.uuid), limit: 0 },
  rules: { allowToday: false, restrictInspectorZip: false, limitZipByDay: false, groupSlots: true }, now: Date.now(), random: seededRandom(1) });
for (let i = 0; i < 20; i++) run();
const times: number[] = [];
for (let i = 0; i < 300; i++) { const s = performance.now(); run(); times.push(performance.now() - s); }
times.sort((a, b) => a - b);
console.log(n, 'median', times[150]!.toFixed(2), 'p99', times[297]!.toFixed(2), 'slots', run().length);
}
