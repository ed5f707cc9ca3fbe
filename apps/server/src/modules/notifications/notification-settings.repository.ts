import { asc, eq } from 'drizzle-orm';
import { notificationsSchema, type NotificationSettings } from '@scheduler/contracts/company-document';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** The company document's `notifications` section, written by the import. */
export async function saveNotificationSettings(
  tx: Executor,
  companyId: string,
  settings: NotificationSettings,
): Promise<void> {
  await tx
    .insert(t.companyNotifications)
    .values({ companyId, settings })
    .onConflictDoUpdate({ target: t.companyNotifications.companyId, set: { settings } });
}

/** The company's notification settings; the defaults when its document never had the section. */
export async function loadNotificationSettings(db: Executor, companyId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({ settings: t.companyNotifications.settings })
    .from(t.companyNotifications)
    .where(eq(t.companyNotifications.companyId, companyId));
  return notificationsSchema.parse(row?.settings ?? {});
}

/** Who a company's account e-mails come from: its name, and its first office's name and address. */
export async function loadCompanySender(
  db: Executor,
  companyId: string,
): Promise<{ companyName: string; officeName: string; officeEmail: string } | null> {
  const [row] = await db
    .select({ companyName: t.companies.name, officeName: t.offices.name, officeEmail: t.offices.email })
    .from(t.companies)
    .leftJoin(t.offices, eq(t.offices.companyId, t.companies.id))
    .where(eq(t.companies.id, companyId))
    .orderBy(asc(t.offices.id))
    .limit(1);
  return row
    ? {
        companyName: row.companyName,
        officeName: row.officeName ?? row.companyName,
        officeEmail: row.officeEmail ?? '',
      }
    : null;
}
