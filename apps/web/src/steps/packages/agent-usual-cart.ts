import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AgentUsualCart } from '@scheduler/contracts/agent-portal';
import type { Role } from '@scheduler/domain/people/contacts-step';
import { usualCartQueryOptions } from '../../agent-portal/api.ts';
import { isPortalAgentRole, useSignedInAgent } from '../../shared/returning-agent.ts';

/**
 * Whether this visit has had the agent's usual cart (decision 0094): once a visit, so that an agent
 * who takes it out is left to choose. Kept per session token in this tab's storage.
 */
const keyOf = (token: string) => `agent-usual-cart-${token}`;

function hadUsualCart(token: string): boolean {
  try {
    return sessionStorage.getItem(keyOf(token)) === '1';
  } catch {
    // Storage refused (private mode, a sandboxed frame): the agent chooses as anyone does.
    return true;
  }
}

function markHadUsualCart(token: string): void {
  try {
    sessionStorage.setItem(keyOf(token), '1');
  } catch {
    // Nothing to keep it in: hadUsualCart already answers true there.
  }
}

/**
 * A returning agent's usual cart (issue 47, decision 0094): a buyer's or seller's agent signed in
 * to the company's portal who comes to the packages step with an empty cart gets the package and
 * services of their latest booking with the company added, through the step's own cart calls,
 * priced on the step and said in a notice, each to remove as any other. `apply` adds them and
 * answers the names of those the cart took. Answers those names (empty until then, or when
 * nothing was added).
 */
export function useAgentUsualCart(options: {
  companyKey: string;
  token: string;
  role: Role | null;
  cartEmpty: boolean;
  apply: (cart: AgentUsualCart) => Promise<string[]>;
}): string[] {
  const { companyKey, token, role, cartEmpty } = options;
  const agentRole = isPortalAgentRole(role);
  const signedIn = useSignedInAgent(companyKey, agentRole);
  const usual = useQuery(
    usualCartQueryOptions(companyKey, agentRole && !!signedIn.data && cartEmpty && !hadUsualCart(token)),
  );
  const [added, setAdded] = useState<string[]>([]);
  // The apply of the latest render, kept for the effect (the wizard runs on Preact: no useEffectEvent).
  const apply = useRef(options.apply);
  useEffect(() => {
    apply.current = options.apply;
  });
  useEffect(() => {
    if (!usual.data || !cartEmpty || hadUsualCart(token)) return;
    markHadUsualCart(token);
    if (usual.data.package === null && usual.data.services.length === 0) return;
    void apply.current(usual.data).then(setAdded);
  }, [usual.data, cartEmpty, token]);
  return added;
}
