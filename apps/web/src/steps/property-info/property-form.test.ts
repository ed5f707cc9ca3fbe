import { describe, expect, it } from 'vitest';
import type { Control } from '@scheduler/contracts/office';
import { SettingsReader } from '@scheduler/domain/settings';
import { orderFixture } from '../../test-support/render-step.tsx';
import {
  feesHidden,
  formDefaults,
  keepDigits,
  keepDigitsAndCommas,
  toPropertyInfoBody,
  truncatedLabel,
} from './property-form.ts';

const base = {
  slug: 's',
  length: 0,
  required: false,
  fee: false,
  value: null,
  checked: false,
  textBoxLabel: '',
  description: '',
};
const CONTROLS: Control[] = [
  { ...base, id: 1, type: 'SquareFeet', label: 'Square Feet', options: [] },
  {
    ...base,
    id: 4,
    type: 'FoundationType',
    label: 'Foundation',
    options: [{ id: 7, value: 'Basement' }],
    required: true,
  },
  {
    ...base,
    id: 13,
    type: 'ReferReason',
    label: 'How did you hear about us?',
    options: [{ id: 2, value: 'Search engine' }],
  },
  { ...base, id: 5, type: 'DropDown', label: 'Occupancy', options: [{ id: 3, value: 'Vacant' }] },
  { ...base, id: 9, type: 'TextBox', label: 'Gate code', options: [] },
];

describe('the property form', () => {
  it('starts from the order, else from each question default (spec 2.8)', () => {
    const fresh = formDefaults(CONTROLS, orderFixture());
    // A required dropdown starts empty ("Select"); another on its first option.
    expect(fresh).toMatchObject({
      sqft: '',
      foundation_type: '',
      refer_reason: '2',
      answers: { c5: { value: '3', checked: false }, c9: { value: '', checked: false } },
    });
    const saved = formDefaults(
      CONTROLS,
      orderFixture({
        sqft: 2400,
        foundation_type: { id: 7, value: 'Basement' },
        controls: [{ id: 9, value: '1234', checked: false }],
      }),
    );
    expect(saved).toMatchObject({ sqft: '2400', foundation_type: '7', answers: { c9: { value: '1234' } } });
  });

  it('sends numbers as numbers, empty answers as null, and "other" text only with "other"', () => {
    const values = {
      ...formDefaults(CONTROLS, orderFixture()),
      sqft: '2400',
      foundation_type: '7',
      refer_reason_other: 'A flyer',
    };
    expect(toPropertyInfoBody(values, CONTROLS)).toEqual({
      sqft: 2400,
      yb: null,
      sales_price: '',
      foundation_type: 7,
      refer_reason: '2',
      refer_reason_other: '',
      controls: [
        { id: 5, value: '3', checked: false },
        { id: 9, value: null, checked: false },
      ],
    });
    expect(toPropertyInfoBody({ ...values, refer_reason: 'other' }, CONTROLS).refer_reason_other).toBe('A flyer');
  });

  it('keeps what spec 5.6 lets each field hold, and cuts long labels', () => {
    expect(keepDigits('1,234 sq ft 5678901234567')).toBe('123456789012');
    // A leading minus stays, so that the form can refuse it rather than turn -50 into 50; one elsewhere goes.
    expect(keepDigits(' -50')).toBe('-50');
    expect(keepDigits('5-0')).toBe('50');
    expect(keepDigitsAndCommas('$350,000.00')).toBe('350,00000');
    expect(truncatedLabel('Inspection contingency deadline', false)).toBe('Inspection contingen...');
    expect(truncatedLabel('Water, gas and electric', false)).toBeNull();
    expect(truncatedLabel('How did you hear about us?', true)).toBe('How did you hear abo...');
    expect(truncatedLabel('Foundation type of home', true)).toBeNull();
  });

  it('hides fees with HIDE_ALL_FEES or a pay-at-close submission fee (spec 9.4)', () => {
    expect(feesHidden(new SettingsReader([]))).toBe(false);
    expect(feesHidden(new SettingsReader([{ key: 'ONLINE_SCHEDULER_V3_HIDE_ALL_FEES', value: 'Y' }]))).toBe(true);
    expect(feesHidden(new SettingsReader([{ key: 'PAC_SUBMISSION_FEE', value: '25' }]))).toBe(true);
  });
});
