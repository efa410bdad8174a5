import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, TextInput, type FieldProps } from './field';

interface Case {
  name: string;
  props: Omit<FieldProps, 'id' | 'label' | 'children'>;
  description: string;
  invalid: boolean;
}

const cases: Case[] = [
  { name: 'a bare field', props: {}, description: '', invalid: false },
  { name: 'a hint describes the box', props: { hint: 'Where we send your report.' }, description: 'Where we send your report.', invalid: false },
  {
    name: 'an error is read before the hint and marks the box invalid',
    props: { hint: 'Use 8 characters or more.', error: 'Too short.' },
    description: 'Too short. Use 8 characters or more.',
    invalid: true,
  },
  { name: 'invalid without a message of its own', props: { invalid: true, hint: 'The public link.' }, description: 'The public link.', invalid: true },
  {
    name: 'the caller orders its own descriptions around the hint',
    props: { hint: 'The public link.', describedBy: (own) => [own.hint, 'status', own.error] },
    description: 'The public link. Reading your listing…',
    invalid: false,
  },
];

describe('Field', () => {
  it.each(cases)('$name', ({ props, description, invalid }) => {
    render(
      <>
        <Field id="f" label="Email" {...props}>
          {(control) => <TextInput {...control} />}
        </Field>
        <p id="status">Reading your listing…</p>
      </>,
    );
    const box = screen.getByLabelText('Email');
    expect(box).toHaveAccessibleDescription(description);
    if (invalid) expect(box).toHaveAttribute('aria-invalid', 'true');
    else expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('says "Optional" beside the label without changing the control\'s name', () => {
    render(
      <Field id="t" label="Listing title" optional>
        {(control) => <TextInput {...control} />}
      </Field>,
    );
    expect(screen.getByText('Optional')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Listing title' })).toBeInTheDocument();
  });
});
