/**
 * Every word of the signing page (issue 43, decision 0080), in the page's own chunk: it loads from
 * the link of the agreement's e-mail, never with the wizard's first step.
 */
export const signingTexts = {
  documentTitle: (title: string, company: string) => `Sign: ${title} | ${company}`,
  loadingTitle: 'Sign your agreement',
  appointment: 'Inspection',
  address: 'Property',
  document: 'The agreement',

  form: {
    heading: 'Sign the agreement',
    name: 'Full name',
    nameHint: 'Type your full name as you sign it.',
    nameRequired: 'Type your full name.',
    nameTooLong: (max: number) => `Your name can be at most ${max} characters.`,
    consentRequired: 'Tick the box to agree to sign electronically.',
    method: 'Your signature',
    draw: 'Draw',
    type: 'Type',
    submit: 'Sign the agreement',
  },
  drawn: {
    canvas: 'Signature drawing area',
    /** What a screen reader hears of the drawing area: the way to sign without drawing. */
    alternative:
      'Draw your signature here with a finger, a pen or the mouse. To sign with the keyboard or a screen reader, choose "Type" above: your typed name becomes your signature.',
    clear: 'Clear',
    cleared: 'The drawing is cleared.',
    required: 'Draw your signature, or choose "Type" to sign with your typed name.',
    tooLarge:
      'Your drawing is too large to send. Clear it and draw it again more simply, or choose "Type" to sign with your typed name.',
  },
  typed: {
    preview: 'Your signature',
    empty: 'Type your full name above: it shows here as your signature.',
  },

  signed: {
    heading: 'Signed',
    at: (when: string) => `You signed on ${when}.`,
    othersPending:
      'The agreement is complete once the other client(s) have signed too. You will receive the signed copy by e-mail then.',
    complete: 'Everyone has signed: the agreement is complete.',
    pdf: 'Download the signed agreement (PDF)',
  },

  failure: {
    changed:
      'The agreement changed since you opened this page. Please read it again below; what you typed is kept, and you can sign when ready.',
    other: 'Something went wrong, and the agreement is not signed yet. Please try again.',
    busy: 'Too many tries in a short time. Please wait a minute and try again.',
    loadFailed: 'The agreement could not be loaded. Please try again.',
    tryAgain: 'Try again',
  },

  invalid: {
    title: 'This signing link is not valid',
    hint: 'Please use the link in the latest e-mail about your inspection agreement, or call the inspection company.',
    callCompany: (company: string) =>
      `Please use the link in the latest e-mail about your inspection agreement, or call ${company} at`,
    callOneOfOffices: (company: string) =>
      `Please use the link in the latest e-mail about your inspection agreement, or call one of ${company}'s offices:`,
  },
} as const;
