/**
 * That the generated rows are real orders to the product: the big company's order list, read
 * through the admin API, counts them and shows generated people, and the console opens one.
 */
import type { ReadResults } from './reads.ts';

export function checkGeneratedOrders(answers: ReadResults['answers'], expectedAtLeast: number): string[] {
  const problems: string[] = [];
  if (answers.adminOrdersStatus !== 200) problems.push(`the admin order list answered ${answers.adminOrdersStatus}`);
  else {
    const page = JSON.parse(answers.adminOrders) as { total: number; orders: Array<{ id: string; people?: unknown }> };
    if (page.total < expectedAtLeast)
      problems.push(
        `the admin order list counts ${page.total} booked orders, fewer than the ${expectedAtLeast} generated`,
      );
    if (page.orders.length === 0) problems.push('the admin order list shows no order');
    if (answers.adminOrders.includes('Qzclient'))
      problems.push("the admin order list shows the template's people, not the generated ones");
  }
  if (answers.orderPageStatus !== 200) problems.push(`the console's order page answered ${answers.orderPageStatus}`);
  else if (!answers.orderPage.includes(answers.orderId ?? '-') || answers.orderPage.includes('Qzclient'))
    problems.push("the console's order page does not show the generated order");
  return problems;
}
