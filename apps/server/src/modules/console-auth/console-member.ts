import type { ConsoleRole } from '@scheduler/contracts/console';

/** A person's place in one company, as the console's routes check it. */
export interface ConsoleMember {
  userId: string;
  userName: string;
  companyId: string;
  companyKey: string;
  companyName: string;
  organizationId: string;
  role: ConsoleRole;
  /** The inspector this person is (inspector role); null otherwise. */
  inspectorId: number | null;
}
