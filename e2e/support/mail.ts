import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { simpleParser, type AddressObject } from 'mailparser';

/** One VEVENT of an invitation, read through its own VTIMEZONE. */
export interface InvitationEvent {
  uid: string;
  /** The TZID that DTSTART names (empty for a UTC or floating time). */
  tzid: string;
  /** DTSTART and DTEND as written: wall-clock time in `tzid`, "YYYY-MM-DDTHH:MM:SS". */
  startWall: string;
  endWall: string;
  /** The instants DTSTART and DTEND stand for, resolved by the calendar's VTIMEZONE. */
  start: Date;
  end: Date;
  /** DTSTAMP as written, and whether it is a UTC time (RFC 5545 3.8.7.2 requires one). */
  stamp: string;
  stampIsUtc: boolean;
  summary: string;
  location: string;
  description: string;
}

/** An .ics calendar, parsed. */
export interface Invitation {
  method: string;
  /** The TZIDs of the calendar's VTIMEZONE components. */
  timezones: string[];
  events: InvitationEvent[];
}

/** One .eml file of the outbox, parsed. */
export interface OutboxMail {
  file: string;
  messageId: string;
  from: string[];
  to: string[];
  subject: string;
  text: string;
  /** Every iCalendar part of the message (the calendar alternative and the .ics attachment), parsed. */
  calendars: Array<{ contentType: string; filename: string | null; invitation: Invitation }>;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((o) => o.value.map((a) => (a.address ?? '').toLowerCase()));
}

function stringValue(component: ICAL.Component, name: string): string {
  const value = component.getFirstPropertyValue(name);
  return value === null || value === undefined ? '' : String(value);
}

/** Parses an iCalendar text with ical.js, resolving each event's times through the VTIMEZONE it names. */
export function parseInvitation(text: string): Invitation {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = new Map(
    calendar.getAllSubcomponents('vtimezone').map((vtimezone) => {
      const zone = new ICAL.Timezone(vtimezone);
      return [zone.tzid, zone] as const;
    }),
  );
  const timeOf = (event: ICAL.Component, name: 'dtstart' | 'dtend') => {
    const property = event.getFirstProperty(name);
    if (!property) throw new Error(`the event has no ${name.toUpperCase()}`);
    const tzid = String(property.getParameter('tzid') ?? '');
    const time = (property.getFirstValue() as ICAL.Time).clone();
    const wall = time.toString().slice(0, 19);
    if (tzid) {
      const zone = zones.get(tzid);
      if (!zone) throw new Error(`${name.toUpperCase()} names ${tzid}, which the calendar has no VTIMEZONE for`);
      time.zone = zone;
    }
    return { tzid, wall, instant: new Date(time.toUnixTime() * 1000) };
  };
  const events = calendar.getAllSubcomponents('vevent').map((vevent): InvitationEvent => {
    const start = timeOf(vevent, 'dtstart');
    const end = timeOf(vevent, 'dtend');
    const stamp = vevent.getFirstPropertyValue('dtstamp') as ICAL.Time | null;
    return {
      uid: stringValue(vevent, 'uid'),
      tzid: start.tzid,
      startWall: start.wall,
      endWall: end.wall,
      start: start.instant,
      end: end.instant,
      stamp: stamp ? stamp.toICALString() : '',
      stampIsUtc: stamp ? stamp.zone === ICAL.Timezone.utcTimezone : false,
      summary: stringValue(vevent, 'summary'),
      location: stringValue(vevent, 'location'),
      description: stringValue(vevent, 'description'),
    };
  });
  return { method: stringValue(calendar, 'method'), timezones: [...zones.keys()], events };
}

/** Parses one .eml message with mailparser, and each of its iCalendar parts with ical.js. */
export async function parseMail(file: string, source: Buffer): Promise<OutboxMail> {
  const mail = await simpleParser(source);
  const calendars = mail.attachments
    .filter(
      (a) =>
        /^(text\/calendar|application\/ics)$/i.test(a.contentType) || (a.filename ?? '').toLowerCase().endsWith('.ics'),
    )
    .map((a) => ({
      contentType: a.contentType,
      filename: a.filename ?? null,
      invitation: parseInvitation(a.content.toString('utf8')),
    }));
  return {
    file,
    messageId: mail.messageId ?? '',
    from: addresses(mail.from),
    to: addresses(mail.to),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    calendars,
  };
}

/** Every message of the outbox directory, parsed, in file-name order; none when the directory does not exist yet. */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(names.map(async (name) => parseMail(name, await readFile(join(dir, name)))));
}

/** The one .ics attachment of a message (the file the visitor saves), parsed. */
export function icsAttachmentOf(mail: OutboxMail): Invitation {
  const files = mail.calendars.filter((c) => (c.filename ?? '').toLowerCase().endsWith('.ics'));
  if (files.length !== 1) throw new Error(`${mail.file} carries ${files.length} .ics attachments, not one`);
  return files[0]!.invitation;
}

/** One message's HTML part and its .ics attachments as written, with the Content-Type each was sent with. */
export interface MailSource {
  html: string;
  icsFiles: Array<{ filename: string; contentType: string; method: string | null; text: string }>;
}

/** Reads one message of the outbox again for what `OutboxMail` leaves out: its HTML, and its invitation's text and Content-Type. */
export async function readMailSource(dir: string, mail: Pick<OutboxMail, 'file'>): Promise<MailSource> {
  const parsed = await simpleParser(await readFile(join(dir, mail.file)));
  const icsFiles = parsed.attachments
    .filter((a) => (a.filename ?? '').toLowerCase().endsWith('.ics'))
    .map((a) => {
      const header = a.headers.get('content-type') as
        { value?: string; params?: Record<string, string> } | string | undefined;
      const params = typeof header === 'object' && header ? (header.params ?? {}) : {};
      return {
        filename: a.filename ?? '',
        contentType: a.contentType,
        method: params.method ?? null,
        text: a.content.toString('utf8'),
      };
    });
  return { html: typeof parsed.html === 'string' ? parsed.html : '', icsFiles };
}
