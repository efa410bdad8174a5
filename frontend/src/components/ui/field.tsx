/** Shared form styles (the optimize form has the same look). */
export const inputClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none ' +
  'aria-invalid:border-red-500 aria-invalid:ring-red-500/20 sm:text-sm';

export const labelClasses = 'block text-sm font-semibold text-slate-900';
export const hintClasses = 'mt-1.5 text-sm text-slate-500';
export const fieldErrorClasses = 'mt-1.5 text-sm font-medium text-red-700';
