/**
 * The short reference people read out on the phone: the order id's first eight hex digits, upper
 * case. The messages, the console and the manage page show it, and the wizard's `order_confirmed`
 * event carries it for the company's conversion tracking.
 */
export function orderReference(orderId: string): string {
  return orderId.replace(/-/g, '').slice(0, 8).toUpperCase();
}
