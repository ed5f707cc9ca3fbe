import { useRef, useState } from 'react';

/**
 * Copying a read-only field's text (a link, a key) to the clipboard: `copied` is null until a
 * copy is tried, then whether the browser took it; when it would not (no permission, an insecure
 * page), the field is focused and its text selected for the person to copy.
 */
export function useCopyField() {
  const field = useRef<HTMLInputElement | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
      field.current?.focus();
      field.current?.select();
    }
  };
  return { field, copied, copy };
}
