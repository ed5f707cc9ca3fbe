import type { OfficeContactDetails } from '../shared/OfficeContact.tsx';
import { texts } from '../shared/texts.ts';
import { StatusPage } from './StatusPage.tsx';

export function NoServicesPage({ contact }: { contact: OfficeContactDetails | null }) {
  return <StatusPage message={texts.status.noServices} contact={contact} />;
}
