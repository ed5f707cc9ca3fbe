import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RemoveInspectorDialog } from './RemoveInspectorDialog.tsx';

/**
 * "Remove {name}?" on its own: what removing means for their bookings, and turning off bookings
 * offered instead only to an inspector who takes them now. Each answer is the person's own.
 */

function renderDialog(active: boolean) {
  const handlers = { onRemove: vi.fn(), onDeactivate: vi.fn(), onClose: vi.fn() };
  render(<RemoveInspectorDialog name="Mike Alvarez" open active={active} {...handlers} />);
  const dialog = screen.getByRole('dialog', { name: 'Remove Mike Alvarez?' });
  return { ...handlers, dialog };
}

const buttons = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('the remove-inspector dialog', () => {
  it('says what removing does to an inspector who takes bookings, and offers turning bookings off instead', async () => {
    const { dialog, onDeactivate, onRemove, onClose } = renderDialog(true);
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Visitors can no longer book Mike Alvarez, and the inspectors\' list no longer shows them. Bookings they already have stay as they are: reassign them on the schedule. If they only stop taking bookings for now, turn off "Takes bookings" instead: you can turn it on again later.',
    );
    expect(buttons(dialog)).toEqual(['Keep them', 'Turn off bookings instead', 'Remove']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off bookings instead' }));
    expect(onDeactivate).toHaveBeenCalledTimes(1);
    expect(onRemove).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers no turning off to an inspector who takes no bookings already', () => {
    const { dialog } = renderDialog(false);
    expect(buttons(dialog)).toEqual(['Keep them', 'Remove']);
    expect(dialog.textContent).not.toContain('Takes bookings');
  });

  it('removes only when Remove is pressed', async () => {
    const { dialog, onRemove, onDeactivate } = renderDialog(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(onDeactivate).not.toHaveBeenCalled();
  });

  it('keeps them on "Keep them" and on Escape', async () => {
    const { dialog, onClose, onRemove } = renderDialog(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onRemove).not.toHaveBeenCalled();
  });

  it('shows nothing while closed', () => {
    render(
      <RemoveInspectorDialog
        name="Mike Alvarez"
        open={false}
        active
        onRemove={vi.fn()}
        onDeactivate={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
