import { within } from '@testing-library/react';

/** A table's body rows as a reader meets them: each row's cells' text, the header row left out. */
export const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
