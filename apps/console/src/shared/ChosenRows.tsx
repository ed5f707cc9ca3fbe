import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  Controller,
  useFieldArray,
  useWatch,
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';

/** One thing of the catalogue a row can be for: its key in the document (a service's uuid, a package's id as text) and its name. */
export interface RowChoice {
  value: string;
  name: string;
}

/** The words of the rows, for services or for packages. */
export interface ChosenRowsWords {
  /** The chooser's label: "Service". */
  label: string;
  /** Under the chooser. */
  help: string;
  /** A row's heading before a choice: "A service". */
  unchosen: string;
  /** A row whose thing the catalogue no longer has: "A service no longer offered". */
  gone: string;
  /** "Add rules for a service". */
  add: string;
  /** "Remove the rules for Radon Test". */
  remove: (name: string) => string;
  /** For a row with no known thing: "Remove these rules". */
  removeUnnamed: string;
}

/**
 * Things of the catalogue with settings of their own (a service's booking-change rules, a
 * package's payment at booking): one row a thing, a thing at most once, each row a region named
 * by its thing; add, change, remove. `renderRow` draws the row's own settings.
 */
export function ChosenRows<T extends FieldValues>({
  control,
  name,
  keyField,
  choices,
  words,
  emptyRow,
  renderRow,
}: {
  control: Control<T>;
  name: ArrayPath<T>;
  /** The row's field that holds its thing ("service"). */
  keyField: string;
  choices: readonly RowChoice[];
  words: ChosenRowsWords;
  emptyRow: FieldArray<T, ArrayPath<T>>;
  renderRow: (index: number) => ReactNode;
}) {
  const rows = useFieldArray({ control, name });
  const chosen = (useWatch({ control, name: name as FieldPath<T> }) ?? []) as Array<Record<string, unknown>>;
  const keyOf = (index: number) => {
    const value = chosen[index]?.[keyField];
    return typeof value === 'string' ? value : '';
  };
  const nameOf = (value: string) =>
    choices.find((choice) => choice.value === value)?.name ?? (value === '' ? words.unchosen : words.gone);
  const used = new Set(chosen.map((_, index) => keyOf(index)));
  return (
    <>
      {rows.fields.map((row, index) => {
        const headingId = `chosen-row-${row.id}`;
        const own = keyOf(index);
        const known = choices.some((choice) => choice.value === own);
        return (
          <Paper
            key={row.id}
            component="section"
            variant="outlined"
            aria-labelledby={headingId}
            sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
          >
            <Typography component="h3" variant="h3" id={headingId} sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
              {nameOf(own)}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2.5 }}>
              <Controller
                control={control}
                name={`${name}.${index}.${keyField}` as FieldPath<T>}
                render={({ field, fieldState }) => {
                  // The thing of this row stays on offer; one another row has is not (a thing has one set of settings).
                  // The field's own value, not the watched list: right after a row above is removed, that list is a render behind.
                  const options = choices.filter((choice) => choice.value === field.value || !used.has(choice.value));
                  return (
                    <TextField
                      select
                      label={words.label}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      error={fieldState.error !== undefined}
                      helperText={fieldState.error?.message ?? words.help}
                      fullWidth
                    >
                      {own !== '' && !known && <MenuItem value={own}>{words.gone}</MenuItem>}
                      {options.map((choice) => (
                        <MenuItem key={choice.value} value={choice.value}>
                          {choice.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  );
                }}
              />
              {renderRow(index)}
              <Box>
                <Button type="button" color="error" onClick={() => rows.remove(index)}>
                  {known ? words.remove(nameOf(own)) : words.removeUnnamed}
                </Button>
              </Box>
            </Box>
          </Paper>
        );
      })}
      <Box>
        <Button
          type="button"
          variant="outlined"
          disabled={rows.fields.length >= choices.length}
          onClick={() => rows.append(structuredClone(emptyRow))}
        >
          {words.add}
        </Button>
      </Box>
    </>
  );
}
