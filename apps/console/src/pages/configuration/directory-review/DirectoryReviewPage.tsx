import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { DirectoryReview } from '@scheduler/contracts/directory-review';
import type { PublicPerson } from '@scheduler/contracts/public-api';
import { failureText } from '../../../shared/api.ts';
import { useCompany } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { directoryReviewQueryOptions, useAcceptPerson, useMergePerson } from './directory-review.ts';

const TITLE = 'Directory review';

type ReviewType = 'agents' | 'contacts';

/** A person's name as the office reads it. */
function nameOf(person: PublicPerson): string {
  return [person.first, person.last].filter((part) => part !== '').join(' ');
}

/** What tells two people apart at a glance: e-mail, phone, agency or company, where they came from. */
function detailsOf(person: PublicPerson): string {
  const source = { directory: 'from your directory', visitor: 'added online', api: 'added through the API' }[
    person.source
  ];
  return [person.email, person.mobile_phone || person.work_phone, person.agency || person.company, source]
    .filter((part) => part !== '')
    .join(' · ');
}

interface Merging {
  person: PublicPerson;
  into: PublicPerson;
}

/**
 * /console/{key}/directory-review (owner and admin): the people visitors added online awaiting the
 * office's review, each with the people they likely duplicate (the same e-mail, or the same name
 * and agency), and the e-mail addresses several people of the directory share. Accept keeps a
 * person as they are; "Merge into …" moves their orders to the other person and removes them.
 */
export default function DirectoryReviewPage() {
  const { companyKey } = useCompany();
  const [type, setType] = useState<ReviewType>('agents');
  const review = useQuery(directoryReviewQueryOptions(companyKey, type));
  const accept = useAcceptPerson(companyKey);
  const [merging, setMerging] = useState<Merging | null>(null);
  const [done, setDone] = useState('');

  return (
    <Box>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>
        People your visitors type in the scheduler join your directory awaiting your review. Accept one to keep them as
        they are, or merge them into the person they duplicate: their bookings then name that person, and the duplicate
        is removed.
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={type}
        onChange={(_event, value: ReviewType | null) => value && setType(value)}
        aria-label="Which people"
        sx={{ mb: 2 }}
      >
        <ToggleButton value="agents">Agents</ToggleButton>
        <ToggleButton value="contacts">Contacts</ToggleButton>
      </ToggleButtonGroup>
      <Typography role="status" sx={{ mb: done ? 2 : 0 }}>
        {done}
      </Typography>
      {accept.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureText(accept.error)}
        </Alert>
      )}
      {review.isPending ? (
        <Loading label="Loading the review…" />
      ) : review.isError ? (
        <Failure error={review.error} onRetry={() => void review.refetch()} />
      ) : (
        <ReviewSections
          review={review.data}
          accepting={accept.isPending}
          onAccept={(person) =>
            accept.mutate(person.id, { onSuccess: () => setDone(`${nameOf(person)} was accepted.`) })
          }
          onMerge={setMerging}
        />
      )}
      {merging && (
        <MergeDialog
          companyKey={companyKey}
          merging={merging}
          onClose={(message) => {
            setMerging(null);
            if (message) setDone(message);
          }}
        />
      )}
    </Box>
  );
}

function ReviewSections({
  review,
  accepting,
  onAccept,
  onMerge,
}: {
  review: DirectoryReview;
  accepting: boolean;
  onAccept: (person: PublicPerson) => void;
  onMerge: (merging: Merging) => void;
}) {
  return (
    <>
      <PageSection title={`Awaiting review (${review.awaiting_total})`}>
        {review.awaiting.length === 0 ? (
          <Typography>No one is awaiting review.</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            {review.awaiting.map(({ person, duplicates }) => (
              <Paper component="li" key={person.id} variant="outlined" sx={{ p: 2 }} aria-label={nameOf(person)}>
                <Typography component="h3" variant="subtitle1">
                  {nameOf(person)}
                </Typography>
                <Typography variant="body2">{detailsOf(person)}</Typography>
                {duplicates.length === 0 ? (
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    No likely duplicate.
                  </Typography>
                ) : (
                  <>
                    <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
                      Likely the same as:
                    </Typography>
                    <Box component="ul" sx={{ my: 0.5, pl: 2 }}>
                      {duplicates.map((duplicate) => (
                        <li key={duplicate.id}>
                          {nameOf(duplicate)} ({detailsOf(duplicate)}){' '}
                          <Button size="small" onClick={() => onMerge({ person, into: duplicate })}>
                            Merge into {nameOf(duplicate)}
                          </Button>
                        </li>
                      ))}
                    </Box>
                  </>
                )}
                <Button
                  variant="outlined"
                  size="small"
                  sx={{ mt: 1 }}
                  disabled={accepting}
                  onClick={() => onAccept(person)}
                  aria-label={`Accept ${nameOf(person)}`}
                >
                  Accept
                </Button>
              </Paper>
            ))}
          </Box>
        )}
      </PageSection>
      <PageSection title="E-mail addresses several people share">
        {review.shared_emails.length === 0 ? (
          <Typography>No two people share an e-mail address.</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            {review.shared_emails.map(({ email, people }) => {
              const [keeper, ...others] = people;
              return (
                <Paper component="li" key={email} variant="outlined" sx={{ p: 2 }} aria-label={email}>
                  <Typography component="h3" variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
                    {email}
                  </Typography>
                  <Box component="ul" sx={{ my: 0.5, pl: 2 }}>
                    {people.map((person) => (
                      <li key={person.id}>
                        {nameOf(person)} ({detailsOf(person)})
                        {keeper && person.id !== keeper.id && (
                          <>
                            {' '}
                            <Button size="small" onClick={() => onMerge({ person, into: keeper })}>
                              Merge {nameOf(person)} into {nameOf(keeper)}
                            </Button>
                          </>
                        )}
                      </li>
                    ))}
                  </Box>
                  {others.length > 0 && keeper && <KeeperNote keeper={keeper} />}
                </Paper>
              );
            })}
          </Box>
        )}
      </PageSection>
    </>
  );
}

/** The survivor named under a shared address: the first in the directory stays when merged into. */
function KeeperNote({ keeper }: { keeper: PublicPerson }) {
  return (
    <Typography variant="body2" sx={{ mt: 0.5 }}>
      Merging keeps {nameOf(keeper)}, the first in your directory.
    </Typography>
  );
}

function MergeDialog({
  companyKey,
  merging,
  onClose,
}: {
  companyKey: string;
  merging: Merging;
  onClose: (message?: string) => void;
}) {
  const titleId = useId();
  const merge = useMergePerson(companyKey);
  const from = nameOf(merging.person);
  const into = nameOf(merging.into);
  return (
    <Dialog open onClose={() => onClose()} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        Merge {from} into {into}?
      </DialogTitle>
      <DialogContent>
        <Typography>
          Every booking that names {from} ({detailsOf(merging.person)}) will name {into} ({detailsOf(merging.into)})
          instead, and {from} is removed from your directory. This cannot be undone.
        </Typography>
        {merge.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failureText(merge.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => onClose()}>Keep both</Button>
        <Button
          variant="contained"
          disabled={merge.isPending}
          onClick={() =>
            merge.mutate(
              { id: merging.person.id, into: merging.into.id },
              {
                onSuccess: (result) =>
                  onClose(
                    `${from} was merged into ${into}; ${result.orders_repointed} ${result.orders_repointed === 1 ? 'booking names' : 'bookings name'} ${into} now.`,
                  ),
              },
            )
          }
        >
          Merge
        </Button>
      </DialogActions>
    </Dialog>
  );
}
