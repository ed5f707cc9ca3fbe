import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxTransport, smtpTransport, type OutgoingMail } from './mail-transport.ts';
import { SmsRefused, smsOutboxTransport, twilioTransport } from './sms-transport.ts';

/**
 * The transports on their own: the outboxes' file names and contents, what the SMTP transport
 * hands nodemailer and answers, that close() closes what they opened, and Twilio's answers
 * (a refused number, a failure to retry, a sender that is a Messaging Service).
 */
const mail: OutgoingMail = {
  messageId: '<job-7.4f1c2d3e@online-scheduler>',
  from: '"The Office" <office@example.com>',
  to: 'dana@example.com',
  replyTo: 'office@example.com',
  subject: 'Your inspection is booked',
  text: 'Booked.\nSee you then.',
  html: '<p>Booked.</p>',
};

describe('the e-mail outbox', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mail-outbox-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => vi.restoreAllMocks());

  it('writes each message whole as <its Message-ID, made safe>.eml, with Unix line ends, and rewrites it when sent again', async () => {
    const transport = outboxTransport(join(dir, 'a'));
    const path = await transport.send(mail);
    expect(path).toBe(join(dir, 'a', '_job-7.4f1c2d3e_online-scheduler_.eml'));
    const written = readFileSync(path, 'utf8');
    expect(written).toContain('Message-ID: <job-7.4f1c2d3e@online-scheduler>');
    expect(written).toContain('Reply-To: office@example.com');
    expect(written).toContain('Subject: Your inspection is booked');
    expect(written).not.toContain('\r\n');
    expect(await transport.send(mail)).toBe(path);
    expect(readdirSync(join(dir, 'a'))).toEqual(['_job-7.4f1c2d3e_online-scheduler_.eml']);
    transport.close();
  });

  it('writes no Reply-To when the message has none', async () => {
    const transport = outboxTransport(join(dir, 'b'));
    const { replyTo: _none, ...withoutReply } = mail;
    const written = readFileSync(await transport.send(withoutReply), 'utf8');
    expect(written).not.toContain('Reply-To');
    transport.close();
  });

  it('closes the nodemailer transport it opened', () => {
    const create = nodemailer.createTransport.bind(nodemailer);
    const opened: Array<{ close: () => void }> = [];
    vi.spyOn(nodemailer, 'createTransport').mockImplementation(((options: unknown) => {
      const transporter = create(options as Parameters<typeof create>[0]);
      vi.spyOn(transporter, 'close');
      opened.push(transporter);
      return transporter;
    }) as typeof nodemailer.createTransport);
    outboxTransport(dir).close();
    expect(opened).toHaveLength(1);
    expect(opened[0]!.close).toHaveBeenCalledTimes(1);
  });
});

describe('the SMTP transport', () => {
  afterEach(() => vi.restoreAllMocks());

  it("hands nodemailer the message with its Reply-To, answers with the server's Message-ID, and closes its connection", async () => {
    const sendMail = vi.fn().mockResolvedValue({ messageId: '<job-7.4f1c2d3e@online-scheduler>' });
    const close = vi.fn();
    vi.spyOn(nodemailer, 'createTransport').mockReturnValue({ sendMail, close } as unknown as ReturnType<
      typeof nodemailer.createTransport
    >);
    const transport = smtpTransport('smtp://127.0.0.1:2525');
    expect(await transport.send(mail)).toBe('smtp <job-7.4f1c2d3e@online-scheduler>');
    expect(sendMail).toHaveBeenCalledWith(
      expect.objectContaining({
        messageId: mail.messageId,
        from: mail.from,
        to: mail.to,
        replyTo: 'office@example.com',
        attachments: [],
      }),
    );
    const { replyTo: _none, ...withoutReply } = mail;
    await transport.send(withoutReply);
    expect(sendMail.mock.calls[1]![0]).not.toHaveProperty('replyTo');
    transport.close();
    expect(close).toHaveBeenCalledTimes(1);
  });
});

describe('the text message outbox', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sms-outbox-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each message as <its id, made safe>.sms.txt: the number, a blank line, the text', async () => {
    const path = await smsOutboxTransport(join(dir, 'texts')).send({
      messageId: 'job-7.4f1c/2d3e',
      to: '+16145550142',
      body: 'Booked for Tue 12/1.',
    });
    expect(path).toBe(join(dir, 'texts', 'job-7.4f1c_2d3e.sms.txt'));
    expect(readFileSync(path, 'utf8')).toBe('To: +16145550142\n\nBooked for Tue 12/1.\n');
  });
});

describe('Twilio', () => {
  const received: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const form = new URLSearchParams(raw);
      received.push(form);
      response.setHeader('content-type', 'application/json');
      const to = form.get('To');
      if (to === '+16145550100') {
        response.statusCode = 400;
        response.end(
          JSON.stringify({ code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 }),
        );
      } else if (to === '+16145550101') {
        response.statusCode = 400;
        response.end(
          JSON.stringify({
            code: 21617,
            message: 'The concatenated message body exceeds the 1600 character limit',
            status: 400,
          }),
        );
      } else {
        response.statusCode = 201;
        response.end(JSON.stringify({ sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' }));
      }
    });
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  const transport = (from: string) =>
    twilioTransport({ accountSid: 'AC00000000000000000000000000000001', authToken: 'secret', from, apiBaseUrl: base });

  it("answers with the message's sid, sending from a Messaging Service when the sender is one", async () => {
    expect(
      await transport('MG00000000000000000000000000000009').send({
        messageId: 'job-1',
        to: '+16145550142',
        body: 'Hi',
      }),
    ).toBe('twilio SM0123456789abcdef0123456789abcdef');
    expect(received.at(-1)?.get('MessagingServiceSid')).toBe('MG00000000000000000000000000000009');
    expect(received.at(-1)?.get('From')).toBeNull();
    await transport('+16145550199').send({ messageId: 'job-2', to: '+16145550142', body: 'Hi' });
    expect(received.at(-1)?.get('From')).toBe('+16145550199');
    expect(received.at(-1)?.get('MessagingServiceSid')).toBeNull();
  });

  it('refuses a number for good only on the codes that mean so; any other failure is thrown as it came, to be retried', async () => {
    const refused = await transport('+16145550199')
      .send({ messageId: 'job-3', to: '+16145550100', body: 'Hi' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SmsRefused);
    expect(refused).toMatchObject({
      name: 'SmsRefused',
      code: 'SMS_REFUSED 21610',
      message: 'text message refused for its number',
    });
    const other = await transport('+16145550199')
      .send({ messageId: 'job-4', to: '+16145550101', body: 'Hi' })
      .catch((error: unknown) => error);
    expect(other).not.toBeInstanceOf(SmsRefused);
    expect(other).toMatchObject({ code: 21617 });
  });
});
