/** Spec 5.5: digits only; up to 10 as (XXX) XXX-XXXX, 11 or more as 1(XXX) XXX-XXXX-rest. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 0) return '';
  if (digits.length <= 10) {
    const area = digits.slice(0, 3);
    const exchange = digits.slice(3, 6);
    const line = digits.slice(6, 10);
    return `(${area}) ${exchange}${line ? `-${line}` : ''}`;
  }
  const rest = digits.slice(11);
  return `1(${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7, 11)}${rest ? `-${rest}` : ''}`;
}

/** The `tel:` target of a displayed phone number. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
