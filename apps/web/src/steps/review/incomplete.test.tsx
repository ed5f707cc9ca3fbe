import { describe, expect, it } from 'vitest';
import { peopleSettings } from '@scheduler/domain/people/contacts-step';
import { SettingsReader } from '@scheduler/domain/settings';
import { stepOrder } from '@scheduler/domain/route-table';
import { orderFixture } from '../../test-support/render-step.tsx';
import { stepsToComplete } from './incomplete.ts';

const occupancy = {
  id: 5,
  type: 'DropDown' as const,
  label: 'Occupancy',
  length: 0,
  required: true,
  options: [{ id: 1, value: 'Vacant' }],
};
const walk = stepOrder('default');
const settings = peopleSettings(new SettingsReader([]), 'US');
const client = {
  id: 7,
  first: 'Dana',
  last: 'Whitaker',
  email: 'dana@example.com',
  mobile_phone: '6145550142',
  work_phone: '',
  home_phone: '',
  work_fax: '',
  home_fax: '',
  address1: '',
  address2: '',
  city: '',
  state: null,
  postal_code: '',
};
const filled = orderFixture({
  datetime: '2026-12-01T14:00:00.000Z',
  inspectors: [{ id: 101, requested: false }],
  address1: '1450 Morse Rd',
  city: 'Columbus',
  postal_code: '43229',
  user: { type: 'CLIENT_HOMEOWNER', text: 'Home Owner', other: '' },
  clients: [client],
  services: ['a1c0ffee-0000-4000-8000-000000000001'],
});

describe('the steps that complete an order confirm refused (decision 0018)', () => {
  it('sends the visitor to the property step for a required question, named by the server or found in the order', () => {
    expect(stepsToComplete(filled, 'controls.5', walk, settings, { controls: [occupancy], currentYear: 2026 })).toEqual(
      ['property-info'],
    );
    expect(stepsToComplete(filled, undefined, walk, settings, { controls: [occupancy], currentYear: 2026 })).toEqual([
      'property-info',
    ]);
    expect(stepsToComplete(filled, 'sqft', walk, settings, { controls: [], currentYear: 2026 })).toEqual([
      'property-info',
    ]);
    const answered = { ...filled, controls: [{ id: 5, value: '1', checked: false }] };
    expect(stepsToComplete(answered, undefined, walk, settings, { controls: [occupancy], currentYear: 2026 })).toEqual(
      [],
    );
  });
});
