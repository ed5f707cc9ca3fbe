import { StepFrame } from '../../app/StepFrame.tsx';

/** The shell of this step: its title and Back/Next. Its content arrives with its own issue. */
export default function ContactsStep() {
  return <StepFrame step="contacts" />;
}
