import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ConsoleOrderEditState, EditedAgentRole } from '@scheduler/contracts/order-edit';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN } from '@scheduler/contracts/people';
import { useAgentSearch } from './order-edit-api.ts';

/** An agent as the dialog shows it. */
export type ShownAgent = NonNullable<ConsoleOrderEditState['agents'][EditedAgentRole]>;

/** The words of each agent the edit sets (History's titles). */
export const AGENT_WORDS: Record<EditedAgentRole, { title: string; lower: string }> = {
  buyers_agent: { title: "Buyer's agent", lower: "buyer's agent" },
  sellers_agent: { title: 'Listing agent', lower: 'listing agent' },
};

const agentText = (agent: ShownAgent) =>
  [agent.name || 'No name', agent.email ? `(${agent.email})` : ''].filter(Boolean).join(' ');

/**
 * One agent of the order: who it is now, a lookup of the company's agent directory (the contacts
 * step's search, open to whoever may edit an order) to choose another, and "Remove".
 */
export function AgentField({
  companyKey,
  role,
  agent,
  onChange,
}: {
  companyKey: string;
  role: EditedAgentRole;
  agent: ShownAgent | null;
  onChange: (agent: ShownAgent | null) => void;
}) {
  const [query, setQuery] = useState('');
  const found = useAgentSearch(companyKey, role, query);
  const words = AGENT_WORDS[role];
  const results = query.trim().length >= SEARCH_QUERY_MIN ? (found.data ?? []) : [];
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1.5 }}>
      <Typography component="legend" sx={{ fontWeight: 650, mb: 0.5 }}>
        {words.title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography>{agent ? agentText(agent) : 'None'}</Typography>
        {agent && (
          <Button size="small" onClick={() => onChange(null)}>
            Remove the {words.lower}
          </Button>
        )}
      </Box>
      <TextField
        label={`Find a ${words.lower}`}
        fullWidth
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        helperText="Two letters or more of a name, e-mail or agency"
        slotProps={{ htmlInput: { maxLength: SEARCH_QUERY_MAX } }}
      />
      {results.length > 0 && (
        <Box component="ul" aria-label={`${words.title}s found`} sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
          {results.map((result) => (
            <li key={result.id}>
              <Button
                size="small"
                onClick={() => {
                  onChange({
                    id: result.id,
                    name: `${result.first ?? ''} ${result.last ?? ''}`.trim(),
                    email: result.email ?? '',
                  });
                  setQuery('');
                }}
                sx={{ textAlign: 'left', textTransform: 'none' }}
              >
                {result.display}
              </Button>
            </li>
          ))}
        </Box>
      )}
      {query.trim().length >= SEARCH_QUERY_MIN && found.isSuccess && results.length === 0 && (
        <Typography role="status">No agent of the directory matches.</Typography>
      )}
    </Box>
  );
}
