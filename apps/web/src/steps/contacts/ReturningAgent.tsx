import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { AgentRecentClient } from '@scheduler/contracts/agent-portal';
import { ApiError } from '@scheduler/ui/api-error';
import { askForSignInLink } from '../../agent-portal/api.ts';
import { BusyButton } from '../../shared/BusyButton.tsx';
import { Notice } from '../../shared/Notice.tsx';

export const returningAgentTexts = {
  returning: 'Been here before? Sign in to fill in your details.',
  email: 'Your e-mail',
  send: 'E-mail me a sign-in link',
  invalid: 'Please enter a valid e-mail address.',
  failed: 'Something went wrong. Please try again.',
  /** The same words whether or not the address is one of the company's agents (issue 47). */
  welcomeBack:
    "Welcome back — we'll e-mail you a sign-in link if this address is one of our agents'. Open it, then come back to this page: your details will be filled in.",
  signedIn: (name: string) => `Signed in as ${name}: your details are the ones our office keeps.`,
  recentClients: 'Your recent clients',
  newClient: 'A new client',
} as const;

/** Under the agent's own panel: asks for a sign-in link; the answer is the same for any address. */
export function ReturningAgentSignIn({ companyKey, onAsked }: { companyKey: string; onAsked: () => void }) {
  const t = returningAgentTexts;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);
  if (asked) return <Notice severity="info">{t.welcomeBack}</Notice>;
  const send = async () => {
    setError(null);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError(t.invalid);
      return;
    }
    setBusy(true);
    try {
      await askForSignInLink(companyKey, email.trim());
      setAsked(true);
      onAsked();
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status === 429 ? caught.message : t.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, maxWidth: 420 }}>
      <Typography>{t.returning}</Typography>
      <TextField
        label={t.email}
        type="email"
        autoComplete="email"
        size="small"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void send();
          }
        }}
        error={error !== null}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { maxLength: 254 } }}
      />
      <BusyButton busy={busy} variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => void send()}>
        {t.send}
      </BusyButton>
    </Box>
  );
}

/** A signed-in agent's recent clients, to fill in the first client with one. */
export function RecentClientPicker({
  clients,
  onPick,
}: {
  clients: readonly AgentRecentClient[];
  onPick: (client: AgentRecentClient) => void;
}) {
  const [chosen, setChosen] = useState('');
  return (
    <TextField
      select
      label={returningAgentTexts.recentClients}
      value={chosen}
      onChange={(event) => {
        setChosen(event.target.value);
        const client = clients[Number(event.target.value)];
        if (client) onPick(client);
      }}
      sx={{ maxWidth: 420 }}
      fullWidth
    >
      <MenuItem value="">{returningAgentTexts.newClient}</MenuItem>
      {clients.map((client, index) => (
        <MenuItem key={`${client.email}-${index}`} value={String(index)}>
          {`${client.first} ${client.last}`.trim()}
          {client.email ? ` (${client.email})` : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}
