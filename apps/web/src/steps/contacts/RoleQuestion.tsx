import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { ROLE_TEXT, roleControl, type Role } from '@scheduler/domain/people/contacts-step';
import { contactsTexts } from './contacts-texts.ts';

export interface RoleQuestionProps {
  roles: readonly Role[];
  role: Role | null;
  other: string;
  otherMissing: boolean;
  onRole: (role: Role) => void;
  onOther: (text: string) => void;
}

/** Spec 2.7: "Select your role:" as buttons (4 roles or fewer) or the "Your role" dropdown; OTHER asks for a text. */
export function RoleQuestion({ roles, role, other, otherMissing, onRole, onOther }: RoleQuestionProps) {
  const id = useId();
  const otherId = useId();
  return (
    <Box sx={{ mb: 4 }}>
      {roleControl(roles) === 'buttons' ? (
        <Box role="group" aria-labelledby={`${id}-label`}>
          <Typography id={`${id}-label`} sx={{ mb: 1, fontWeight: 600 }}>
            {contactsTexts.selectRole}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {roles.map((choice) => (
              <Button
                key={choice}
                variant={choice === role ? 'contained' : 'outlined'}
                aria-pressed={choice === role}
                onClick={() => onRole(choice)}
              >
                {ROLE_TEXT[choice]}
              </Button>
            ))}
          </Box>
        </Box>
      ) : (
        <Box>
          <InputLabel htmlFor={id} sx={{ color: 'text.primary', mb: 0.5 }}>
            {contactsTexts.yourRole}
          </InputLabel>
          <NativeSelect
            id={id}
            input={<OutlinedInput />}
            value={role ?? ''}
            onChange={(event) => event.target.value && onRole(event.target.value as Role)}
            sx={{ minWidth: 240 }}
          >
            <option value="" disabled>
              {contactsTexts.selectRole}
            </option>
            {roles.map((choice) => (
              <option key={choice} value={choice}>
                {ROLE_TEXT[choice]}
              </option>
            ))}
          </NativeSelect>
        </Box>
      )}
      {role === 'OTHER' && (
        <Box sx={{ mt: 2, maxWidth: 520 }}>
          <InputLabel htmlFor={otherId} sx={{ color: 'text.primary', mb: 0.5 }}>
            {contactsTexts.otherRole} *
          </InputLabel>
          <OutlinedInput
            id={otherId}
            fullWidth
            value={other}
            onChange={(event) => onOther(event.target.value)}
            error={otherMissing}
            inputProps={{
              maxLength: 200,
              'aria-invalid': otherMissing,
              'aria-describedby': otherMissing ? `${otherId}-helper` : undefined,
              autoComplete: 'organization-title',
            }}
          />
          {otherMissing && (
            <Typography id={`${otherId}-helper`} variant="caption" sx={{ color: 'error.main' }}>
              Required
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
