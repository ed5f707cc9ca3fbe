import { lazy, Suspense } from 'react';
import { StepSkeleton } from '../../shared/StepSkeleton.tsx';

// The screen's own chunks (forms, search, MUI's checkbox) are listed in this chunk rather than in
// the app shell's preload map, which every visitor downloads with the first step (150 KB budget).
const ContactsScreen = lazy(() => import('./ContactsScreen.tsx'));

/** Spec 2.7: the contacts step, its code loaded behind the step's skeleton. */
export default function ContactsStep() {
  return (
    <Suspense fallback={<StepSkeleton />}>
      <ContactsScreen />
    </Suspense>
  );
}
