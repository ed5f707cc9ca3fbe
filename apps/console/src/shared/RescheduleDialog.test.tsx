import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleOrderDetail } from '@scheduler/contracts/console';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { INSPECTORS } from '../test-support/fixtures.ts';
import { DETAIL, MOVED, NINE, ONE, openOrderDialog, ORDER_PATH, VIEW } from '../test-support/order-detail.ts';
import { refusal, type Answer, type RecordedRequest } from '../test-support/render-page.tsx';
import { moveTitle, RescheduleDialog, type MovePreset } from './RescheduleDialog.tsx';

/** Wednesday, December 9th 2026, 10:00 AM EST. */
const TEN_NEXT_DAY: AppointmentSlot = {
  ...NINE,
  id: 'slot-10',
  date: '2026-12-09',
  start: '10:00 AM',
  start_datetime: '2026-12-09 10:00:00',
  end_datetime: '2026-12-09 12:30:00',
  timestamp: Date.parse('2026-12-09T15:00:00Z') / 1000,
};
/** NINE again, for another inspector (Mike Alvarez, 102). */
const NINE_FOR_MIKE: AppointmentSlot = { ...NINE, id: 'slot-9-mike', users: [102] };

// The dialog opens on the booking's month, never one before "today" in the office's zone: today is fixed, the clock's other uses left alone.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T15:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The dialog open on `detail` (booked for December 1st): November (from the 20th on) has no free
 * times, December has NINE and ONE on the 8th and TEN_NEXT_DAY on the 9th; each move is answered by `move`.
 */
async function openReschedule(
  move?: (request: RecordedRequest, index: number) => Answer,
  {
    detail = DETAIL,
    times,
    preset,
  }: { detail?: ConsoleOrderDetail; times?: (from: string) => Answer; preset?: MovePreset } = {},
) {
  const { onDone, ...opened } = await openOrderDialog({
    action: 'reschedule',
    name: moveTitle(preset),
    answer: move,
    otherwise: (request) => {
      if (request.method === 'GET' && request.path === '/api/console/companies/demo/inspectors')
        return { status: 200, body: INSPECTORS };
      if (request.method !== 'GET' || !request.path.startsWith(`${ORDER_PATH}/availability?`)) return undefined;
      const query = new URLSearchParams(request.path.split('?')[1]);
      const from = query.get('from') ?? '';
      if (times) return times(from);
      if (!from.startsWith('2026-12')) return { status: 200, body: [] };
      // Each inspector's own times, as the server answers a move's availability for one team.
      return query.get('inspectors') === '102'
        ? { status: 200, body: [NINE_FOR_MIKE] }
        : { status: 200, body: [TEN_NEXT_DAY, ONE, NINE] };
    },
    dialog: ({ onClose, onDone }) => (
      <RescheduleDialog open detail={detail} companyKey="demo" preset={preset} onClose={onClose} onMoved={onDone} />
    ),
  });
  return { ...opened, onMoved: onDone };
}

const windows = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path.includes('/availability?')).map((r) => r.path.split('?')[1]);
const moves = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path.endsWith('/reschedule')).map((r) => r.body);
const group = (dialog: HTMLElement, name: 'Day' | 'Start time') => within(within(dialog).getByRole('group', { name }));
const pressed = (dialog: HTMLElement, name: 'Day' | 'Start time') =>
  group(dialog, name)
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-pressed') === 'true')
    .map((button) => button.textContent);

/** December, the booking's month, which the dialog opens on: its times once they arrive. */
async function december(dialog: HTMLElement) {
  expect(within(dialog).getByRole('heading', { name: 'December 2026' })).toBeTruthy();
  await within(dialog).findByRole('group', { name: 'Day' });
}

