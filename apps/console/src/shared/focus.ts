import { useEffect, useRef } from 'react';

// The first page of a load keeps the browser's own focus (the document), so that the first Tab
// reaches the skip link; every later page takes focus on its heading, so that a screen reader
// says where the person is and the next Tab starts from the top of the new page.
let lastScreen: string | null = null;

/** A ref for a page's h1 (tabIndex -1) that takes focus when the page named `screen` replaces another. */
export function useHeadingFocus<T extends HTMLElement>(screen: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const previous = lastScreen;
    lastScreen = screen;
    if (previous !== null && previous !== screen) ref.current?.focus();
  }, [screen]);
  return ref;
}

export const MAIN_CONTENT_ID = 'main-content';
