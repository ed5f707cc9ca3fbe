import type { AdminOrder } from '@scheduler/contracts/confirm';

/** The client an order is for: its first client, else whoever was entered first. */
export function clientOf(order: Pick<AdminOrder, 'people'>): string {
  return (order.people.find((person) => person.role === 'client') ?? order.people[0])?.name ?? '—';
}

/** "12 Elm Street, Unit 2, Columbus, OH 43215": one line, as a map search takes it. */
export function addressText(address: AdminOrder['address']): string {
  return [address.address1, address.address2, `${address.city}, ${address.state} ${address.postal_code}`.trim()]
    .filter(Boolean)
    .join(', ');
}
