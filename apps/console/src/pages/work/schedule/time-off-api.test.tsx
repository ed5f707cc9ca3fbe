import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConsoleBooking, ConsoleTimeOffBody } from '@scheduler/contracts/console';
import { ORDER_ID } from '../../../test-support/fixtures.ts';
import { refusal, renderConsoleHook, stubServer, type Answer } from '../../../test-support/render-page.tsx';
import { consoleKeys } from '../../../shared/queries.ts';
import { useBlockTime, useGiveTimeBack } from './time-off-api.ts';

/**
 * Time off as the schedule sends it: a block made, or the booked inspections it would fall on
 * (an answer, for the office to decide), or a refusal; and the schedule read again only when
 * something changed.
 */

const TIME_OFF_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const BODY: ConsoleTimeOffBody = {
  inspector_id: 101,
  from_date: '2026-12-08',
  to_date: '2026-12-08',
  weekdays: null,
  start_time: null,
  end_time: null,
  note: 'Dentist',
  accept_conflicts: false,
};
const BOOKING: ConsoleBooking = {
  start: '2026-12-08T14:30:00.000Z',
  end: '2026-12-08T17:00:00.000Z',
  local_date: '2026-12-08',
  local_start: '09:30',
  local_end: '12:00',
  order_id: ORDER_ID,
  reference: 'SV-1042',
  client_name: 'Jane Doe',
  address_line: '12 Elm Street, Columbus, OH 43215',
  services: ['Full Home Inspection'],
  paid: false,
  booked_by: 'online',
  agreement_unsigned: false,
  latitude: 40.0,
  longitude: -83.0,
};
const CREATED: Answer = {
  status: 201,
  body: {
    id: TIME_OFF_ID,
    inspector_id: 101,
    from_date: '2026-12-08',
    to_date: '2026-12-08',
    weekdays: null,
    start_time: null,
    end_time: null,
    note: 'Dentist',
    created_by: 'Olive Office',
    created_at: '2026-11-20T15:00:00.000Z',
  },
};

/** The server answering every write with `answer`; the hook's client holding the schedule as read. */
function write<T>(hook: () => T, answer: Answer) {
  const requests = stubServer((request) => (request.method !== 'GET' ? answer : undefined));
  const view = renderConsoleHook(hook);
  view.client.setQueryData(consoleKeys.schedule('demo'), { read: true });
  const scheduleReadAgain = () => view.client.getQueryState(consoleKeys.schedule('demo'))?.isInvalidated;
  return { ...view, requests, scheduleReadAgain };
}

describe('blocking time off', () => {
  it('sends the block and reads the schedule again once it is made', async () => {
    const { result, requests, scheduleReadAgain } = write(() => useBlockTime('demo'), CREATED);
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync(BODY);
    });
    expect(answer).toEqual({ status: 'blocked' });
    expect(requests).toEqual([{ method: 'POST', path: '/api/console/companies/demo/time-off', body: BODY }]);
    expect(scheduleReadAgain()).toBe(true);
  });

  it('answers the booked inspections in the way (409) with its message, and changes nothing', async () => {
    const message = 'This time off is over a booked inspection: move or cancel them, or block the time anyway.';
    const { result, scheduleReadAgain } = write(() => useBlockTime('demo'), {
      status: 409,
      body: { error: { code: 'time_off_conflicts', message }, conflicts: [BOOKING] },
    });
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync(BODY);
    });
    expect(answer).toEqual({ status: 'conflicts', message, conflicts: [BOOKING] });
    expect(scheduleReadAgain()).toBe(false);
  });

  it('throws a refusal naming a field (400) with that field', async () => {
    const { result, scheduleReadAgain } = write(() => useBlockTime('demo'), {
      status: 400,
      body: { error: { code: 'invalid_request', message: 'The end is before the start.', field: 'to_date' } },
    });
    let error: unknown;
    await act(async () => {
      error = await result.current.mutateAsync(BODY).catch((e: unknown) => e);
    });
    expect(error).toMatchObject({ status: 400, field: 'to_date', message: 'The end is before the start.' });
    expect(scheduleReadAgain()).toBe(false);
  });

  it('throws a 409 without the bookings as the refusal it is', async () => {
    const { result } = write(() => useBlockTime('demo'), refusal(409, 'conflict', 'Already blocked.'));
    await expect(result.current.mutateAsync(BODY)).rejects.toMatchObject({ status: 409, code: 'conflict' });
  });
});

describe('giving time back', () => {
  it('deletes the whole block by its id and reads the schedule again', async () => {
    const { result, requests, scheduleReadAgain } = write(() => useGiveTimeBack('demo'), { status: 204, body: null });
    await act(async () => {
      await result.current.mutateAsync(TIME_OFF_ID);
    });
    expect(requests).toEqual([
      { method: 'DELETE', path: `/api/console/companies/demo/time-off/${TIME_OFF_ID}`, body: undefined },
    ]);
    expect(scheduleReadAgain()).toBe(true);
  });

  it('throws a block already gone (404), and reads nothing again', async () => {
    const { result, scheduleReadAgain } = write(
      () => useGiveTimeBack('demo'),
      refusal(404, 'not_found', 'No such time off.'),
    );
    let error: unknown;
    await act(async () => {
      error = await result.current.mutateAsync(TIME_OFF_ID).catch((e: unknown) => e);
    });
    expect(error).toMatchObject({ status: 404 });
    expect(scheduleReadAgain()).toBe(false);
  });
});
