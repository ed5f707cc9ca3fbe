import Box from '@mui/material/Box';
import type { PackageResponse, ServiceResponse } from '@scheduler/contracts/catalogue';
import { SafeHtml } from '../../shared/SafeHtml.tsx';
import { listedServices, serviceButton, type Cart, type CartSettings } from './cart-rules.ts';
import { ServiceRow } from './ServiceRow.tsx';

export interface ServiceListProps {
  services: readonly ServiceResponse[];
  packages: readonly PackageResponse[];
  cart: Cart;
  settings: CartSettings;
  currency: string;
  feesHidden: boolean;
  /** The service whose add or remove is under way. */
  busyId: string | null;
  onAdd: (id: string) => void;
  onRemove: (id: string) => void;
}

/** Spec 2.9: every service but pay-at-close; those flagged `label` are headings of the services after them. */
export function ServiceList({
  services,
  packages,
  cart,
  settings,
  busyId,
  onAdd,
  onRemove,
  ...prices
}: ServiceListProps) {
  const rows = listedServices(services, settings.pacServiceId);
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((service) =>
        service.label ? (
          <Box component="li" key={service.id} sx={{ pt: 3, pb: 0.5, borderBottom: 2, borderColor: 'divider' }}>
            <SafeHtml html={service.name} component="h3" sx={{ m: 0, fontSize: '1.1rem', fontWeight: 700 }} />
          </Box>
        ) : (
          <ServiceRow
            key={service.id}
            service={service}
            button={serviceButton(service, cart, packages, services, settings)}
            busy={busyId === service.id}
            onAdd={() => onAdd(service.id)}
            onRemove={() => onRemove(service.id)}
            {...prices}
          />
        ),
      )}
    </Box>
  );
}
