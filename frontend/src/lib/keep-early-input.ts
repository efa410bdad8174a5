// What was typed or chosen on the page drawn at build time when the app then renders afresh
// instead of hydrating it (on "/" with a query such as ?package=premium, the markup would
// not match): createRoot replaces those fields, so the fields themselves are kept here (by
// name) and read when the new fields take their text and choices (keepEarlyInput). They are
// read then, not when the app starts: a visitor (or a test) may still type into the old
// field after the app has started and before its fresh render replaces it, and a field
// taken off the page keeps what was typed into it.
const fieldsBeforeRender = new Map<string, HTMLInputElement | HTMLTextAreaElement>();
const radiosBeforeRender: HTMLInputElement[] = [];

/**
 * Keeps the named fields under `container` and its radio buttons, just before the app
 * replaces its markup; keepEarlyInput hands what they hold to the fields of the same names.
 */
export function rememberEarlyInput(container: ParentNode): void {
  for (const field of textFields(container)) {
    if (field.name !== '') fieldsBeforeRender.set(field.name, field);
  }
  for (const radio of radios(container)) {
    if (radio.name !== '') radiosBeforeRender.push(radio);
  }
}

/** What was typed into the kept field named `name`, if anything; it is handed over once. */
function typedBefore(name: string): string | undefined {
  const field = fieldsBeforeRender.get(name);
  fieldsBeforeRender.delete(name);
  if (!field || field.value === field.defaultValue || field.value.trim() === '') return undefined;
  return field.value;
}

/** Whether `radio`'s value was chosen, against what was drawn, on the kept radio of its name. */
function chosenBefore(radio: HTMLInputElement): boolean {
  const i = radiosBeforeRender.findIndex((r) => r.name === radio.name && r.value === radio.value && r !== radio);
  if (i < 0) return false;
  const [kept] = radiosBeforeRender.splice(i, 1);
  return kept !== undefined && kept.checked && !kept.defaultChecked;
}

function textFields(root: ParentNode): (HTMLInputElement | HTMLTextAreaElement)[] {
  return [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].filter(
    (field) => !(field instanceof HTMLInputElement && ['checkbox', 'radio', 'submit', 'button', 'file', 'hidden'].includes(field.type)),
  );
}

function radios(root: ParentNode): HTMLInputElement[] {
  return [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
}

/**
 * Hands React what a visitor typed or chose on the prerendered page before it was hydrated.
 * Hydration keeps such text in the field (and a radio button's choice) but not in React's
 * state, so the next render of a controlled field would erase it. For each text field under
 * `root` whose value differs from the value React rendered (its defaultValue), this fires the
 * input event React listens for; React's value tracker is first pointed at the rendered value
 * so that it sees a change. A radio button chosen against what React rendered is clicked
 * again, from unchosen, so that React sees the choice. A field React rendered itself holds
 * what it rendered: untouched, unless rememberEarlyInput kept what was typed into (or chosen
 * on) the field of its name that it replaced.
 */
export function keepEarlyInput(root: HTMLElement | null): void {
  if (!root) return;
  for (const field of textFields(root)) {
    const kept = typedBefore(field.name);
    const typed = kept !== undefined && field.value === field.defaultValue ? kept : field.value;
    if (typed === field.defaultValue) continue;
    const proto = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    const native = Object.getOwnPropertyDescriptor(proto, 'value');
    if (!native?.set) continue;
    field.value = field.defaultValue; // through React's tracker
    native.set.call(field, typed); // past it
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const radio of radios(root)) {
    const kept = chosenBefore(radio);
    const chosen = kept || (radio.checked && !radio.defaultChecked);
    if (!chosen || radio.disabled) continue;
    radio.checked = false; // through React's tracker, so that the click below is a change
    radio.click();
  }
}
