import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import type { AgentParty, SearchResult } from '@scheduler/contracts/people';
import type { Person } from '@scheduler/contracts/person';
import {
  agentPanelReducer,
  EMPTY_AGENT_PANEL,
  hasSavedAgent,
  type AgentDraft,
  type AgentPanelState,
} from '@scheduler/domain/people/agent-panel';
import {
  agentPanelText,
  canChooseNone,
  canEditAgent,
  isAgentMandatory,
  type Role,
} from '@scheduler/domain/people/contacts-step';
import { filledFields } from '@scheduler/domain/people/person-display';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { isFailure } from '../../shared/api-client.ts';
import { FailureNotice } from '../../shared/FailureNotice.tsx';
import { useStepForm } from '../../shared/form/use-step-form.ts';
import { Notice } from '../../shared/Notice.tsx';
import { searchPeople, useSaveAgent } from './api.ts';
import { isPortalAgentRole, useSignedInAgent } from '../../shared/returning-agent.ts';
import { returningAgentTexts, ReturningAgentSignIn } from './ReturningAgent.tsx';
import { contactsTexts } from './contacts-texts.ts';
import { texts } from '../../shared/texts.ts';
import { usePeopleSettings } from './people-settings.ts';
import { PersonDisplay } from './PersonDisplay.tsx';
import { PersonFields } from './PersonFields.tsx';
import { personDefaults, personFormResolverSchema } from './person-form.ts';
import { PersonSearch } from './PersonSearch.tsx';
import { checkedValues } from './submit-form.ts';
import { useSectionSave } from './panel-registry.ts';

function initialState(saved: Person | null): AgentPanelState {
  if (saved?.id == null) return EMPTY_AGENT_PANEL;
  const agent = saved as AgentDraft;
  return { ...EMPTY_AGENT_PANEL, preExisting: true, data: agent, saved: agent };
}

function agentOf(result: SearchResult): AgentDraft {
  const { display: _display, add_new: _addNew, type: _type, ...agent } = result;
  return agent;
}

/** Records the panel's agent on the order (a pick, none, a saved form); false when the server refused it. */
async function sendAgent(
  dispatch: (action: Parameters<typeof agentPanelReducer>[1]) => void,
  mutateAsync: (body: Record<string, unknown>) => Promise<{ id: number | null }>,
  body: Record<string, unknown>,
): Promise<boolean> {
  dispatch({ type: 'save_started' });
  try {
    const { id } = await mutateAsync(body);
    if (id !== null) dispatch({ type: 'saved', id });
    return true;
  } catch {
    dispatch({ type: 'save_failed' });
    return false;
  }
}

