import { describe, expect, it } from 'vitest';
import { ourMessage, orderMessageId, statusBlocks } from './delivery-status.ts';
import { permanentRefusal } from './notification-worker.ts';

const ORDER = '0f0e0d0c-0000-4000-8000-000000000001';

describe('which SMTP refusals are bounces (decision 0070)', () => {
  const refusal = (responseCode: number, command: string, response = `${responseCode} no`) =>
    Object.assign(new Error('refused'), { code: 'EENVELOPE', responseCode, command, response });

  it('a 5xx to RCPT TO or DATA, with the reply kept', () => {
    expect(permanentRefusal(refusal(550, 'RCPT TO', '550 5.1.1 User unknown'))).toBe('550 5.1.1 User unknown');
    expect(permanentRefusal(refusal(500, 'RCPT TO'))).toBe('500 no');
    expect(permanentRefusal(refusal(599, 'DATA'))).toBe('599 no');
    expect(permanentRefusal(refusal(554, 'DATA', ''))).toBe('554');
  });

  it('never a 4xx (try later), a 5xx to our sender or credentials, nor an error without a reply', () => {
    expect(permanentRefusal(refusal(499, 'RCPT TO'))).toBeNull();
    expect(permanentRefusal(refusal(451, 'RCPT TO'))).toBeNull();
    expect(permanentRefusal(refusal(600, 'RCPT TO'))).toBeNull();
    expect(permanentRefusal(refusal(550, 'MAIL FROM'))).toBeNull();
    expect(permanentRefusal(refusal(535, 'AUTH PLAIN'))).toBeNull();
    expect(permanentRefusal(Object.assign(new Error('down'), { code: 'ECONNREFUSED' }))).toBeNull();
  });
});

describe("our Message-ID, and a report's fields", () => {
  it('names the job and the order, and reads back only ours', () => {
    expect(ourMessage(orderMessageId(12, ORDER))).toEqual({ jobId: 12, orderId: ORDER });
    expect(ourMessage(` ${orderMessageId(12, ORDER.toUpperCase())} `)).toEqual({ jobId: 12, orderId: ORDER });
    for (const other of [
      null,
      '<job-12.account@online-scheduler>',
      `<job-12.${ORDER}@elsewhere>`,
      `<job-1234567890123456.${ORDER}@online-scheduler>`,
    ])
      expect(ourMessage(other), String(other)).toBeNull();
  });

  it('reads header-style blocks, unfolding continued lines', () => {
    expect(
      statusBlocks(
        'Reporting-MTA: dns; mx\r\n\r\nAction: failed\r\nDiagnostic-Code: smtp; 550\r\n  User unknown\r\n',
      ).map((block) => Object.fromEntries(block)),
    ).toEqual([{ 'reporting-mta': 'dns; mx' }, { action: 'failed', 'diagnostic-code': 'smtp; 550 User unknown' }]);
  });
});
