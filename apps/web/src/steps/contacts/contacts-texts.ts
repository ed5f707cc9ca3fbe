/**
 * The contacts step's words, verbatim from the specification (2.7, 4.6, 8.5) where it gives them
 * and from docs/decisions/0013 where it does not. Apart from texts.ts so that they load with this
 * step, not with the first one.
 */
export const contactsTexts = {
  selectRole: 'Select your role:',
  yourRole: 'Your role',
  otherRole: 'Describe your role',
  clientsTitle: 'Clients',
  moreClients: 'Have more clients?',
  remove: 'Remove',
  useInspectionAddress: 'Use inspection address',
  addNewAgent: 'Add new agent',
  change: 'Change',
  reset: 'Reset',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  moreContacts: 'Have more contacts? Just add them below!',
  addContact: 'Add contact',
  contactType: 'What type of contact is this?',
  searchContact: 'Search for a contact',
  addNewContact: 'Add new contact',
  deleteContact: 'Delete contact',
  contactsTitle: 'Additional contacts',
  noResults: 'No match: add a new one below.',
  searching: 'Searching…',
  saving: 'Saving…',
  fixFields: 'Please correct the fields marked Required.',
} as const;
