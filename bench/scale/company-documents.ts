/**
 * The scale benchmark's companies: each a copy of the demo company's document (its catalogue,
 * property questions, people and settings) under its own key and office, with N inspectors made
 * from the demo's five in turn. Every company thus books the same cart, which lets one real
 * booking serve as the template of every generated order (orders.ts).
 */
import { readFileSync } from 'node:fs';
import { seededRandom } from '@scheduler/domain/availability/engine';
import { DEMO_COMPANY_FILE, DEMO_OFFICE_UUID } from '../../apps/server/src/modules/company-document/demo-company.ts';
import { FIRST_NAMES, LAST_NAMES } from './names.ts';

interface DemoInspector extends Record<string, unknown> {
  id: number;
  home_base: { latitude: number; longitude: number; postal_code: string };
}

const demoDocument = (): Record<string, unknown> =>
  JSON.parse(readFileSync(DEMO_COMPANY_FILE, 'utf8')) as Record<string, unknown>;

/** A fixed office uuid per company number (offices.id is unique across companies). */
export function officeUuidOf(companyNumber: number): string {
  return `5ca1e000-0000-4000-8000-${companyNumber.toString(16).padStart(12, '0')}`;
}

/** The demo document as company `key` with `inspectorCount` inspectors (ids 1..N) in its one office. */
export function scaleCompanyDocument(key: string, name: string, companyNumber: number, inspectorCount: number) {
  const office = officeUuidOf(companyNumber);
  // The office uuid appears in the office and in every inspector: replaced everywhere at once.
  const document = JSON.parse(JSON.stringify(demoDocument()).replaceAll(DEMO_OFFICE_UUID, office)) as Record<
    string,
    unknown
  >;
  const demoInspectors = document.inspectors as DemoInspector[];
  const random = seededRandom(companyNumber * 7_919 + inspectorCount);
  const inspectors = Array.from({ length: inspectorCount }, (_, i) => {
    const model = demoInspectors[i % demoInspectors.length]!;
    const first = FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)]!;
    const last = LAST_NAMES[Math.floor(random() * LAST_NAMES.length)]!;
    return {
      ...model,
      id: i + 1,
      first,
      last,
      display: `${first} ${last}`,
      email: `inspector${i + 1}@${key}.example.com`,
      // Spread around the model's home, so that the engine's distances differ.
      home_base: {
        ...model.home_base,
        latitude: model.home_base.latitude + (random() - 0.5) * 0.1,
        longitude: model.home_base.longitude + (random() - 0.5) * 0.1,
      },
    };
  });
  return { ...document, key, name, inspectors };
}
