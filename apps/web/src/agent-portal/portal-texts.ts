/** What the agent portal says (issue 47). */
export const portalTexts = {
  signInTitle: 'Sign in',
  portalTitle: 'Your inspections',
  portalHeading: (first: string) => (first ? `Welcome back, ${first}` : 'Your inspections'),
  signInIntro:
    "Agents in our directory sign in with a link we e-mail them: no password. Enter your e-mail address and we'll send you one.",
  email: 'E-mail',
  emailInvalid: 'Please enter a valid e-mail address.',
  sendLink: 'E-mail me a sign-in link',
  linkRefused: 'This sign-in link has expired or was already used. Ask for a new one below.',
  failed: 'Something went wrong. Please try again.',
  bookAsBuyersAgent: "Book another inspection as the buyer's agent",
  bookAsSellersAgent: "Book another inspection as the seller's agent",
  signOut: 'Sign out',
  upcoming: 'Upcoming inspections',
  past: 'Past inspections',
  noneUpcoming: 'No upcoming inspections.',
  nonePast: 'No past inspections in the last two years.',
  showMore: 'Show more',
  manage: 'Manage this inspection',
  noAddress: 'Address not given',
  client: 'Client',
  yourRole: 'You are',
  buyersAgent: "the buyer's agent",
  sellersAgent: "the seller's agent",
  status: 'Status',
  booked: 'Booked',
  cancelled: 'Cancelled',
  payment: 'Payment',
  paid: 'Paid',
  unpaid: 'Not paid yet',
  agreement: 'Agreement',
  signed: 'Signed',
  awaitingSignature: 'Waiting for signature',
  yourDetails: 'Your details',
  officeKeepsDetails: 'The office keeps your phone number and agency; please ask them to change these.',
  mobilePhone: 'Mobile phone',
  agency: 'Agency',
  receivesSms: 'Receive text messages about my clients’ inspections',
  saveDetails: 'Save my details',
  saved: 'Your details are saved.',
};

/** The inspection's time in its office's zone, the zone named ("Thu, Mar 4, 2027, 9:00 AM EST"). */
export function whenText(iso: string | null, timeZone: string): string {
  if (!iso) return 'Time not set';
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}
