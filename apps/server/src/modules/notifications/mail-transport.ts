import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** One e-mail as the worker hands it to a transport. */
export interface OutgoingMail {
  /** Stable per job, so that a resend after a crash carries the same Message-ID. */
  messageId: string;
  from: string;
  to: string;
  /** Where a reply goes: the office for the client and agents, the client for the office's copy. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The calendar invitation (.ics), attached once; none on a receipt. `method` is the calendar's
   * METHOD (PUBLISH, or CANCEL for a cancellation), which the part's Content-Type repeats.
   */
  invitation?: { filename: string; content: string; method: string };
  /** Files attached as they are (a sealed agreement's PDF). */
  files?: Array<{ filename: string; content: Uint8Array; contentType: string }>;
}

export interface MailTransport {
  /** Sends one message; resolves to where it went (a file path or the server's answer). Throws when it could not. */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

function mailOptions(mail: OutgoingMail) {
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // The invitation once, as a file (decision 0039): a calendar part beside it made mail programs
    // list the same event twice. Its Content-Type names the calendar's own METHOD (RFC 6047 2.4):
    // PUBLISH, an event to add, not a meeting to answer; CANCEL, the event to remove.
    attachments: [
      ...(mail.invitation
        ? [
            {
              filename: mail.invitation.filename,
              content: mail.invitation.content,
              contentType: `text/calendar; charset=utf-8; method=${mail.invitation.method}`,
            },
          ]
        : []),
      ...(mail.files ?? []).map((file) => ({
        filename: file.filename,
        content: Buffer.from(file.content),
        contentType: file.contentType,
      })),
    ],
  };
}

/** Real delivery through an SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      const info = await transporter.sendMail(mailOptions(mail));
      return `smtp ${info.messageId}`;
    },
    close: () => transporter.close(),
  };
}

/**
 * The embedded default: each message is written, complete, as an .eml file under `dir`, named by
 * its Message-ID so that writing it again (a retry after a crash) replaces rather than duplicates.
 */
export function outboxTransport(dir: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await builder.sendMail(mailOptions(mail));
      await mkdir(dir, { recursive: true });
      const name = `${mail.messageId.replace(/[^a-zA-Z0-9._-]/g, '_')}.eml`;
      const path = join(dir, name);
      await writeFile(path, info.message as Buffer);
      return path;
    },
    close: () => builder.close(),
  };
}
