import { Suspense } from 'react';
import { StepSkeleton } from '../../shared/StepSkeleton.tsx';
import { lazyChunk } from '../../shared/chunk-load.ts';

// The screen's own chunks (forms, search, MUI's checkbox) are listed in this chunk rather than in
// the app shell's preload map, which every visitor downloads with the first step (150 KB budget).
const ContactsScreen = lazyChunk(() => import('./ContactsScreen.tsx'));

/** Spec 2.7: the contacts step, its code loaded behind the step's skeleton. */
export default function ContactsStep() {
  return (
    <Suspense fallback={<StepSkeleton />}>
      <ContactsScreen />
    </Suspense>
  );
}
