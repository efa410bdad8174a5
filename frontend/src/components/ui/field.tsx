import { type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The look of every text box (sign-up, login, the optimize form); a read-only one is greyed. */
export const inputClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none ' +
  'read-only:bg-slate-50 read-only:text-slate-600 aria-invalid:border-red-500 aria-invalid:ring-red-500/20 sm:text-sm';

/** A field's label, and a fieldset's legend drawn the same way. */
export const labelClasses = 'block text-sm font-semibold text-slate-900';
const hintClasses = 'mt-1.5 text-sm text-slate-500';
const errorClasses = 'mt-1.5 text-sm font-medium text-red-700';

/** The id of a field's hint, for another control that the same hint describes. */
export const hintIdOf = (fieldId: string) => `${fieldId}-hint`;

/** What a field hands its control: the id its label names, and how assistive tech describes it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The ids of the field's own texts, present only while the text is shown. */
export interface FieldOwnIds {
  error: string | undefined;
  hint: string | undefined;
}

export interface FieldProps {
  /** The control's id; the field's error and hint take `${id}-error` and `${id}-hint`. */
  id: string;
  label: ReactNode;
  /** Says "Optional" beside the label. */
  optional?: boolean;
  /** Help under the control, under the error when there is one. */
  hint?: ReactNode;
  /** The field's own error, under the control; it also marks the control invalid. */
  error?: ReactNode;
  /** Marks the control invalid without a message of its own (the form's alert says why). */
  invalid?: boolean;
  /**
   * The ids that describe the control, in the order a screen reader reads them, given the
   * field's own. Default: the error, then the hint. A caller that draws more description
   * (a strength meter, the listing's read status) places its ids here.
   */
  describedBy?: (own: FieldOwnIds) => readonly (string | false | null | undefined)[];
  /** Drawn between the error and the hint (the password strength meter). */
  beforeHint?: ReactNode;
  /** Drawn after the hint (the listing's read status, "Forgot your password?"). */
  after?: ReactNode;
  /** The control, given its id and aria attributes to spread. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with its error and hint: the one field shape of the auth and
 * optimize forms. The label names the control by id, the error and hint describe it
 * (aria-describedby), and an error or `invalid` sets aria-invalid.
 */
export function Field({ id, label, optional = false, hint, error, invalid = false, describedBy, beforeHint, after, children }: FieldProps) {
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const hasHint = hint !== undefined && hint !== null && hint !== false && hint !== '';
  const own: FieldOwnIds = { error: hasError ? `${id}-error` : undefined, hint: hasHint ? hintIdOf(id) : undefined };
  const described = (describedBy ? describedBy(own) : [own.error, own.hint]).filter(Boolean).join(' ');
  const labelElement = (
    <label htmlFor={id} className={labelClasses}>
      {label}
    </label>
  );
  return (
    <div>
      {optional ? (
        <div className="flex items-baseline justify-between gap-2">
          {labelElement}
          <span className="text-xs font-medium text-slate-500">Optional</span>
        </div>
      ) : (
        labelElement
      )}
      <div className="mt-2">
        {children({ id, 'aria-invalid': hasError || invalid ? true : undefined, 'aria-describedby': described || undefined })}
      </div>
      {hasError && (
        <p id={own.error} className={errorClasses}>
          {error}
        </p>
      )}
      {beforeHint}
      {hasHint && (
        <p id={own.hint} className={hintClasses}>
          {hint}
        </p>
      )}
      {after}
    </div>
  );
}

/** A text box in the shared look. */
export function TextInput({ className, ...props }: ComponentProps<'input'>) {
  return <input {...props} className={cn(inputClasses, className)} />;
}

/** An e-mail box (name "email"), which browsers fill with the host's saved address. */
export function EmailInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return <TextInput name="email" type="email" autoComplete="email" {...props} />;
}

/** A multi-line text box in the shared look. */
export function TextArea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea {...props} className={cn(inputClasses, className)} />;
}
