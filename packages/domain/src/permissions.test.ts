import { describe, expect, it } from 'vitest';
import { CONSOLE_ROLES, type ConsoleRole } from '@scheduler/contracts/console';
import { ACTIONS, can, reach, type Action, type Reach } from './permissions.ts';

/**
 * Each role's answer to each action, written out again by hand (not derived from PERMISSIONS), as
 * the console's routes answered before the table existed: `all`, `own` (an inspector member: the
 * rows of the inspector they are), `-` (refused). The setting `inspectors_see_all_orders` is off.
 */
const EXPECTED: Readonly<Record<Action, readonly [owner: string, admin: string, office: string, inspector: string]>> = {
  'schedule.read': ['all', 'all', 'all', 'own'],
  'orders.read': ['all', 'all', 'all', 'own'],
  'orders.change': ['all', 'all', 'all', '-'],
  'orders.edit': ['all', 'all', 'all', '-'],
  'orders.follow_up': ['all', 'all', 'all', '-'],
  'scheduler.try_disabled': ['all', 'all', 'all', '-'],
  'time_off.read': ['all', 'all', 'all', 'own'],
  'time_off.manage': ['all', 'all', 'all', 'own'],
  'configuration.edit': ['all', 'all', '-', '-'],
  'payments.configure': ['all', 'all', '-', '-'],
  'payments.record': ['all', 'all', 'all', '-'],
  'payments.void': ['all', 'all', '-', '-'],
  'payments.refund': ['all', 'all', '-', '-'],
  'payments.ledger': ['all', 'all', 'all', '-'],
  'funnel.read': ['all', 'all', 'all', '-'],
  'reports.read': ['all', 'all', '-', '-'],
  'privacy.manage': ['all', 'all', '-', '-'],
  'agreements.manage': ['all', 'all', '-', '-'],
  'integrations.manage': ['all', 'all', '-', '-'],
  'calendars.manage': ['all', 'all', '-', 'own'],
  'team.manage': ['all', 'all', '-', '-'],
  'team.link_inspector': ['all', 'all', '-', '-'],
  'team.sign_out_member': ['all', '-', '-', '-'],
};

/** With `inspectors_see_all_orders` on, an inspector reads every inspector's bookings and orders; nothing else changes. */
const EXPECTED_SETTING_ON: typeof EXPECTED = {
  ...EXPECTED,
  'schedule.read': ['all', 'all', 'all', 'all'],
  'orders.read': ['all', 'all', 'all', 'all'],
};

const expected = (action: Action, role: ConsoleRole): string => EXPECTED[action][CONSOLE_ROLES.indexOf(role)]!;
const asCell = (value: Reach): string => (value === 'none' ? '-' : value);

describe('can: the role × action table', () => {
  it.each([
    ['off', false, EXPECTED],
    ['on', true, EXPECTED_SETTING_ON],
  ] as const)('answers every role and action as the expected table says, with the setting %s', (_, on, table) => {
    const settings = { inspectorsSeeAllOrders: on };
    const actual = Object.fromEntries(
      ACTIONS.map((action) => [action, CONSOLE_ROLES.map((role) => asCell(reach(role, action, settings)))]),
    );
    expect(actual).toEqual(table);
  });

  it('reads the settings left out as their defaults (off)', () => {
    expect(
      Object.fromEntries(ACTIONS.map((action) => [action, CONSOLE_ROLES.map((role) => asCell(reach(role, action)))])),
    ).toEqual(EXPECTED);
  });

  it("lets a role do an action to its own rows, to anyone's, and at all (a guard) as its reach says", () => {
    for (const action of ACTIONS) {
      for (const role of CONSOLE_ROLES) {
        const cell = expected(action, role);
        const where = `${role} ${action}`;
        expect(can(role, action), where).toBe(cell !== '-');
        expect(can(role, action, { own: true }), where).toBe(cell !== '-');
        expect(can(role, action, { own: false }), where).toBe(cell === 'all');
      }
    }
  });
});

describe('can: the company setting "inspectors see all orders"', () => {
  const settings = (inspectorsSeeAllOrders: boolean) => ({ inspectorsSeeAllOrders });

  it.each([
    // [action, setting on, another inspector's row allowed]
    ['schedule.read', false, false],
    ['schedule.read', true, true],
    ['orders.read', false, false],
    ['orders.read', true, true],
    // Time off stays an inspector's own, whatever the setting.
    ['time_off.read', true, false],
    ['time_off.manage', true, false],
    // The setting opens reading, never changing.
    ['orders.change', true, false],
  ] as const)("an inspector's %s on another inspector's row, setting on: %s → %s", (action, on, allowed) => {
    expect(can('inspector', action, { settings: settings(on), own: false })).toBe(allowed);
    expect(reach('inspector', action, settings(on))).toBe(
      allowed ? 'all' : action === 'orders.change' ? 'none' : 'own',
    );
  });

  it("keeps an inspector's own rows readable with the setting off or on", () => {
    for (const on of [false, true]) {
      expect(can('inspector', 'orders.read', { settings: settings(on), own: true })).toBe(true);
      expect(can('inspector', 'schedule.read', { settings: settings(on), own: true })).toBe(true);
    }
  });

  it('changes nothing for the other roles, nor any other action', () => {
    for (const action of ACTIONS) {
      for (const role of CONSOLE_ROLES) {
        if (role === 'inspector' && (action === 'orders.read' || action === 'schedule.read')) continue;
        expect(reach(role, action, settings(true)), `${role} ${action}`).toBe(reach(role, action, settings(false)));
      }
    }
  });
});

describe('can: the company setting "office sees payments" (decision 0083)', () => {
  it('keeps office staff out of the payments page when off, and lets them in when on or left out', () => {
    const off = { inspectorsSeeAllOrders: false, officeSeesPayments: false };
    const on = { inspectorsSeeAllOrders: false, officeSeesPayments: true };
    expect(can('office', 'payments.ledger', { settings: off })).toBe(false);
    expect(can('office', 'payments.ledger', { settings: on })).toBe(true);
    expect(can('office', 'payments.ledger', { settings: { inspectorsSeeAllOrders: false } })).toBe(true);
    expect(can('office', 'payments.ledger')).toBe(true);
    for (const role of ['owner', 'admin'] as const) expect(can(role, 'payments.ledger', { settings: off })).toBe(true);
    expect(can('inspector', 'payments.ledger', { settings: on })).toBe(false);
  });

  it("changes nothing else: an order's own ledger stays the office's whatever it says", () => {
    const off = { inspectorsSeeAllOrders: false, officeSeesPayments: false };
    for (const action of ACTIONS) {
      for (const role of CONSOLE_ROLES) {
        if (role === 'office' && action === 'payments.ledger') continue;
        expect(reach(role, action, off), `${role} ${action}`).toBe(reach(role, action));
      }
    }
  });
});
