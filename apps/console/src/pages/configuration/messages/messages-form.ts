import {
  MAX_REMINDERS,
  messageTemplateSchema,
  notificationsSchema,
  REMINDER_RECIPIENTS,
  reminderSchema,
  type NotificationSettings,
} from '@scheduler/contracts/company-document';

/**
 * The Messages page's form and the `notifications` section it writes. The form refuses what the
 * document's schema would, naming the field; the bounds come from the schema itself.
 */

const shape = notificationsSchema.shape;
export const TEMPLATE_NAMES = Object.keys(shape.templates.unwrap().shape) as Array<
  keyof NotificationSettings['templates']
>;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];
export type ReminderRecipient = (typeof REMINDER_RECIPIENTS)[number];
export { MAX_REMINDERS, REMINDER_RECIPIENTS };
export const MAX_SUBJECT = messageTemplateSchema.shape.subject.maxLength ?? 300;
export const MAX_OPENING = messageTemplateSchema.shape.body.maxLength ?? 20_000;
export const MIN_REMINDER_HOURS = reminderSchema.shape.hours_before.minValue ?? 1;
export const MAX_REMINDER_HOURS = reminderSchema.shape.hours_before.maxValue ?? 336;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export interface TemplateValues {
  subject: string;
  /** The opening text (the document's `body`). */
  body: string;
}

export interface ReminderValues {
  hoursBefore: string;
  to: ReminderRecipient[];
}

export interface MessagesFormValues {
  officeEmail: string;
  notifyAgents: boolean;
  /** Empty: no payment link. */
  paymentLink: string;
  brandColor: string;
  /** Both empty: the built-in words. */
  templates: Record<TemplateName, TemplateValues>;
  reminders: ReminderValues[];
}

export interface FieldProblem {
  field: string;
  message: string;
}

/** The document's section, its defaults filled in as the server fills them. */
export function notificationsOf(document: Record<string, unknown>): NotificationSettings {
  const parsed = notificationsSchema.safeParse(document.notifications ?? {});
  return parsed.success ? parsed.data : notificationsSchema.parse({});
}

export function messagesFormValues(section: NotificationSettings): MessagesFormValues {
  return {
    officeEmail: section.office_email,
    notifyAgents: section.notify_agents,
    paymentLink: section.payment_link ?? '',
    brandColor: section.brand_color,
    templates: Object.fromEntries(
      TEMPLATE_NAMES.map((name) => [
        name,
        { subject: section.templates[name]?.subject ?? '', body: section.templates[name]?.body ?? '' },
      ]),
    ) as Record<TemplateName, TemplateValues>,
    reminders: section.reminders.map((reminder) => ({
      hoursBefore: String(reminder.hours_before),
      to: [...reminder.to],
    })),
  };
}

/** Whether the text is a colour the e-mails take (#rrggbb). */
export const isHexColor = (text: string): boolean => HEX_COLOR.test(text.trim());

export const reminderHoursProblem = `Enter a whole number of hours from ${MIN_REMINDER_HOURS} to ${MAX_REMINDER_HOURS}.`;

function readTemplate(
  name: TemplateName,
  values: TemplateValues,
  problems: FieldProblem[],
): TemplateValues | undefined {
  const subject = values.subject.trim();
  const body = values.body.trim();
  if (subject === '' && body === '') return undefined;
  // The document holds a message's two parts together: one alone would be refused.
  if (subject === '')
    problems.push({
      field: `templates.${name}.subject`,
      message: 'Write a subject too, or empty the opening text for the built-in words.',
    });
  if (body === '')
    problems.push({
      field: `templates.${name}.body`,
      message: 'Write an opening text too, or empty the subject for the built-in words.',
    });
  if (subject.length > MAX_SUBJECT)
    problems.push({ field: `templates.${name}.subject`, message: `At most ${MAX_SUBJECT} characters.` });
  if (body.length > MAX_OPENING)
    problems.push({
      field: `templates.${name}.body`,
      message: `At most ${MAX_OPENING.toLocaleString('en-US')} characters.`,
    });
  return { subject, body };
}

