/**
 * Hands React what a visitor typed into the prerendered page before it was hydrated.
 * Hydration keeps such text in the field but not in React's state, so the next render
 * of a controlled field would erase it. For each text field under `root` whose value
 * differs from the value React rendered (its defaultValue), this fires the input event
 * React listens for; React's value tracker is first pointed at the rendered value so
 * that it sees a change. A field React rendered itself holds its rendered value: untouched.
 */
export function keepEarlyInput(root: HTMLElement | null): void {
  if (!root) return;
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && ['checkbox', 'radio', 'submit', 'button', 'file'].includes(field.type)) continue;
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    const proto = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    const native = Object.getOwnPropertyDescriptor(proto, 'value');
    if (!native?.set) continue;
    field.value = field.defaultValue; // through React's tracker
    native.set.call(field, typed); // past it
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
