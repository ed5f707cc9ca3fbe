import { describe, expect, it } from 'vitest';
import type { ConsoleMembership, ConsoleRole } from '@scheduler/contracts/console';
import { OFFICE_ME } from '../test-support/fixtures.ts';
import { memberCan, safeReturnPath } from './company.ts';

const as = (role: ConsoleRole): ConsoleMembership => ({ ...OFFICE_ME.memberships[0]!, role });

/** What each role may do in the console: what the server allows, shown so a page never offers what would be refused. */
describe('what a member may do', () => {
  it.each([
    // role, team, configuration, bookings, funnel
    ['owner', true, true, true, true],
    ['admin', true, true, true, true],
    ['office', false, false, true, true],
    ['inspector', false, false, false, false],
  ] as const)(
    'a member who is %s: team %s, configuration %s, bookings %s, funnel %s',
    (role, team, configure, bookings, funnel) => {
      expect(memberCan(as(role), 'team.manage')).toBe(team);
      expect(memberCan(as(role), 'configuration.edit')).toBe(configure);
      expect(memberCan(as(role), 'orders.change')).toBe(bookings);
      expect(memberCan(as(role), 'funnel.read')).toBe(funnel);
    },
  );

  it('lets nobody without a membership of the company do anything', () => {
    expect(memberCan(null, 'team.manage')).toBe(false);
    expect(memberCan(null, 'configuration.edit')).toBe(false);
    expect(memberCan(null, 'orders.change')).toBe(false);
    expect(memberCan(null, 'funnel.read')).toBe(false);
  });
});

describe('safeReturnPath', () => {
  it('returns to a page of the console', () => {
    expect(safeReturnPath('/demo/orders?status=all')).toBe('/demo/orders?status=all');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('never to another site, nor to nothing', () => {
    for (const next of ['//evil.example/phish', '/\\evil.example', 'https://evil.example', 'demo/orders', '', null])
      expect(safeReturnPath(next)).toBe('/');
  });
});
