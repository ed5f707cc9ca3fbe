/** Rows by a key, each group in the rows' order: one pass, read per key by a lookup. */
export function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(keyOf(row));
    if (group) group.push(row);
    else groups.set(keyOf(row), [row]);
  }
  return groups;
}

/** Rows by their order's id, each order's in the rows' order. */
export function byOrderId<T extends { orderId: string }>(rows: readonly T[]): Map<string, T[]> {
  return groupBy(rows, (row) => row.orderId);
}
