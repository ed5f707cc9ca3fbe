import { describe, expect, it } from 'vitest';
import { ERASED, PAST, UPCOMING } from '../../../test-support/configuration-documents/privacy-test-document.ts';
import { dataText, erasureCounts, inspectionText, ordersText, rolesText, statusText } from './privacy-text.ts';

describe("the words of a person's orders", () => {
  it('name the inspection on its office clock with the zone, or its lack of a time', () => {
    expect(inspectionText(UPCOMING)).toBe('Tuesday, December 1st 2026 at 9:30 AM EST');
    expect(inspectionText({ ...UPCOMING, time_zone: 'America/Los_Angeles' })).toBe(
      'Tuesday, December 1st 2026 at 6:30 AM PST',
    );
    expect(inspectionText({ ...UPCOMING, status: 'draft', datetime: null })).toBe('No time yet');
  });

  it('name the roles, the status and what became of the data', () => {
    expect(rolesText({ ...PAST, roles: ['sellers_agent', 'insurance_agent', 'client'] })).toBe(
      "Seller's agent, Insurance agent, Client",
    );
    expect([statusText(UPCOMING), statusText(ERASED), statusText({ ...PAST, status: 'draft' })]).toEqual([
      'Booked',
      'Cancelled',
      'Draft',
    ]);
    expect([dataText(UPCOMING), dataText(PAST), dataText(ERASED)]).toEqual([
      'Kept: inspection still to come',
      'On file',
      'Erased on Thursday, November 19th 2026',
    ]);
  });

  it('count what an erasure takes and keeps, leaving out what is erased already', () => {
    expect(erasureCounts([UPCOMING, PAST, ERASED])).toEqual({ erasable: 1, kept: 1 });
    expect(erasureCounts([ERASED])).toEqual({ erasable: 0, kept: 0 });
    expect(erasureCounts([PAST, { ...PAST, id: ERASED.id }, UPCOMING, UPCOMING])).toEqual({ erasable: 2, kept: 2 });
    expect([ordersText(1), ordersText(2), ordersText(0)]).toEqual(['1 order', '2 orders', '0 orders']);
  });
});
