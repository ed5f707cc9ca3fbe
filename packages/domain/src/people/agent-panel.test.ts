import { describe, expect, it } from 'vitest';
import {
  agentPanelReducer,
  EMPTY_AGENT_PANEL,
  hasSavedAgent,
  newAgentTemplate,
  type AgentPanelAction,
  type AgentPanelState,
} from './agent-panel.ts';

const run = (...actions: AgentPanelAction[]): AgentPanelState => actions.reduce(agentPanelReducer, EMPTY_AGENT_PANEL);
const listed = { id: 12, first: 'Ann', last: 'Lee', email: 'ann@example.com' };

describe('agent panel (spec 3.14, 4.6)', () => {
  it('picking a search result selects it as pre-existing', () => {
    const state = run({ type: 'pick', agent: listed, query: 'ann' });
    expect(state).toMatchObject({ preExisting: true, add: false, data: listed, saved: listed });
    expect(hasSavedAgent(state)).toBe(true);
  });

  it('picking "Add new", or picking with an empty query, starts an add with the blank template', () => {
    for (const state of [
      run({ type: 'pick', agent: { add_new: true }, query: 'zz' }),
      run({ type: 'pick', agent: listed, query: ' ' }),
    ]) {
      expect(state).toMatchObject({ add: true, preExisting: false, data: { state: 1, add_new: true, first: '' } });
      expect(hasSavedAgent(state)).toBe(false);
    }
    expect(newAgentTemplate()).toEqual({ first: '', last: '', email: '', state: 1, add_new: true });
  });

  it('"none" clears the agent; "Change" leaves the none state; "Reset" returns to search', () => {
    const none = run({ type: 'pick', agent: listed, query: 'ann' }, { type: 'set_none' });
    expect(none).toMatchObject({ none: true, data: null, saved: null });
    expect(hasSavedAgent(none)).toBe(false);
    expect(agentPanelReducer(none, { type: 'change' }).none).toBe(false);
    expect(run({ type: 'pick', agent: listed, query: 'ann' }, { type: 'reset' })).toEqual(EMPTY_AGENT_PANEL);
  });

  it('cancelling an add discards it; cancelling an edit restores the saved agent', () => {
    expect(
      run(
        { type: 'pick', agent: { add_new: true }, query: 'x' },
        { type: 'input', data: { first: 'New' } },
        { type: 'cancel' },
      ),
    ).toEqual(EMPTY_AGENT_PANEL);
    const edited = run(
      { type: 'pick', agent: listed, query: 'ann' },
      { type: 'edit' },
      { type: 'input', data: { ...listed, first: 'Anne' } },
    );
    expect(edited.data?.first).toBe('Anne');
    expect(agentPanelReducer(edited, { type: 'cancel' })).toMatchObject({ edit: false, data: listed });
  });

  it('ignores typing outside edit and add modes', () => {
    expect(run({ type: 'pick', agent: listed, query: 'ann' }, { type: 'input', data: { first: 'X' } }).data).toEqual(
      listed,
    );
  });

  it('save: a failed check warns; saving, then the id the server returns is applied', () => {
    const adding = run(
      { type: 'pick', agent: { add_new: true }, query: '' },
      { type: 'input', data: { first: 'Bo', last: 'Ray', state: 1, add_new: true } },
    );
    expect(agentPanelReducer(adding, { type: 'invalid' }).warning).toBe(true);
    const saving = agentPanelReducer(adding, { type: 'save_started' });
    expect(saving).toMatchObject({ saving: true, add: true });
    const saved = agentPanelReducer(saving, { type: 'saved', id: 99 });
    expect(saved).toMatchObject({
      saving: false,
      add: false,
      preExisting: true,
      data: { id: 99, first: 'Bo', add_new: false },
    });
    expect(hasSavedAgent(saved)).toBe(true);
  });

  it('a failed save keeps everything typed and the form open', () => {
    const adding = run(
      { type: 'pick', agent: { add_new: true }, query: '' },
      { type: 'input', data: { first: 'Bo' } },
      { type: 'save_started' },
      { type: 'save_failed' },
    );
    expect(adding).toMatchObject({ saving: false, add: true, data: { first: 'Bo' } });
  });
});
