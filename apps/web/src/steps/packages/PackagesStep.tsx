import { useQuery } from '@tanstack/react-query';
import { StepFrame } from '../../frame/StepFrame.tsx';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { FailureNotice } from '../../shared/FailureNotice.tsx';
import { StepSkeleton } from '../../shared/StepSkeleton.tsx';
import { pricingQueryOptions } from '../../shared/pricing-api.ts';
import { packagesQueryOptions, servicesQueryOptions } from './api.ts';
import { PackagesScreen } from './PackagesScreen.tsx';

/** Spec 2.9: the packages step; its catalogue and the order's pricing load before it shows. */
export default function PackagesStep() {
  const { scope, office } = useScheduler();
  const packages = useQuery(packagesQueryOptions(scope));
  const services = useQuery(servicesQueryOptions(scope));
  const pricing = useQuery(pricingQueryOptions(scope));
  if (packages.data && services.data && pricing.data)
    return <PackagesScreen packages={packages.data} services={services.data} pricing={pricing.data} />;
  if (packages.isError || services.isError || pricing.isError) {
    return (
      <StepFrame step="packages" nextDisabled>
        <FailureNotice
          phone={office.office_phone}
          onRetry={() => {
            void packages.refetch();
            void services.refetch();
            void pricing.refetch();
          }}
        />
      </StepFrame>
    );
  }
  return <StepSkeleton />;
}
