import { readStorage, writeStorage } from '../shared/storage-keys.ts';

/**
 * Whether the visitor closed the review-order panel in this visit (spec 2.10, decision 0038). The
 * panel is open by default; a visitor who closed it keeps it closed on the next steps rather than
 * closing it again on each. Kept per session token in this tab's storage: a new visit starts open.
 */
const keyOf = (token: string) => `review-panel-closed-${token}`;

export function panelClosedByVisitor(token: string): boolean {
  return readStorage('sessionStorage', keyOf(token)) === '1';
}

export function rememberPanelClosed(token: string, closed: boolean): void {
  writeStorage('sessionStorage', keyOf(token), closed ? '1' : '0');
}
