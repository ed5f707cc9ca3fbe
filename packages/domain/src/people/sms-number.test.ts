import { describe, expect, it } from 'vitest';
import { smsNumber, TEXTING_ROLES, textMessageNumber } from './sms-number.ts';

describe('smsNumber', () => {
  it('writes a number of the company country as E.164', () => {
    expect(smsNumber('(614) 555-0142', 'US')).toBe('+16145550142');
    expect(smsNumber(' 614.555.0142 ', 'us')).toBe('+16145550142');
  });

  it('reads a number written with + and its country code as that country, whatever the company country', () => {
    expect(smsNumber('+44 7911 123456', 'US')).toBe('+447911123456');
  });

  it('is null for what is no valid number, and for no text at all', () => {
    expect(smsNumber('555-0142', 'US')).toBeNull();
    expect(smsNumber('', 'US')).toBeNull();
    expect(smsNumber('   ', 'US')).toBeNull();
    expect(smsNumber(null, 'US')).toBeNull();
    expect(smsNumber(6145550142, 'US')).toBeNull();
  });

  it('reads a national number only when the company country is a supported one', () => {
    expect(smsNumber('(614) 555-0142', 'ZZ')).toBeNull();
  });
});

describe('textMessageNumber: who gets text messages (spec 3.6, issue 23)', () => {
  const asked = { send_sms: true, mobile_phone: '(614) 555-0142' };

  it('is the mobile number of a client or contact who ticked the choice', () => {
    expect(textMessageNumber('client', asked, 'US')).toBe('+16145550142');
    expect(textMessageNumber('contact', asked, 'US')).toBe('+16145550142');
    expect([...TEXTING_ROLES].sort()).toEqual(['client', 'contact']);
  });

  it('is null without the choice ticked: false, missing, or anything but true', () => {
    expect(textMessageNumber('client', { ...asked, send_sms: false }, 'US')).toBeNull();
    expect(textMessageNumber('client', { mobile_phone: asked.mobile_phone }, 'US')).toBeNull();
    expect(textMessageNumber('client', { ...asked, send_sms: 'true' }, 'US')).toBeNull();
    expect(textMessageNumber('client', { ...asked, send_sms: 1 }, 'US')).toBeNull();
  });

  it('is null for an agent, whom the contacts step never asks', () => {
    for (const role of ['buyers_agent', 'sellers_agent', 'insurance_agent'])
      expect(textMessageNumber(role, asked, 'US')).toBeNull();
  });

  it('is null when the mobile number is no valid one, or only another phone is given', () => {
    expect(textMessageNumber('client', { send_sms: true, mobile_phone: '555-0142' }, 'US')).toBeNull();
    expect(textMessageNumber('client', { send_sms: true, work_phone: '(614) 555-0142' }, 'US')).toBeNull();
  });
});