describe('the reschedule dialog', () => {
  it("opens on the booking's month, today's month a click back from today on, and says when a month has no times", async () => {
    const { requests, dialog } = await openReschedule();
    expect(within(dialog).getByText('Now: Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST')).toBeTruthy();
    await december(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous month' }));
    expect(within(dialog).getByRole('heading', { name: 'November 2026' })).toBeTruthy();
    expect(await within(dialog).findByText('No open times in November 2026.')).toBeTruthy();
    expect(windows(requests)).toEqual([
      'from=2026-12-01&to=2026-12-31&inspectors=101',
      'from=2026-11-20&to=2026-11-30&inspectors=101',
    ]);
    // Nothing before this month can be chosen.
    expect((within(dialog).getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Move it' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("opens on the booking's own day, not the earliest free one, its current time marked and no choice (issue 41)", async () => {
    // Booked for December 9th, 10:00 AM: the 8th has free times, the 9th only the booking's own.
    const onTheNinth: ConsoleOrderDetail = {
      ...DETAIL,
      view: {
        ...VIEW,
        order: {
          ...VIEW.order,
          start: '2026-12-09T15:00:00.000Z',
          when: { date: 'Wednesday, December 9th 2026', time: '10:00 AM – 12:30 PM EST' },
        },
      },
    };
    const { requests, dialog } = await openReschedule(undefined, { detail: onTheNinth });
    await december(dialog);
    expect(pressed(dialog, 'Day')).toEqual(['Wednesday, December 9th 2026Current time']);
    expect(
      group(dialog, 'Day')
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Tuesday, December 8th 20262 times', 'Wednesday, December 9th 2026Current time']);
    const current = group(dialog, 'Start time').getByRole('button', { name: '10:00 AM EST (current time)' });
    expect((current as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Move it' }) as HTMLButtonElement).disabled).toBe(true);
    // Another inspector at the same time is a move: their times are not the booking's.
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Inspector' }), '102');
    await waitFor(() => expect(windows(requests).at(-1)).toContain('inspectors=102'));
    expect(moves(requests)).toEqual([]);
  });

  it('tells the office the client could not move it now, and says nothing when the client could', async () => {
    const { dialog } = await openReschedule();
    expect(within(dialog).getByRole('note').textContent).toBe(
      'The client could not move it now: Changes within 24 hours of the inspection: please call (614) 555-0142',
    );
    const { dialog: allowed } = await openReschedule(undefined, {
      detail: { ...DETAIL, view: { ...VIEW, reschedule: { ...VIEW.reschedule, allowed: true, reason: null } } },
    });
    expect(within(allowed).queryByRole('note')).toBeNull();
  });

  it('lists each day once with its count of times, each time once and in order, the first day chosen', async () => {
    const { requests, dialog } = await openReschedule();
    await december(dialog);
    expect(windows(requests)).toEqual(['from=2026-12-01&to=2026-12-31&inspectors=101']);
    expect(
      group(dialog, 'Day')
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Tuesday, December 8th 20262 times', 'Wednesday, December 9th 20261 time']);
    expect(pressed(dialog, 'Day')).toEqual(['Tuesday, December 8th 20262 times']);
    expect(
      group(dialog, 'Start time')
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['9:00 AM EST', '1:00 PM EST']);

    await userEvent.click(group(dialog, 'Day').getByRole('button', { name: /December 9th/ }));
    expect(
      group(dialog, 'Start time')
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['10:00 AM EST']);
    // Back to November: asked again, since any visitor may have taken or freed a time.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous month' }));
    await within(dialog).findByText('No open times in November 2026.');
    await waitFor(() => expect(windows(requests)).toHaveLength(2));
  });

  it('moves it to the time picked, from the start the page showed', async () => {
    const { requests, onMoved, dialog } = await openReschedule(() => ({
      status: 200,
      body: { status: 'ok', view: MOVED },
    }));
    await december(dialog);
    await userEvent.click(group(dialog, 'Start time').getByRole('button', { name: '1:00 PM EST' }));
    expect(pressed(dialog, 'Start time')).toEqual(['1:00 PM EST']);
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Move it to Tuesday, December 8th 2026, 1:00 PM EST' }),
    );
    await waitFor(() => expect(onMoved).toHaveBeenCalledWith('Tuesday, December 8th 2026, 9:00 AM – 11:30 AM EST'));
    expect(moves(requests)).toEqual([
      { start: '2026-12-08T18:00:00.000Z', from_start: VIEW.order.start, override: false, inspector_ids: [101] },
    ]);
  });

  it("names the booking's inspector and keeps them, unless the office picks another of the office, who is then named (issue 41)", async () => {
    const { requests, onMoved, dialog } = await openReschedule(() => ({
      status: 200,
      body: { status: 'ok', view: MOVED },
    }));
    const inspector = within(dialog).getByRole('combobox', { name: 'Inspector' }) as HTMLSelectElement;
    await waitFor(() =>
      expect([...inspector.options].map((option) => option.textContent)).toEqual([
        'Sarah Chen (booked now)',
        'Mike Alvarez',
      ]),
    );
    // Dana Brooks works in Dayton: not offered.
    expect(inspector.value).toBe('101');
    await december(dialog);
    expect(
      group(dialog, 'Start time')
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['9:00 AM EST', '1:00 PM EST']);

    await userEvent.selectOptions(inspector, '102');
    expect(within(dialog).getByText('Mike Alvarez would inspect instead of Sarah Chen.')).toBeTruthy();
    await waitFor(() =>
      expect(
        group(dialog, 'Start time')
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['9:00 AM EST']),
    );
    expect(windows(requests).at(-1)).toBe('from=2026-12-01&to=2026-12-31&inspectors=102');
    await userEvent.click(group(dialog, 'Start time').getByRole('button', { name: '9:00 AM EST' }));
    await userEvent.click(
      within(dialog).getByRole('button', {
        name: 'Move it to Tuesday, December 8th 2026, 9:00 AM EST with Mike Alvarez',
      }),
    );
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(moves(requests)).toEqual([
      { start: '2026-12-08T14:00:00.000Z', from_start: VIEW.order.start, override: false, inspector_ids: [102] },
    ]);
  });

  it('offers the nearest free times when the one picked was just taken, and moves to one of them', async () => {
    const { requests, onMoved, dialog } = await openReschedule((_, index) =>
      index === 0
        ? { status: 409, body: { status: 'unavailable', appointments: [TEN_NEXT_DAY] } }
        : { status: 200, body: { status: 'ok', view: MOVED } },
    );
    await december(dialog);
    await userEvent.click(group(dialog, 'Start time').getByRole('button', { name: '9:00 AM EST' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /^Move it to/ }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'That time was just taken. These are the nearest free times:',
    );
    expect(
      group(dialog, 'Day')
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Wednesday, December 9th 20261 time']);
    // The months give way to the alternatives, and the taken time is no longer picked.
    expect(within(dialog).queryByRole('button', { name: 'Next month' })).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Move it' }) as HTMLButtonElement).disabled).toBe(true);
    expect(onMoved).not.toHaveBeenCalled();

    await userEvent.click(group(dialog, 'Start time').getByRole('button', { name: '10:00 AM EST' }));
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Move it to Wednesday, December 9th 2026, 10:00 AM EST' }),
    );
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(moves(requests).map((body) => (body as { start: string }).start)).toEqual([
      '2026-12-08T14:00:00.000Z',
      '2026-12-09T15:00:00.000Z',
    ]);
  });

  it('says so when no time near the one taken is free', async () => {
    const { dialog } = await openReschedule(() => ({ status: 409, body: { status: 'unavailable', appointments: [] } }));
    await december(dialog);
    await userEvent.click(group(dialog, 'Start time').getByRole('button', { name: '9:00 AM EST' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /^Move it to/ }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'That time was just taken. There are no other times near it: try another month.',
    );
    expect(within(dialog).queryByRole('group', { name: 'Day' })).toBeNull();
  });

  it("forgets the policy's refusal once another time is picked: that is a new question", async () => {
    const { requests, dialog } = await openReschedule(() =>
      refusal(409, 'change_refused', 'Changes within 24 hours of the inspection: please call (614) 555-0142'),
    );
    await december(dialog);
    await userEvent.click(group(dialog, 'Start time').getByRole('button', { name: '9:00 AM EST' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /^Move it to/ }));
    expect(await within(dialog).findByRole('button', { name: 'Move it anyway (override the policy)' })).toBeTruthy();

    await userEvent.click(group(dialog, 'Start time').getByRole('button', { name: '1:00 PM EST' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Move it anyway (override the policy)' })).toBeNull();
    expect(
      within(dialog).getByRole('button', { name: 'Move it to Tuesday, December 8th 2026, 1:00 PM EST' }),
    ).toBeTruthy();
    expect(moves(requests)).toHaveLength(1);
  });

  it('shows that the order changed meanwhile (409), keeping the time picked and offering no override', async () => {
    const { onMoved, dialog } = await openReschedule(() =>
      refusal(409, 'order_changed', 'This booking changed meanwhile: read it again.'),
    );
    await december(dialog);
    await userEvent.click(group(dialog, 'Start time').getByRole('button', { name: '1:00 PM EST' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /^Move it to/ }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This booking changed meanwhile: read it again.',
    );
    expect(pressed(dialog, 'Start time')).toEqual(['1:00 PM EST']);
    expect(within(dialog).queryByRole('button', { name: 'Move it anyway (override the policy)' })).toBeNull();
    expect(onMoved).not.toHaveBeenCalled();
  });

  it('says why the times cannot be read, and reads them again when asked', async () => {
    let asked = 0;
    const { dialog } = await openReschedule(undefined, {
      times: () => (++asked === 1 ? refusal(403, 'forbidden', 'Not yours.') : { status: 200, body: [] }),
    });
    expect(await within(dialog).findByText("You don't have access to this.")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('No open times in December 2026.')).toBeTruthy();
    expect(asked).toBe(2);
  });

  it('closes without moving anything', async () => {
    const { requests, onClose, dialog } = await openReschedule();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(moves(requests)).toEqual([]);
  });
});

describe('a move asked from the schedule (issue 41, dispatch)', () => {
  const toMike = (start: string): MovePreset => ({
    inspectorId: 102,
    inspectorName: 'Mike Alvarez',
    date: '2026-12-08',
    time: { start, zone: 'EST' },
  });

  it('names the inspector and the time dropped on, picked, and moves it to that inspector by name', async () => {
    const { requests, dialog, onMoved } = await openReschedule(
      () => ({ status: 200, body: { status: 'ok', view: MOVED } }),
      {
        preset: toMike('09:00'),
      },
    );
    expect(
      within(dialog).getByRole('heading', { name: 'Move to Mike Alvarez, Tuesday, December 8th 2026, 9:00 AM EST?' }),
    ).toBeTruthy();
    const confirm = await within(dialog).findByRole('button', {
      name: 'Move it to Tuesday, December 8th 2026, 9:00 AM EST with Mike Alvarez',
    });
    expect(pressed(dialog, 'Start time')).toEqual(['9:00 AM EST']);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(windows(requests)).toEqual(['from=2026-12-01&to=2026-12-31&inspectors=102']);
    await userEvent.click(confirm);
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(moves(requests)).toEqual([
      { start: '2026-12-08T14:00:00.000Z', from_start: VIEW.order.start, override: false, inspector_ids: [102] },
    ]);
  });

  it("says the rules leave out a time dropped on that is not among the inspector's open times, and picks nothing", async () => {
    const { requests, dialog } = await openReschedule(undefined, { preset: toMike('10:00') });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Mike Alvarez cannot take it at 10:00 AM EST on Tuesday, December 8th 2026');
    expect(pressed(dialog, 'Start time')).toEqual([]);
    expect((within(dialog).getByRole('button', { name: 'Move it' }) as HTMLButtonElement).disabled).toBe(true);
    // Picking one of his open times is a new question: the warning goes.
    await userEvent.click(group(dialog, 'Start time').getByRole('button', { name: '9:00 AM EST' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(moves(requests)).toEqual([]);
  });
});
