import { OFFICE, OTHER_OFFICE } from '../fixtures.ts';

// The embedding page's company document, shared by its page test and the editors' refusals suite.
/** A document with one site listed, no analytics section, and two offices. */
export const DOCUMENT = {
  key: 'demo',
  name: 'Scioto Valley Home Inspections',
  embedding_origins: ['https://www.sciotovalley.example'],
  offices: [
    { ...OFFICE, time_zone: 'America/New_York' },
    { ...OTHER_OFFICE, time_zone: 'America/New_York' },
  ],
  settings: [],
};
