import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ApiError } from '@scheduler/ui/api-error';
import { AGREEMENT_NAME_MAX, type AgreementTemplate } from '@scheduler/contracts/agreements';
import { failureText } from '../../../shared/api.ts';
import { DescribedSwitch } from '../../../shared/DescribedSwitch.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import {
  fieldErrorsOf,
  fieldOfRefusal,
  fieldsOf,
  inputOf,
  type AgreementFields,
  type Catalogue,
  type FieldErrors,
} from './agreement-form.ts';
import { useSaveAgreement } from './agreements-api.ts';
import { AgreementPreview } from './AgreementPreview.tsx';
import { BodyEditor } from './BodyEditor.tsx';
import { VersionsSection } from './VersionsSection.tsx';

/** Where each field's problem sends the focus: the first one refused, in the form's order. */
const FIELD_ORDER = ['name', 'applies_to', 'body_html'] as const;

/**
 * A template's editor: its name, which orders it is sent for, whether it is in use, its text with
 * the placeholders, a preview as a signer reads it, and (for a saved one) its versions. A refused
 * save keeps everything typed, the server's words beside the field it names.
 */
export function AgreementEditor({
  companyKey,
  template,
  catalogue,
  placeholders,
  onSaved,
  onClose,
}: {
  companyKey: string;
  template: AgreementTemplate | null;
  catalogue: Catalogue;
  placeholders: ReadonlyArray<{ name: string; meaning: string }>;
  onSaved: (saved: AgreementTemplate, created: boolean) => void;
  onClose: () => void;
}) {
  const [fields, setFields] = useState<AgreementFields>(() => fieldsOf(template));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveAgreement(companyKey);
  const formId = useId();
  const activeHelpId = useId();
  const sentForId = useId();

  const change = <K extends keyof AgreementFields>(key: K, value: AgreementFields[K], field = key as string) => {
    setFields((now) => ({ ...now, [key]: value }));
    // A field changed is no longer the field refused.
    setErrors((now) => {
      const { [field as keyof FieldErrors]: _dropped, ...rest } = now;
      return rest;
    });
  };

  const focusFirst = (found: FieldErrors) => {
    const first = FIELD_ORDER.find((field) => found[field] !== undefined);
    if (first)
      // After the error is drawn, so the field's description already says it.
      requestAnimationFrame(() =>
        document.getElementById(`${formId}-${first}`)?.querySelector<HTMLElement>('input, textarea')?.focus(),
      );
  };

  const submit = () => {
    const found = fieldErrorsOf(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    save.mutate(
      { id: template?.id ?? null, input: inputOf(fields) },
      {
        onSuccess: (saved) => onSaved(saved, template === null),
        onError: (error) => {
          const field = error instanceof ApiError && error.status === 400 ? fieldOfRefusal(error.field) : null;
          if (field) {
            const refused = { [field]: error.message };
            setErrors(refused);
            focusFirst(refused);
          }
        },
      },
    );
  };

  const refusedElsewhere =
    save.error && !(save.error instanceof ApiError && save.error.status === 400 && fieldOfRefusal(save.error.field));

  const toggle = <T,>(list: T[], id: T, on: boolean) => (on ? [...list, id] : list.filter((item) => item !== id));

  return (
    <PageSection
      title={template ? `Edit “${template.name}”` : 'New agreement'}
      intro={
        template
          ? `Version ${template.version}. Saving a new name or text makes version ${template.version + 1}; agreements already sent keep the version they were sent.`
          : undefined
      }
    >
      <Box
        component="form"
        noValidate
        aria-label={template ? `Edit “${template.name}”` : 'New agreement'}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}
      >
        <Box id={`${formId}-name`}>
          <TextField
            label="Name"
            required
            fullWidth
            autoFocus
            value={fields.name}
            onChange={(event) => change('name', event.target.value)}
            error={errors.name !== undefined}
            helperText={errors.name ?? 'The title clients see above the agreement.'}
            slotProps={{ htmlInput: { maxLength: AGREEMENT_NAME_MAX, autoComplete: 'off' } }}
          />
        </Box>
        <FormControl id={`${formId}-applies_to`} error={errors.applies_to !== undefined} component="fieldset">
          <FormLabel component="legend" id={sentForId}>
            Sent for
          </FormLabel>
          <RadioGroup
            aria-labelledby={sentForId}
            value={fields.sentFor}
            onChange={(event) => change('sentFor', event.target.value as AgreementFields['sentFor'], 'applies_to')}
          >
            <FormControlLabel value="all" control={<Radio />} label="Every order" />
            <FormControlLabel value="chosen" control={<Radio />} label="Orders that book one of these" />
          </RadioGroup>
          {fields.sentFor === 'chosen' && (
            <Box sx={{ display: 'grid', gap: 1, pl: { xs: 1, sm: 4 } }}>
              <ChoiceGroup
                legend="Packages"
                items={catalogue.packages}
                chosen={fields.package_ids}
                onToggle={(id, on) => change('package_ids', toggle(fields.package_ids, id, on), 'applies_to')}
              />
              <ChoiceGroup
                legend="Services"
                items={catalogue.services}
                chosen={fields.service_ids}
                onToggle={(id, on) => change('service_ids', toggle(fields.service_ids, id, on), 'applies_to')}
              />
            </Box>
          )}
          {errors.applies_to && <FormHelperText>{errors.applies_to}</FormHelperText>}
        </FormControl>
        <DescribedSwitch
          checked={fields.active}
          onChange={(checked) => change('active', checked)}
          label="Active"
          help="An inactive agreement is sent with no new order; the ones already sent stay as they are."
          helpId={activeHelpId}
        />
        <Box id={`${formId}-body_html`} sx={{ minWidth: 0 }}>
          <BodyEditor
            value={fields.body_html}
            onChange={(value) => change('body_html', value)}
            error={errors.body_html}
            placeholders={placeholders}
          />
        </Box>
        <AgreementPreview companyKey={companyKey} bodyHtml={fields.body_html} />
        {refusedElsewhere && <Alert severity="error">{failureText(save.error)}</Alert>}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ minHeight: 44 }}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
          <Button type="button" onClick={onClose} sx={{ minHeight: 44 }}>
            {template ? 'Close' : 'Cancel'}
          </Button>
        </Box>
      </Box>
      {template && <VersionsSection companyKey={companyKey} template={template} />}
      {template === null && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Its versions are listed here once it is saved.
        </Typography>
      )}
    </PageSection>
  );
}

function ChoiceGroup<Id extends string | number>({
  legend,
  items,
  chosen,
  onToggle,
}: {
  legend: string;
  items: Array<{ id: Id; name: string }>;
  chosen: Id[];
  onToggle: (id: Id, on: boolean) => void;
}) {
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{legend}</FormLabel>
      {items.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          The company has none.
        </Typography>
      ) : (
        <FormGroup>
          {items.map((item) => (
            <FormControlLabel
              key={String(item.id)}
              control={
                <Checkbox
                  checked={chosen.includes(item.id)}
                  onChange={(event) => onToggle(item.id, event.target.checked)}
                />
              }
              label={item.name}
            />
          ))}
        </FormGroup>
      )}
    </FormControl>
  );
}
