import Link from '@mui/material/Link';
import { phoneHref } from '@scheduler/domain/formatting';

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A sentence of the product's texts with the office's phone number and e-mail address in it made
 * into tel: and mailto: links, so that every phone and e-mail on every screen can be tapped. The
 * texts keep a phone's spaces non-breaking; both spellings are found.
 */
export function ContactText({ text, phone = '', email = '' }: { text: string; phone?: string; email?: string }) {
  const links = new Map<string, string>();
  if (phone.trim()) {
    links.set(phone.replace(/ /g, '\u00a0'), phoneHref(phone));
    links.set(phone, phoneHref(phone));
  }
  if (email.trim()) links.set(email, `mailto:${email}`);
  if (links.size === 0) return text;
  const pieces = text.split(new RegExp(`(${[...links.keys()].map(escapeRegExp).join('|')})`));
  return pieces.map((piece, i) =>
    links.has(piece) ? (
      <Link key={i} href={links.get(piece)} sx={{ color: 'inherit', fontWeight: 600, whiteSpace: 'nowrap' }}>
        {piece}
      </Link>
    ) : (
      piece
    ),
  );
}
