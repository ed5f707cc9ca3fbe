import type { AgentParty } from '@scheduler/contracts/people';

/** The agents whose opt-out decides pay-at-close (spec 5.8): the buyer's and the seller's, not the insurance agent. */
export const PAC_OPT_OUT_PARTIES: readonly AgentParty[] = ['buyers_agent', 'sellers_agent'];

/** An agent the order names, as pay-at-close reads it. */
export interface OrderAgentOptOut {
  /** The panel the agent is on (`buyers_agent`, ...). */
  party: string;
  /** The order's copy of the agent says `pac_opt_out` (spec 3.6): what the visitor's screen shows. */
  onOrder: unknown;
  /** The company directory's record of the agent says so; null when the directory no longer has them. */
  inDirectory: boolean | null;
}

/**
 * Spec 5.8: pay-at-close is not offered when the buyer's or the seller's agent has `pac_opt_out`.
 * The opt-out is the agent's own choice, kept in the company's directory; the order's copy is what
 * the browser reads for the same rule. Either one saying so counts, so that the server never offers
 * what the screen withholds, and a visitor who edits an agent's details cannot undo the agent's choice.
 */
export function agentsOptOutOfPayAtClose(agents: readonly OrderAgentOptOut[]): boolean {
  return agents.some(
    (agent) =>
      (PAC_OPT_OUT_PARTIES as readonly string[]).includes(agent.party) &&
      (agent.onOrder === true || agent.inDirectory === true),
  );
}
