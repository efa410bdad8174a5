// Text typed into the page drawn at build time when the app then renders afresh instead of
// hydrating it (on "/" with a query such as ?package=premium, the markup would not match):
// createRoot replaces those fields, so their text is kept here by name until the new
// fields take it (keepEarlyInput).
const typedBeforeRender = new Map<string, string>();

/**
 * Remembers the text typed into the named text fields under `container`, just before the
 * app replaces its markup; keepEarlyInput hands it to the fields of the same names.
 */
export function rememberEarlyInput(container: ParentNode): void {
  for (const field of textFields(container)) {
    if (field.name !== '' && field.value !== field.defaultValue && field.value.trim() !== '') {
      typedBeforeRender.set(field.name, field.value);
    }
  }
}

function textFields(root: ParentNode): (HTMLInputElement | HTMLTextAreaElement)[] {
  return [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].filter(
    (field) => !(field instanceof HTMLInputElement && ['checkbox', 'radio', 'submit', 'button', 'file', 'hidden'].includes(field.type)),
  );
}

/**
 * Hands React what a visitor typed into the prerendered page before it was hydrated.
 * Hydration keeps such text in the field but not in React's state, so the next render
 * of a controlled field would erase it. For each text field under `root` whose value
 * differs from the value React rendered (its defaultValue), this fires the input event
 * React listens for; React's value tracker is first pointed at the rendered value so
 * that it sees a change. A field React rendered itself holds its rendered value: untouched,
 * unless rememberEarlyInput kept text typed into the field of its name that it replaced.
 */
export function keepEarlyInput(root: HTMLElement | null): void {
  if (!root) return;
  for (const field of textFields(root)) {
    const kept = typedBeforeRender.get(field.name);
    typedBeforeRender.delete(field.name);
    const typed = kept !== undefined && field.value === field.defaultValue ? kept : field.value;
    if (typed === field.defaultValue) continue;
    const proto = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    const native = Object.getOwnPropertyDescriptor(proto, 'value');
    if (!native?.set) continue;
    field.value = field.defaultValue; // through React's tracker
    native.set.call(field, typed); // past it
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
