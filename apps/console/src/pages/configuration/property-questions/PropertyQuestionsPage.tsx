import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { ConfigurationResponse } from '@scheduler/contracts/configuration';
import { useConfigurationEditor } from '../../../shared/configuration.ts';
import { refusedField } from '../../../shared/document-refusal.ts';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { ConfigurationEditorPage, SaveBar, SaveOutcome } from '../../../shared/SaveOutcome.tsx';
import { QuestionEditor } from './QuestionEditor.tsx';
import { QUESTION_TYPES } from './question-types.ts';
import {
  applyQuestionsForm,
  currencyOf,
  feesReferencing,
  formFieldOfRefusal,
  newQuestionRow,
  nextQuestionId,
  otherFeesOf,
  ownFeeOf,
  pricingFeesOf,
  questionsFormValues,
  questionsOf,
  type DocumentFee,
  type FieldProblem,
  type QuestionsFormValues,
} from './questions-form.ts';
import { RemoveQuestionDialog } from './RemoveQuestionDialog.tsx';

const TITLE = 'Property questions';

/** /console/{key}/property-questions (owner and admin): the questions visitors answer about the property, their choices and what they add to the price. */
export default function PropertyQuestionsPage() {
  return (
    <ConfigurationEditorPage title={TITLE} loadingLabel="Loading the property questions…">
      {(companyKey, configuration) => <QuestionsEditor companyKey={companyKey} configuration={configuration} />}
    </ConfigurationEditorPage>
  );
}

function currencySymbolOf(currency: string): string {
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? currency
    );
  } catch {
    return currency;
  }
}

