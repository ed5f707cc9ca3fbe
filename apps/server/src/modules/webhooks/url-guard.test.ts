import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isPrivateAddress } from './url-guard.ts';

describe('where a webhook may go', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and reserved addresses, v4 and v6', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fd12::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700:4700::1111'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('checks every address a name resolves to, https only, no credentials; the flag lets http and private through', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    expect(await checkWebhookUrl('https://a.example/', { allowPrivate: false, resolve })).toEqual({
      ok: false,
      reason: 'private_address',
    });
    const public_ = async () => [{ address: '93.184.216.34', family: 4 }];
    expect(await checkWebhookUrl('https://a.example/', { allowPrivate: false, resolve: public_ })).toEqual({
      ok: true,
      address: '93.184.216.34',
      family: 4,
    });
    expect(await checkWebhookUrl('http://a.example/', { allowPrivate: false, resolve: public_ })).toMatchObject({
      reason: 'not_https',
    });
    expect(await checkWebhookUrl('https://u:p@a.example/', { allowPrivate: false, resolve: public_ })).toMatchObject({
      reason: 'credentials_in_url',
    });
    const failing = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await checkWebhookUrl('https://a.example/', { allowPrivate: false, resolve: failing })).toMatchObject({
      reason: 'unresolvable',
    });
    expect(await checkWebhookUrl('https://[::1]:8443/', { allowPrivate: false })).toMatchObject({
      reason: 'private_address',
    });
    expect(await checkWebhookUrl('http://127.0.0.1:9/', { allowPrivate: true })).toMatchObject({ ok: true });
  });
});
