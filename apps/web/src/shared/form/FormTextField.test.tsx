import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@scheduler/ui/api-error';
import { FormTextField } from './FormTextField.tsx';
import { applyServerFieldError, isFieldError } from './server-errors.ts';
import { useStepForm } from './use-step-form.ts';

const schema = z.object({
  first: z.string().trim().min(1, 'Required'),
  email: z
    .string()
    .trim()
    .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/i, 'Enter an e-mail address like name@example.com'),
});
type Values = z.output<typeof schema>;

/** A two-field form built the way every step builds one. */
function ContactForm({ onValid, serverError }: { onValid: (values: Values) => void; serverError?: unknown }) {
  const form = useStepForm(schema, { first: '', email: '' });
  const submit = form.handleSubmit((values) => {
    if (serverError && applyServerFieldError(serverError, ['first', 'email'], form.setError)) return;
    onValid(values);
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormTextField control={form.control} name="first" label="First name" autoComplete="given-name" required />
      <FormTextField
        control={form.control}
        name="email"
        label="E-mail"
        autoComplete="email"
        inputMode="email"
        hint="We send the confirmation here"
      />
      <button type="submit">Save</button>
    </form>
  );
}

const input = (name: RegExp) => screen.getByRole('textbox', { name });

describe('the shared text field', () => {
  it("checks a field when the visitor leaves it, tying the schema's message to the input", async () => {
    const user = userEvent.setup();
    render(<ContactForm onValid={vi.fn()} />);
    expect(input(/First name/).getAttribute('aria-invalid')).toBe('false');
    await user.click(input(/First name/));
    await user.tab();
    const message = await screen.findByText('Required');
    expect(input(/First name/).getAttribute('aria-invalid')).toBe('true');
    expect(input(/First name/).getAttribute('aria-describedby')).toBe(message.id);
    expect(input(/First name/).getAttribute('autocomplete')).toBe('given-name');
  });

  it('shows a hint until there is an error, described by the same helper', async () => {
    const user = userEvent.setup();
    render(<ContactForm onValid={vi.fn()} />);
    const hint = screen.getByText('We send the confirmation here');
    expect(input(/E-mail/).getAttribute('aria-describedby')).toBe(hint.id);
    await user.type(input(/E-mail/), 'not-an-address');
    await user.tab();
    await screen.findByText('Enter an e-mail address like name@example.com');
    expect(screen.queryByText('We send the confirmation here')).toBeNull();
  });

  it('on submit checks every field and focuses the first that fails', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<ContactForm onValid={onValid} />);
    await user.type(input(/E-mail/), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Required');
    expect(document.activeElement).toBe(input(/First name/));
    expect(onValid).not.toHaveBeenCalled();
  });

  it('clears the error as soon as the value is fixed', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<ContactForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Required');
    await user.type(input(/First name/), 'Ann');
    expect(screen.queryByText('Required')).toBeNull();
    await user.type(input(/E-mail/), 'ann@example.com{Enter}');
    expect(onValid).toHaveBeenCalledWith({ first: 'Ann', email: 'ann@example.com' });
  });
});

describe("mapping the server's error.field onto the form", () => {
  it('shows the refusal on the named field and focuses it', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(
      <ContactForm
        onValid={onValid}
        serverError={new ApiError(400, 'invalid_email', 'That address cannot receive mail.', 'email')}
      />,
    );
    await user.type(input(/First name/), 'Ann');
    await user.type(input(/E-mail/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('That address cannot receive mail.');
    expect(input(/E-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input(/E-mail/));
    expect(onValid).not.toHaveBeenCalled();
  });

  it('leaves errors that name no field of the form to the caller', () => {
    const setError = vi.fn();
    expect(applyServerFieldError(new ApiError(400, 'invalid', 'Bad', 'other'), ['first'], setError)).toBe(false);
    expect(applyServerFieldError(new ApiError(500, 'internal_error', 'Oops'), ['first'], setError)).toBe(false);
    expect(applyServerFieldError(new Error('network'), ['first'], setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
    expect(isFieldError(new ApiError(400, 'invalid', 'Bad', 'first'), ['first'])).toBe(true);
    expect(isFieldError(new ApiError(400, 'invalid', 'Bad', 'other'), ['first'])).toBe(false);
  });
});
