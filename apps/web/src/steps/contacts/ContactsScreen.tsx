import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AGENT_PARTIES, type AgentParty } from '@scheduler/contracts/people';
import {
  AGENT_PROFILE_BANNER,
  needsOwnAgentProfile,
  offeredRoles,
  OWN_AGENT_PARTY,
  ROLE_TEXT,
  saveOrder,
  sectionOrder,
  type Role,
  type Section,
} from '@scheduler/domain/people/contacts-step';
import { nextStep } from '@scheduler/domain/route-table';
import { StepFrame } from '../../frame/StepFrame.tsx';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { isFailure } from '../../shared/api-client.ts';
import { FailureNotice } from '../../shared/FailureNotice.tsx';
import { Notice } from '../../shared/Notice.tsx';
import { invalidateOrder } from '../../shared/queries.ts';
import { texts } from '../../shared/texts.ts';
import { Waiting } from '../../shared/Waiting.tsx';
import { AgentPanel } from './AgentPanel.tsx';
import { setUserType } from './api.ts';
import { ClientsPanel } from './ClientsPanel.tsx';
import { ContactsArea } from './ContactsArea.tsx';
import { contactsTexts } from './contacts-texts.ts';
import { PanelRegistryContext, type PanelRegistry } from './panel-registry.ts';
import { usePeopleSettings } from './people-settings.ts';
import { RoleQuestion } from './RoleQuestion.tsx';

/** Spec 2.7, 4.6: the visitor's role, then clients, agents and contacts in the role's order; Next saves them all. */
export default function ContactsScreen() {
  const { scope, order, office, mode, hasControls, goTo } = useScheduler();
  const queryClient = useQueryClient();
  const people = usePeopleSettings();
  const roles = offeredRoles(people);
  const [role, setRole] = useState<Role | null>(order.user?.type ?? null);
  const [other, setOther] = useState(order.user?.other ?? '');
  const [otherMissing, setOtherMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // The section whose check stopped Next: its fields say Required (the own agent panel's banner speaks for itself).
  const [failed, setFailed] = useState<Section | null>(null);
  const [tried, setTried] = useState(false);
  const registry = useMemo<PanelRegistry>(() => new Map(), []);
  const sections = sectionOrder(role, people);
  const savedAgents = new Set(AGENT_PARTIES.filter((party: AgentParty) => order[party]?.id != null));
  const showBanner = tried && needsOwnAgentProfile(role, savedAgents);
  // Spec 5.4: the page scrolls to the banner, after every Next that meets it (the banner may
  // already be on screen from an earlier Next, above where the visitor now is).
  const bannerRef = useRef<HTMLDivElement>(null);
  const [attempts, setAttempts] = useState(0);
  useEffect(() => {
    if (showBanner) bannerRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [showBanner, attempts]);

  const chooseRole = (choice: Role) => {
    setRole(choice);
    setFailure(null);
    // The server checks an agent panel against the recorded role: record it at once (OTHER waits for its text).
    if (choice !== 'OTHER')
      void setUserType(scope, { type: choice, text: ROLE_TEXT[choice] }).then(
        () => invalidateOrder(queryClient, scope),
        setFailure,
      );
  };

  const next = async () => {
    if (role === null || saving) return;
    setTried(true);
    setAttempts((count) => count + 1);
    setFailure(null);
    setFailed(null);
    if (role === 'OTHER' && other.trim() === '') {
      setOtherMissing(true);
      return;
    }
    setSaving(true);
    try {
      if (role === 'OTHER') await setUserType(scope, { type: role, text: ROLE_TEXT[role], other: other.trim() });
      // Spec 4.6: clients, the agents, the contacts; the first failure stops the step with everything kept.
      for (const section of saveOrder(sections)) {
        const save = registry.get(section);
        if (save && !(await save())) {
          setFailed(section);
          return;
        }
      }
      await invalidateOrder(queryClient, scope);
      const following = nextStep(mode, 'contacts', hasControls);
      if (following) goTo(following);
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <StepFrame step="contacts" nextDisabled={role === null || saving} onNext={() => void next()}>
      <RoleQuestion
        roles={roles}
        role={role}
        other={other}
        otherMissing={otherMissing}
        onRole={chooseRole}
        onOther={(text) => {
          setOther(text);
          setOtherMissing(false);
        }}
      />
      {showBanner && (
        <Box ref={bannerRef} sx={{ scrollMarginTop: 16 }}>
          <Notice severity="error" sx={{ mb: 3 }}>
            {AGENT_PROFILE_BANNER}
          </Notice>
        </Box>
      )}
      {role !== null && (
        <PanelRegistryContext.Provider value={registry}>
          <Stack spacing={5}>
            {sections.map((section) =>
              section === 'clients' ? (
                <ClientsPanel key={section} role={role} />
              ) : section === 'contacts' ? (
                <ContactsArea key={section} />
              ) : (
                <AgentPanel key={section} party={section} role={role} />
              ),
            )}
          </Stack>
        </PanelRegistryContext.Provider>
      )}
      {failed !== null && !(showBanner && failed === OWN_AGENT_PARTY[role ?? 'OTHER']) && (
        <Notice severity="error" sx={{ mt: 3 }}>
          {contactsTexts.fixFields}
        </Notice>
      )}
      {saving && <Waiting label={texts.pleaseWait} />}
      {isFailure(failure) && <FailureNotice phone={office.office_phone} sx={{ mt: 3 }} />}
    </StepFrame>
  );
}