/** Built once the document is here, so that the form's first render already holds the loaded values. */
function QuestionsEditor({ companyKey, configuration }: { companyKey: string; configuration: ConfigurationResponse }) {
  const { save, outcome, setOutcome, loadNewest } = useConfigurationEditor(companyKey);
  const { document, version } = configuration;
  const loaded = useMemo(() => questionsFormValues(document), [document]);
  const loadedById = useMemo(() => new Map(questionsOf(document).map((q) => [q.id, q])), [document]);
  const fees = useMemo(() => pricingFeesOf(document), [document]);
  const currency = currencyOf(document);
  const form = useForm<QuestionsFormValues>({ defaultValues: loaded });
  const rows = useFieldArray({ control: form.control, name: 'questions' });
  const watched = useWatch({ control: form.control, name: 'questions' });
  const removedFees = useWatch({ control: form.control, name: 'removedFees' });
  const [selected, setSelected] = useState(0);
  const [removing, setRemoving] = useState<{ label: string; fees: DocumentFee[] } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // A field to focus once the question holding it is shown (a problem's, a new question's label), or the editor's heading.
  const [pendingFocus, setPendingFocus] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Which form row each written entry of `property_controls` came from, to put a refusal at its field.
  const sentRows = useRef<number[]>([]);

  // A newly loaded version (after a save, or "Load their version") is the form's new start.
  useEffect(() => {
    form.reset(loaded);
    setSelected((index) => Math.min(index, Math.max(0, loaded.questions.length - 1)));
  }, [form, loaded]);

  useEffect(() => {
    if (pendingFocus === null) return;
    if (pendingFocus === 'heading') headingRef.current?.focus();
    else form.setFocus(pendingFocus as FieldPath<QuestionsFormValues>);
    setPendingFocus(null);
  }, [form, pendingFocus]);

  const count = rows.fields.length;
  const index = Math.min(selected, count - 1);
  // Just after an append or a removal the watched list may be a render behind the rows.
  const row = index >= 0 ? (watched[index] ?? form.getValues(`questions.${index}`)) : undefined;
  const liveFees = fees.filter((fee) => !removedFees.includes(fee.code));
  const loadedRow = row ? loadedById.get(row.questionId) : undefined;

  const showProblems = (problems: readonly FieldProblem[]) => {
    for (const problem of problems)
      form.setError(problem.field as FieldPath<QuestionsFormValues>, { message: problem.message });
    const first = /^questions\.(\d+)\./.exec(problems[0]?.field ?? '');
    if (first) {
      setSelected(Number(first[1]));
      setPendingFocus(problems[0]!.field);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    form.clearErrors();
    const values = form.getValues();
    const result = applyQuestionsForm(document, values);
    if (!result.ok) return showProblems(result.problems);
    sentRows.current = result.rowsOfEntries;
    save.mutate(
      { base_version: version.version, document: result.document },
      {
        onSuccess: (result) => {
          setOutcome(result);
          if (result.status === 'saved') setAnnouncement('');
        },
        onError: (error) => {
          // The server names the refused field by its path in the document: the page shows it at its own field too.
          const refused = refusedField(error);
          const field = refused && formFieldOfRefusal(refused.path, sentRows.current, values);
          if (refused && field) showProblems([{ field, message: refused.message }]);
        },
      },
    );
  };

  const add = () => {
    const id = nextQuestionId(document, form.getValues('questions'));
    rows.append(newQuestionRow(id), { shouldFocus: false });
    setSelected(count);
    setPendingFocus(`questions.${count}.label`);
  };

  const move = (to: number) => {
    rows.move(index, to);
    setSelected(to);
  };

  const removeNow = (codes: readonly string[]) => {
    const label = form.getValues(`questions.${index}.label`).trim() || 'The new question';
    rows.remove(index);
    if (codes.length > 0)
      form.setValue('removedFees', [...form.getValues('removedFees'), ...codes], { shouldDirty: true });
    setSelected(Math.max(0, Math.min(index, count - 2)));
    setRemoving(null);
    setAnnouncement(
      codes.length > 0
        ? `“${label}” and its fees removed. Save to make it so.`
        : `“${label}” removed. Save to make it so.`,
    );
    setPendingFocus('heading');
  };

  const requestRemove = () => {
    if (!row) return;
    const remaining = form.getValues('questions').filter((_, i) => i !== index);
    const referencing = loadedRow ? feesReferencing(liveFees, loadedRow, remaining) : [];
    if (referencing.length === 0) removeNow([]);
    else setRemoving({ label: row.label.trim() || loadedRow!.label, fees: referencing });
  };

  const rootProblem = form.formState.errors.root?.message;
  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        The questions visitors answer about the property on the booking form, in this order, and what their answers add
        to the price. You are editing version {version.version}; every save is a new version you can undo from History.
      </Typography>
      <SaveOutcome
        outcome={outcome}
        error={save.error}
        savedText={(saved) => `Saved as version ${saved}. Visitors see the new questions now.`}
        onReload={loadNewest}
      />
      <Box role="status" sx={{ mb: announcement ? 2 : 0 }}>
        {announcement && <Typography>{announcement}</Typography>}
      </Box>
      <Box component="form" noValidate aria-label={TITLE} onSubmit={submit}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' },
            alignItems: 'start',
            mb: 2,
          }}
        >
          <Paper variant="outlined" component="nav" aria-label="Questions" sx={{ minWidth: 0 }}>
            <List dense>
              {rows.fields.map((field, i) => {
                const item = watched[i];
                const invalid = form.getFieldState(`questions.${i}`, form.formState).invalid;
                return (
                  <ListItem key={field.id} disablePadding>
                    <ListItemButton
                      selected={i === index}
                      aria-current={i === index ? 'true' : undefined}
                      onClick={() => setSelected(i)}
                    >
                      <ListItemText
                        primary={`${i + 1}. ${item?.label.trim() || 'New question'}`}
                        secondary={`${item ? QUESTION_TYPES[item.type].name : ''}${invalid ? ' · needs a look' : ''}`}
                        slotProps={{
                          primary: { sx: { overflowWrap: 'anywhere' } },
                          secondary: { sx: invalid ? { color: 'error.main' } : undefined },
                        }}
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
            <Box sx={{ p: 1.5, pt: count > 0 ? 0 : 1.5 }}>
              <Button type="button" variant="outlined" fullWidth onClick={add}>
                Add a question
              </Button>
            </Box>
          </Paper>
          {row ? (
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="question-heading"
              sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}
            >
              <Typography
                component="h2"
                variant="h2"
                id="question-heading"
                ref={headingRef}
                tabIndex={-1}
                sx={{ mb: 1, overflowWrap: 'anywhere' }}
              >
                {row.label.trim() || 'New question'}
              </Typography>
              <QuestionEditor
                key={rows.fields[index]!.id}
                form={form}
                index={index}
                count={count}
                loaded={loadedRow}
                otherFees={otherFeesOf(
                  liveFees,
                  { id: row.questionId, type: row.type },
                  loadedRow ? ownFeeOf(liveFees, loadedRow) : undefined,
                )}
                currency={currency}
                currencySymbol={currencySymbolOf(currency)}
                onMove={move}
                onRemove={requestRemove}
              />
            </Paper>
          ) : (
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="question-heading"
              sx={{ p: { xs: 2, sm: 2.5 } }}
            >
              <Typography
                component="h2"
                variant="h2"
                id="question-heading"
                ref={headingRef}
                tabIndex={-1}
                sx={{ mb: 1 }}
              >
                No questions yet
              </Typography>
              <Typography>Add a question to ask visitors about the property.</Typography>
            </Paper>
          )}
        </Box>
        {rootProblem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {rootProblem}
          </Alert>
        )}
        <SaveBar
          saving={save.isPending}
          dirty={form.formState.isDirty}
          onDiscard={() => {
            form.reset(loaded);
            setSelected((i) => Math.min(i, Math.max(0, loaded.questions.length - 1)));
            setAnnouncement('');
          }}
        />
      </Box>
      {removing && (
        <RemoveQuestionDialog
          question={removing.label}
          fees={removing.fees}
          onCancel={() => setRemoving(null)}
          onConfirm={() => removeNow(removing.fees.map((fee) => fee.code))}
        />
      )}
    </>
  );
}
