import { PageHeading } from '../../shared/PageHeading.tsx';

/** PLACEHOLDER while a helper builds this editor (issue 26): replaced before this lands. */
export default function PeoplePage() {
  return <PageHeading>People</PageHeading>;
}