/** One agent panel (spec 2.7, 3.14, 4.6): search, none/Change, Reset, and the edit and add forms. */
export function AgentPanel({ party, role }: { party: AgentParty; role: Role }) {
  const { scope, order, office } = useScheduler();
  const people = usePeopleSettings();
  const fields = people.fields[party];
  const headingId = useId();
  const [state, dispatch] = useReducer(agentPanelReducer, order[party], initialState);
  const text = agentPanelText(role, party);
  const mine = isAgentMandatory(role, party);
  // The company's page named this agent and locked the choice (issue 27).
  const locked = party === 'buyers_agent' && order.locked.includes('agent_email');
  const save = useSaveAgent(scope, party);
  const schema = useMemo(
    () => personFormResolverSchema(party, fields, people.phoneCountry),
    [party, fields, people.phoneCountry],
  );
  const form = useStepForm(schema, personDefaults(null, fields));
  const formOpen = state.edit || state.add;
  const searchRef = useRef<HTMLDivElement>(null);
  // A returning agent (issue 47): their portal session in this browser fills in their own panel.
  const portalRole = mine && party !== 'insurance_agent' && isPortalAgentRole(role);
  const [waitingForLink, setWaitingForLink] = useState(false);
  // The link is good for 15 minutes: the step stops asking after that (an embed on another site never gets the cookie).
  useEffect(() => {
    if (!waitingForLink) return;
    const stop = window.setTimeout(() => setWaitingForLink(false), 15 * 60_000);
    return () => window.clearTimeout(stop);
  }, [waitingForLink]);
  const signedIn = useSignedInAgent(scope.companyKey, portalRole, waitingForLink);
  const portalAgent = portalRole ? (signedIn.data ?? null) : null;
  const ownRecord = portalAgent !== null && state.data?.id === portalAgent.id;
  const autoPicked = useRef(false);

  // The form shows the panel's agent each time it opens.
  const { reset } = form;
  useEffect(() => {
    if (formOpen) reset(personDefaults(state.data as Partial<Person> | null, fields));
  }, [formOpen, reset, state.data, fields]);

  const { mutateAsync } = save;
  const send = (body: Record<string, unknown>) => sendAgent(dispatch, mutateAsync, body);

  const saveForm = async (): Promise<boolean> => {
    const values = await checkedValues(form);
    if (values === null) {
      dispatch({ type: 'invalid' });
      return false;
    }
    dispatch({ type: 'input', data: { ...(state.data ?? {}), ...(values as AgentDraft) } });
    const body = {
      ...filledFields(values as Record<string, unknown>),
      ...(state.add ? { add_new: true } : { id: state.data?.id }),
    };
    return send(body);
  };

  const pick = async (result: SearchResult) => {
    const agent = agentOf(result);
    dispatch({ type: 'pick', agent, query: result.display });
    // Spec 4.6: picking records the agent on the order; one the rules refuse opens for editing.
    const ok = await send({ ...filledFields(agent as Record<string, unknown>), id: agent.id });
    if (!ok && canEditAgent(people, true)) dispatch({ type: 'edit' });
  };

  // Once: the signed-in agent's own directory record, found as the search finds it, picked as a visitor picks it.
  useEffect(() => {
    if (!portalAgent || autoPicked.current || locked || state.none || formOpen || state.data) return;
    autoPicked.current = true;
    void searchPeople(scope, { party }, portalAgent.email)
      .then(async (results) => {
        const own = results.find((result) => result.id === portalAgent.id);
        if (!own) return;
        const agent = agentOf(own);
        dispatch({ type: 'pick', agent, query: own.display });
        await sendAgent(dispatch, mutateAsync, { ...filledFields(agent as Record<string, unknown>), id: agent.id });
      })
      .catch(() => {});
  }, [portalAgent, locked, state.none, formOpen, state.data, scope, party, mutateAsync]);

  useSectionSave(party, async () => {
    if (formOpen) return saveForm();
    if (state.none || hasSavedAgent(state)) return true;
    if (!mine) return true;
    // The screen scrolls to the banner asking for this profile (spec 5.4), with the search just
    // below it; a focus that scrolled too would cut that smooth scroll short wherever it was.
    searchRef.current?.querySelector('input')?.focus({ preventScroll: true });
    return false;
  });

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void saveForm();
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} sx={{ mb: 2 }}>
        {text.label}
      </Typography>
      {state.none ? (
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography>{text.noneText}</Typography>
          <Button variant="outlined" onClick={() => dispatch({ type: 'change' })}>
            {contactsTexts.change}
          </Button>
        </Stack>
      ) : formOpen ? (
        <form onKeyDown={onKeyDown} onSubmit={(event) => event.preventDefault()} noValidate aria-labelledby={headingId}>
          <PersonFields party={party} fields={fields} control={form.control as never} ownDetails={mine} />
          <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
            <Button variant="contained" disabled={save.isPending} onClick={() => void saveForm()}>
              {contactsTexts.save}
            </Button>
            <Button variant="outlined" onClick={() => dispatch({ type: 'cancel' })}>
              {contactsTexts.cancel}
            </Button>
          </Stack>
        </form>
      ) : state.data ? (
        <Stack spacing={2}>
          <PersonDisplay person={state.data} fields={fields} />
          <Stack direction="row" spacing={2}>
            {/* A locked agent is the directory's record, whole: nothing to edit here (issue 42). */}
            {canEditAgent(people, state.preExisting) && !locked && (
              <Button variant="outlined" onClick={() => dispatch({ type: 'edit' })}>
                {contactsTexts.edit}
              </Button>
            )}
            {/* A signed-in agent's own record is the directory's: theirs, not to be swapped for another. */}
            {!locked && !ownRecord && (
              <Button variant="outlined" onClick={() => dispatch({ type: 'reset' })}>
                {contactsTexts.reset}
              </Button>
            )}
          </Stack>
          {locked && <Typography sx={{ color: 'text.secondary' }}>{texts.lockedField}</Typography>}
          {ownRecord && portalAgent && (
            <Typography sx={{ color: 'text.secondary' }}>
              {returningAgentTexts.signedIn(`${portalAgent.first} ${portalAgent.last}`.trim())}
            </Typography>
          )}
        </Stack>
      ) : (
        <Stack spacing={2} ref={searchRef}>
          <PersonSearch
            kind={{ party }}
            label={text.searchLabel}
            addNewLabel={contactsTexts.addNewAgent}
            onPick={(result) => void pick(result)}
            onAddNew={(query) => dispatch({ type: 'pick', agent: { add_new: true }, query })}
          />
          {portalRole && signedIn.isSuccess && signedIn.data === null && (
            <ReturningAgentSignIn companyKey={scope.companyKey} onAsked={() => setWaitingForLink(true)} />
          )}
          {canChooseNone(role, party) && (
            <Box>
              <Button
                variant="text"
                onClick={() => void send({ none: true }).then((ok) => ok && dispatch({ type: 'set_none' }))}
              >
                {text.noneText}
              </Button>
            </Box>
          )}
        </Stack>
      )}
      {state.warning && (
        <Notice severity="error" sx={{ mt: 2 }}>
          {contactsTexts.fixFields}
        </Notice>
      )}
      {isFailure(save.error) && <FailureNotice phone={office.office_phone} sx={{ mt: 2 }} />}
    </Box>
  );
}
