import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { visuallyHidden } from '@scheduler/ui/visually-hidden';
import {
  COLUMNS,
  exportCsv,
  fileSizeProblem,
  HEADINGS,
  importSummary,
  MAX_IMPORT_ROWS,
  previewImport,
  type ImportContext,
  type ImportPreview,
} from './csv-import.ts';
import type { PeopleFormValues, PersonList } from './people-form.ts';
import { saveFile } from '../../../shared/save-file.ts';

/** A preview lists this many people of each kind; the counts say how many there are in all. */
const MAX_PREVIEW_LINES = 20;

/** A CSV the spreadsheet programs open as UTF-8 (the export starts with a byte-order mark). */
const download = (fileName: string, text: string) => saveFile(fileName, text, 'text/csv;charset=utf-8');

function Lines({ label, items, more }: { label: string; items: string[]; more: number }) {
  if (items.length === 0) return null;
  return (
    <Box>
      <Typography component="h4" variant="subtitle2">
        {label}
      </Typography>
      <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5, '& li': { overflowWrap: 'anywhere' } }}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
        {more > 0 && <li>…and {more.toLocaleString('en-US')} more.</li>}
      </Box>
    </Box>
  );
}

function PreviewDetails({ preview }: { preview: ImportPreview }) {
  const first = <T,>(items: T[]) => items.slice(0, MAX_PREVIEW_LINES);
  const rest = (items: unknown[]) => Math.max(0, items.length - MAX_PREVIEW_LINES);
  return (
    <>
      {preview.newContactTypes.length > 0 && (
        <Typography>New contact types: {preview.newContactTypes.join(', ')}.</Typography>
      )}
      {preview.ignoredColumns.length > 0 && (
        <Typography>Columns not read: {preview.ignoredColumns.join(', ')}.</Typography>
      )}
      <Lines
        label="Rows refused"
        items={first(preview.refused).map((row) => `Line ${row.line}: ${row.reason}`)}
        more={rest(preview.refused)}
      />
      <Lines
        label="New"
        items={first(preview.added).map((row) => `Line ${row.line}: ${row.name}`)}
        more={rest(preview.added)}
      />
      <Lines
        label="Updated"
        items={first(preview.updated).map((row) => `Line ${row.line}: ${row.name} (${row.fields.join(', ')})`)}
        more={rest(preview.updated)}
      />
    </>
  );
}

type Shown =
  { fileName: string; text: string; list: PersonList; preview: ImportPreview } | { fileName: string; problem: string };

/**
 * Import a CSV of agents or contacts, seen first as a preview of what it changes; and the
 * directory downloaded as CSV in the same columns. A confirmed import changes the form only:
 * the page's Save saves it as one version.
 */
export function SpreadsheetSection({
  form,
  context,
  companyKey,
}: {
  form: UseFormReturn<PeopleFormValues>;
  context: ImportContext;
  companyKey: string;
}) {
  const [list, setList] = useState<PersonList>('agents');
  const [shown, setShown] = useState<Shown | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const fileInput = useRef<HTMLInputElement | null>(null);
  const listLabel = useId();
  const previewHeading = useId();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again (after correcting it) is a new choice.
    event.target.value = '';
    if (!file) return;
    setAnnouncement('');
    const tooBig = fileSizeProblem(file.size);
    if (tooBig) return setShown({ fileName: file.name, problem: tooBig });
    const text = await file.text();
    const result = previewImport(text, list, form.getValues(), context);
    setShown(
      result.ok
        ? { fileName: file.name, text, list, preview: result.preview }
        : { fileName: file.name, problem: result.message },
    );
  };

  const confirm = () => {
    if (!shown || !('preview' in shown)) return;
    // Read again against the form as it is now, so an edit made while the preview was open is kept.
    const result = previewImport(shown.text, shown.list, form.getValues(), context);
    if (!result.ok) return setShown({ fileName: shown.fileName, problem: result.message });
    const { values, added, updated } = result.preview;
    form.clearErrors([shown.list, 'contact_types']);
    form.setValue(shown.list, values[shown.list] as PeopleFormValues[PersonList], { shouldDirty: true });
    if (shown.list === 'contacts') form.setValue('contact_types', values.contact_types, { shouldDirty: true });
    setShown(null);
    setAnnouncement(
      `${added.length.toLocaleString('en-US')} new and ${updated.length.toLocaleString('en-US')} updated ${shown.list} are in the directory. Save the changes to keep them.`,
    );
    fileInput.current?.focus();
  };

  const changes = shown && 'preview' in shown ? shown.preview.added.length + shown.preview.updated.length : 0;
  const columns = COLUMNS[list].map((column) => HEADINGS[column]).join(', ');
  return (
    <>
      <Box>
        <FormLabel id={listLabel}>The file holds</FormLabel>
        <RadioGroup
          row
          aria-labelledby={listLabel}
          value={list}
          onChange={(event) => {
            setList(event.target.value as PersonList);
            setShown(null);
          }}
        >
          <FormControlLabel value="agents" control={<Radio />} label="Agents" />
          <FormControlLabel value="contacts" control={<Radio />} label="Contacts" />
        </RadioGroup>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        A spreadsheet saved as CSV, its first line naming the columns: {columns}. Other spellings, like
        &quot;First&quot;, &quot;Email&quot; or &quot;Mobile&quot;, are read too; the {context.stateLabel.toLowerCase()}{' '}
        may be its abbreviation or its name. A person already in the directory is found by e-mail address (capitals
        don&apos;t matter) and updated; a column the file leaves out is kept as it is.
        {list === 'contacts' && ' A type the directory does not have yet is added.'} At most{' '}
        {MAX_IMPORT_ROWS.toLocaleString('en-US')} rows and 2 MB a file.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {/* The file input itself takes the focus (a label is no button to the keyboard); the button shows it. */}
        <Button
          component="label"
          variant="outlined"
          role={undefined}
          tabIndex={-1}
          sx={{ '&:has(input:focus-visible)': { outline: '2px solid', outlineOffset: 2 } }}
        >
          Choose a CSV file of {list}
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            style={visuallyHidden}
            onChange={(event) => void choose(event)}
          />
        </Button>
        <Button
          type="button"
          onClick={() => download(`${companyKey}-agents.csv`, exportCsv('agents', form.getValues(), context.states))}
        >
          Download agents (CSV)
        </Button>
        <Button
          type="button"
          onClick={() =>
            download(`${companyKey}-contacts.csv`, exportCsv('contacts', form.getValues(), context.states))
          }
        >
          Download contacts (CSV)
        </Button>
      </Box>
      {shown && 'problem' in shown && (
        <Alert severity="error">
          {shown.fileName}: {shown.problem}
        </Alert>
      )}
      {shown && 'preview' in shown && (
        <Box
          component="section"
          aria-labelledby={previewHeading}
          sx={{ display: 'grid', gap: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minWidth: 0 }}
        >
          <Typography component="h3" variant="h3" id={previewHeading}>
            What the import changes
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {shown.fileName}: {importSummary(shown.preview)}
          </Typography>
          <PreviewDetails preview={shown.preview} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {changes === 0
              ? 'There is nothing to change.'
              : 'Nothing changes until you put these changes in the directory, and nothing is saved until you save.'}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button type="button" variant="contained" disabled={changes === 0} onClick={confirm}>
              Put these changes in the directory
            </Button>
            <Button type="button" onClick={() => setShown(null)}>
              Cancel
            </Button>
          </Box>
        </Box>
      )}
      <Box role="status" sx={{ minHeight: '1.5em', color: 'text.secondary' }}>
        {announcement}
      </Box>
    </>
  );
}
