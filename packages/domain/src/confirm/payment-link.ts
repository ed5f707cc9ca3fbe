/**
 * The payment link of a confirmed order: the company's URL template with {order_id}, {amount}
 * (major units with two decimals, e.g. 425.00) and {currency} filled in, each URL-encoded.
 */
export function paymentUrl(
  template: string,
  values: { orderId: string; amountCents: number; currency: string },
): string {
  const amount = (values.amountCents / 100).toFixed(2);
  const fill: Record<string, string> = { order_id: values.orderId, amount, currency: values.currency };
  return template.replace(/\{(order_id|amount|currency)\}/g, (_, name: string) => encodeURIComponent(fill[name]!));
}
