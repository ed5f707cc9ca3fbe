import { describe, expect, it } from 'vitest';
import { locationMessage } from './location-messages.ts';

/** The address step's refusals (spec 8.2): each code, with a held time and without one. */
describe('locationMessage', () => {
  const held = { appointment: '2027-03-01 09:30:00', officePhone: '614-555-0100' };
  const none = { appointment: null, officePhone: '614-555-0100' };

  it('sends a postal code nobody serves to the office, by its phone as the spec writes phones', () => {
    const text =
      "Sorry! We don't service that postal code. If you'd like further assistance, please call our office at (614) 555-0100.";
    expect(locationMessage('ERROR_NO_INSPECTORS_FOR_ZIP', none)).toBe(text);
    expect(locationMessage('ERROR_NO_INSPECTORS_FOR_ZIP', held)).toBe(text);
  });

  it('says the held time cannot be served by its inspectors, naming the time when there is one', () => {
    expect(locationMessage('ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP', held)).toBe(
      'The postal code initially entered may have changed. Because of this, the appointment you have selected at 3/1/2027 at 9:30AM cannot be serviced by the assigned inspectors.',
    );
    expect(locationMessage('ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP', none)).toBe(
      'The appointment selected cannot be serviced by the assigned inspectors.',
    );
  });

  it('says the time is out of driving range, or the place out of the service area without a time, for either radius', () => {
    for (const code of ['ERROR_EXCEEDS_RADIUS', 'ERROR_EXCEEDS_NEXT_APT_RADIUS'] as const) {
      expect(locationMessage(code, held)).toBe(
        'The appointment you have selected at 3/1/2027 at 9:30AM is out of driving range.',
      );
      expect(locationMessage(code, none)).toBe('The location you have entered is out of our service area.');
    }
  });
});
