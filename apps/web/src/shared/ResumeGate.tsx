import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OrderResponse } from '@scheduler/contracts/order';
import { STEP_PROGRESS_FLAG, type StepName, type StepProgressFlag } from '@scheduler/domain/route-table';
import { loadProgress } from './progress.ts';
import { callApi } from './api-client.ts';
import { answerLater } from './answer-later.ts';
import { ResumePrompt } from './ResumePrompt.tsx';
import { postDatetime } from './scheduling-api.ts';
import { StepSkeleton } from './StepSkeleton.tsx';

/** Something the visitor chose in a session that is worth going back to. */
export function worthResuming(order: OrderResponse | null): order is OrderResponse {
  return order !== null && !order.confirmed && (order.datetime !== null || order.postal_code !== '');
}

/** Where an earlier session left off: the furthest step of the walk it visited. */
export function resumeStep(walk: readonly StepName[], visited: (flag: StepProgressFlag) => boolean): StepName {
  const reached = walk.filter((step) => {
    const flag = STEP_PROGRESS_FLAG[step];
    return flag !== null && visited(flag);
  });
  return reached.at(-1) ?? walk[0] ?? 'calendar';
}

/**
 * Looks at the browser's earlier session of this office: when it is alive, unfinished and has
 * something chosen, offers "Continue where you left off" or "Start over"; otherwise lets the new
 * session through at once. Starting over releases the old session's held time, so that it does not
 * stay hidden from everyone for the rest of its hold.
 */
export default function ResumeGate({
  companyKey,
  officeUuid,
  otherToken,
  timeZone,
  companyName,
  walk,
  onContinue,
  onKeepNew,
}: {
  companyKey: string;
  officeUuid: string;
  otherToken: string;
  timeZone: string;
  companyName: string;
  /** The steps of the current mode, in order. */
  walk: readonly StepName[];
  /** Goes to an in-app path. */
  onContinue: (path: string) => void;
  onKeepNew: () => void;
}) {
  const stored = useQuery({
    queryKey: ['stored-session-order', companyKey, officeUuid, otherToken],
    // A stored session that has ended answers 401; that is an answer here, not this page's 401.
    queryFn: () =>
      callApi(`/${companyKey}/online-scheduler/order`, {
        session: { token: otherToken, officeUuid },
        parse: answerLater('order'),
      }).catch(() => null),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const offered = stored.isSuccess && worthResuming(stored.data) ? stored.data : null;
  const nothingToOffer = stored.isSuccess && offered === null;
  useEffect(() => {
    if (nothingToOffer) onKeepNew();
  }, [nothingToOffer, onKeepNew]);

  if (!offered) return <StepSkeleton />;
  return (
    <ResumePrompt
      order={offered}
      timeZone={timeZone}
      companyName={companyName}
      onContinue={() => {
        const progress = loadProgress(otherToken);
        const step = resumeStep(walk, (flag) => progress[flag]);
        onContinue(
          `/${companyKey}/online-scheduler/${step}?${new URLSearchParams({ t: otherToken, office: officeUuid }).toString()}`,
        );
      }}
      onStartOver={async () => {
        // Best effort: when the old session has ended meanwhile its hold is gone already.
        await postDatetime({ companyKey, credentials: { token: otherToken, officeUuid } }, { datetime: null }).catch(
          () => undefined,
        );
        onKeepNew();
      }}
    />
  );
}
