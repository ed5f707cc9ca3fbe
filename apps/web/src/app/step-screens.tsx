import { type ComponentType, type LazyExoticComponent } from 'react';
import type { StepName } from '@scheduler/domain/route-table';
import { lazyChunk } from '../shared/chunk-load.ts';

/** Each step is its own chunk: the visitor downloads a step when they reach it. */
export const STEP_SCREENS: Record<StepName, LazyExoticComponent<ComponentType>> = {
  'postal-code': lazyChunk(() => import('../steps/postal-code/PostalCodeStep.tsx')),
  calendar: lazyChunk(() => import('../steps/calendar/CalendarStep.tsx')),
  address: lazyChunk(() => import('../steps/address/AddressStep.tsx')),
  contacts: lazyChunk(() => import('../steps/contacts/ContactsStep.tsx')),
  'property-info': lazyChunk(() => import('../steps/property-info/PropertyInfoStep.tsx')),
  packages: lazyChunk(() => import('../steps/packages/PackagesStep.tsx')),
  review: lazyChunk(() => import('../steps/review/ReviewStep.tsx')),
};
