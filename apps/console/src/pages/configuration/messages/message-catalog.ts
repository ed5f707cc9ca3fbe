import type { TemplateName } from './messages-form.ts';

/** Each message as the office thinks of it: its name, and who gets it when. */
export const MESSAGES: Readonly<Record<TemplateName, { title: string; when: string }>> = {
  client: { title: 'Confirmation to the client', when: 'Sent to the client when the inspection is booked.' },
  agent: {
    title: 'Confirmation to agents',
    when: "Sent to the order's agents when the inspection is booked, if agents get the confirmation.",
  },
  office: { title: "The office's copy", when: 'Sent to the office for every online order.' },
  reminder: { title: 'Reminder', when: 'Sent before the inspection, at the times under Reminders.' },
  receipt: { title: 'Payment receipt', when: 'Sent to the client when their online payment is received.' },
  rescheduled: {
    title: 'Booking moved',
    when: 'Sent to the client when their inspection is moved. Agents and the office get built-in words.',
  },
  cancelled: {
    title: 'Booking cancelled',
    when: 'Sent to the client when their inspection is cancelled. Agents and the office get built-in words.',
  },
};
