import type { RealEstateAgentInput } from '@scheduler/contracts/people';

/** An agent as a panel holds it: the wire fields of the widest agent (spec 3.6). */
export type AgentDraft = Omit<RealEstateAgentInput, 'add_new'> & {
  agency?: string | undefined;
  add_new?: boolean | undefined;
};

/** Spec 3.6: the new-agent template has state 1 and the `add_new` flag. */
export function newAgentTemplate(): AgentDraft {
  return { first: '', last: '', email: '', state: 1, add_new: true };
}

/**
 * Spec 3.14: one agent panel. `data` is what the form shows; `saved` is the agent the order
 * holds, which cancelling an edit returns to.
 */
export interface AgentPanelState {
  edit: boolean;
  add: boolean;
  saving: boolean;
  none: boolean;
  warning: boolean;
  preExisting: boolean;
  data: AgentDraft | null;
  saved: AgentDraft | null;
}

export const EMPTY_AGENT_PANEL: AgentPanelState = {
  edit: false,
  add: false,
  saving: false,
  none: false,
  warning: false,
  preExisting: false,
  data: null,
  saved: null,
};

export type AgentPanelAction =
  /** A search result was picked; the synthetic "Add new" entry and an empty query start an add. */
  | { type: 'pick'; agent: AgentDraft & { add_new?: boolean | undefined }; query: string }
  | { type: 'set_none' }
  | { type: 'change' }
  | { type: 'reset' }
  | { type: 'edit' }
  | { type: 'input'; data: AgentDraft }
  | { type: 'cancel' }
  /** The form failed its checks (spec 5.4): the panel warns and nothing is sent. */
  | { type: 'invalid' }
  | { type: 'save_started' }
  | { type: 'saved'; id: number }
  /** The call failed: everything typed is kept and the panel stays open. */
  | { type: 'save_failed' };

/** The transitions of spec 4.6, as a reducer the screen keeps per panel. */
export function agentPanelReducer(state: AgentPanelState, action: AgentPanelAction): AgentPanelState {
  switch (action.type) {
    case 'pick':
      if (action.agent.add_new === true || action.query.trim() === '') {
        return { ...EMPTY_AGENT_PANEL, add: true, data: newAgentTemplate() };
      }
      return { ...EMPTY_AGENT_PANEL, preExisting: true, data: action.agent, saved: action.agent };
    case 'set_none':
      return { ...EMPTY_AGENT_PANEL, none: true };
    case 'change':
      return { ...state, none: false };
    case 'reset':
      return EMPTY_AGENT_PANEL;
    case 'edit':
      return state.data === null ? state : { ...state, edit: true, warning: false };
    case 'input':
      return state.edit || state.add ? { ...state, data: action.data } : state;
    case 'cancel':
      if (state.add) return EMPTY_AGENT_PANEL;
      return { ...state, edit: false, warning: false, data: state.saved };
    case 'invalid':
      return { ...state, warning: true };
    case 'save_started':
      return { ...state, saving: true, warning: false };
    case 'saved': {
      const agent = { ...state.data, id: action.id, add_new: false };
      return { ...EMPTY_AGENT_PANEL, preExisting: true, data: agent, saved: agent };
    }
    case 'save_failed':
      return { ...state, saving: false };
  }
}

/** The agent panel holds an agent the order has recorded. */
export function hasSavedAgent(state: AgentPanelState): boolean {
  return !state.none && state.saved?.id != null;
}