export type ApplyResult = { ok: true; document: Record<string, unknown> } | { ok: false; problems: FieldProblem[] };

/** The document with the form's messages written in, or the form's problems, each naming its field. */
export function applyMessagesForm(document: Record<string, unknown>, values: MessagesFormValues): ApplyResult {
  const problems: FieldProblem[] = [];
  const officeEmail = values.officeEmail.trim();
  if (!shape.office_email.safeParse(officeEmail).success)
    problems.push({
      field: 'officeEmail',
      message: 'Enter an e-mail address like office@example.com, or leave it empty.',
    });
  const paymentLink = values.paymentLink.trim() === '' ? null : values.paymentLink.trim();
  if (!shape.payment_link.safeParse(paymentLink).success)
    problems.push({
      field: 'paymentLink',
      message: 'Enter an address beginning with https://, with no spaces, or leave it empty.',
    });
  const brandColor = values.brandColor.trim().toLowerCase();
  if (!isHexColor(brandColor))
    problems.push({ field: 'brandColor', message: 'Enter a colour as # and six hexadecimal digits, like #1f4e79.' });

  const templates: Partial<Record<TemplateName, TemplateValues>> = {};
  for (const name of TEMPLATE_NAMES) {
    const template = readTemplate(name, values.templates[name], problems);
    if (template) templates[name] = template;
  }

  if (values.reminders.length > MAX_REMINDERS)
    problems.push({ field: 'reminders', message: `At most ${MAX_REMINDERS} reminders.` });
  const seen = new Set<number>();
  const reminders = values.reminders.flatMap((reminder, index) => {
    const text = reminder.hoursBefore.trim();
    const hours = Number(text);
    let ok = true;
    if (!/^\d+$/.test(text) || hours < MIN_REMINDER_HOURS || hours > MAX_REMINDER_HOURS) {
      problems.push({ field: `reminders.${index}.hoursBefore`, message: reminderHoursProblem });
      ok = false;
    } else if (seen.has(hours)) {
      problems.push({
        field: `reminders.${index}.hoursBefore`,
        message: `Another reminder goes ${hours} hours before already: two reminders at the same time would send the same e-mail twice.`,
      });
      ok = false;
    }
    seen.add(hours);
    if (reminder.to.length === 0) {
      problems.push({ field: `reminders.${index}.to`, message: 'Choose who gets this reminder.' });
      ok = false;
    }
    // In the order the recipients are listed, once each, whatever order they were ticked in.
    return ok ? [{ hours_before: hours, to: REMINDER_RECIPIENTS.filter((who) => reminder.to.includes(who)) }] : [];
  });
  if (problems.length > 0) return { ok: false, problems };

  const notifications = {
    ...notificationsOf(document),
    office_email: officeEmail,
    notify_agents: values.notifyAgents,
    payment_link: paymentLink,
    brand_color: brandColor,
    templates,
    reminders,
  };
  return { ok: true, document: { ...document, notifications } };
}

const SECTION_FIELDS: Readonly<Record<string, string>> = {
  office_email: 'officeEmail',
  notify_agents: 'notifyAgents',
  payment_link: 'paymentLink',
  brand_color: 'brandColor',
};

/** The form's field that a refused document's `error.field` names ("notifications.templates.client.subject"), or null when this page does not show it. */
export function formFieldOf(field: string | undefined): string | null {
  const [section, key, first, second] = (field ?? '').split('.');
  if (section !== 'notifications' || key === undefined) return null;
  if (key in SECTION_FIELDS) return SECTION_FIELDS[key]!;
  if (key === 'templates' && first !== undefined && (TEMPLATE_NAMES as string[]).includes(first))
    return `templates.${first}.${second === 'body' ? 'body' : 'subject'}`;
  if (key === 'reminders' && first !== undefined && /^\d+$/.test(first))
    return `reminders.${first}.${second === 'to' ? 'to' : 'hoursBefore'}`;
  return null;
}
