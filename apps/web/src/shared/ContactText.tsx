import Link from '@mui/material/Link';
import { Fragment } from 'react';
import { phoneHref } from '@scheduler/domain/formatting';

/** Spaces in a phone number inside a sentence are non-breaking (see texts.ts). */
const asInText = (value: string) => value.replace(/ /g, '\u00a0');

/**
 * A sentence of the product's texts with the office's phone number and e-mail address in it made
 * into tel: and mailto: links, so that every phone and e-mail on every screen can be tapped.
 */
export function ContactText({ text, phone, email }: { text: string; phone?: string; email?: string }) {
  const targets = [
    phone ? { shown: asInText(phone), href: phoneHref(phone) } : null,
    phone ? { shown: phone, href: phoneHref(phone) } : null,
    email ? { shown: email, href: `mailto:${email}` } : null,
  ].filter((t): t is { shown: string; href: string } => t !== null && t.shown.trim() !== '');
  const pieces: Array<string | { shown: string; href: string }> = [text];
  for (const target of targets) {
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i];
      if (typeof piece !== 'string') continue;
      const at = piece.indexOf(target.shown);
      if (at < 0) continue;
      pieces.splice(i, 1, piece.slice(0, at), target, piece.slice(at + target.shown.length));
      i++;
    }
  }
  return (
    <>
      {pieces.map((piece, i) =>
        typeof piece === 'string' ? (
          <Fragment key={i}>{piece}</Fragment>
        ) : (
          <Link key={i} href={piece.href} sx={{ color: 'inherit', fontWeight: 600, whiteSpace: 'nowrap' }}>
            {piece.shown}
          </Link>
        ),
      )}
    </>
  );
}
