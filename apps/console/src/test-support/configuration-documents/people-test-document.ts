// The People page's company document, shared by its page test and the editors' refusals suite.
export const SAM = {
  id: 7,
  first: 'Sam',
  last: 'Realtor',
  email: 'sam@realty.example',
  mobile_phone: '6145550111',
  kind: 'real_estate',
  agency: 'Realty One',
  state: 36,
};

export const INGRID = {
  id: 12,
  first: 'Ingrid',
  last: 'Insure',
  email: 'ingrid@insure.example',
  work_phone: '6145550122',
  kind: 'insurance',
  pac_opt_out: true,
};

export const VISITOR = {
  id: 1_000_000_004,
  first: 'Vic',
  last: 'Visitor',
  email: 'vic@example.com',
  kind: 'real_estate',
  added_online: true,
};

export const LENDER = { id: 3, name: 'Lender' };

export const ATTORNEY = { id: 5, name: 'Attorney' };

export const LINDA = { id: 40, first: 'Linda', last: 'Loans', email: 'linda@bank.example', type: 3 };

export const DOCUMENT = {
  key: 'demo',
  name: 'Scioto Valley Home Inspections',
  states: [
    { id: 36, abbreviation: 'OH', name: 'Ohio' },
    { id: 21, abbreviation: 'KY', name: 'Kentucky' },
  ],
  offices: [{ uuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10', name: 'Columbus' }],
  settings: [],
  agents: [SAM, INGRID, VISITOR],
  contact_types: [LENDER, ATTORNEY],
  contacts: [LINDA],
};
