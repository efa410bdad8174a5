// What was typed or chosen on the page drawn at build time when the app then renders afresh
// instead of hydrating it (on "/" with a query such as ?package=premium, the markup would
// not match): createRoot replaces those fields, so their text (by name) and the radio
// buttons chosen (name → value) are kept here until the new fields take them (keepEarlyInput).
const typedBeforeRender = new Map<string, string>();
const chosenBeforeRender = new Map<string, string>();

/**
 * Remembers what was typed into the named fields under `container` and which radio buttons
 * were chosen, just before the app replaces its markup; keepEarlyInput hands them to the
 * fields of the same names.
 */
export function rememberEarlyInput(container: ParentNode): void {
  for (const field of textFields(container)) {
    if (field.name !== '' && field.value !== field.defaultValue && field.value.trim() !== '') {
      typedBeforeRender.set(field.name, field.value);
    }
  }
  for (const radio of radios(container)) {
    if (radio.name !== '' && radio.checked && !radio.defaultChecked) chosenBeforeRender.set(radio.name, radio.value);
  }
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
  for (const radio of radios(root)) {
    const kept = chosenBeforeRender.get(radio.name) === radio.value;
    if (kept) chosenBeforeRender.delete(radio.name);
    const chosen = kept || (radio.checked && !radio.defaultChecked);
    if (!chosen || radio.disabled) continue;
    radio.checked = false; // through React's tracker, so that the click below is a change
    radio.click();
  }
}
