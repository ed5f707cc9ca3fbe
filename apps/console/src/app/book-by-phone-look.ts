/**
 * How "Book by phone" looks in the header: the button itself (BookByPhone, a lazy chunk) and the
 * stand-in the Shell shows while that chunk loads share it, so the header does not shift when it
 * arrives. A light border sets the button apart from the dark header it sits on.
 */
export const BOOK_BY_PHONE_BUTTON_SX = { minHeight: 44, border: '1px solid rgba(255,255,255,0.6)' } as const;
