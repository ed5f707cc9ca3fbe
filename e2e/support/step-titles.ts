/** Each step of the wizard, as spec 2.2 names them in its orders. */
export type Step = 'postal-code' | 'calendar' | 'address' | 'contacts' | 'property-info' | 'packages' | 'review';

/** Each step's heading (h1), as the visitor reads it: how a walk knows where it is. */
export const STEP_TITLES: Record<Step, string> = {
  'postal-code': 'Please enter the Postal Code of the property to be inspected',
  calendar: 'When would you like your inspection?',
  address: 'Where is this inspection located?',
  contacts: 'People associated with this inspection',
  'property-info': 'Please provide information about the property',
  packages: 'Select a package',
  review: 'Review your order',
};
