import { act, type ReactElement, useEffect, useRef, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { keepEarlyInput, rememberEarlyInput } from './keep-early-input';

function Form() {
  const [url, setUrl] = useState('');
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    keepEarlyInput(ref.current);
  }, []);
  return (
    <form ref={ref}>
      <input
        aria-label="url"
        name="listingUrl"
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
        }}
      />
      <output>{url === '' ? 'empty' : url}</output>
    </form>
  );
}

function PlanForm() {
  const [plan, setPlan] = useState('basic');
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    keepEarlyInput(ref.current);
  }, []);
  return (
    <form ref={ref}>
      {['basic', 'premium'].map((value) => (
        <input
          key={value}
          type="radio"
          aria-label={value}
          name="plan"
          value={value}
          checked={plan === value}
          onChange={() => {
            setPlan(value);
          }}
        />
      ))}
      <output>{plan}</output>
    </form>
  );
}

/** The page as the build draws it, in the document, before the app runs. */
function drawn(page: ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  return container;
}

/**
 * Runs the app on the drawn page as main.tsx does: hydrating it, or rendering afresh over it
 * (on "/?package=…"), what was typed remembered first.
 */
async function start(container: HTMLElement, page: ReactElement, how: 'hydrate' | 'render') {
  if (how === 'render') rememberEarlyInput(container);
  await act(async () => {
    if (how === 'hydrate') hydrateRoot(container, page);
    else createRoot(container).render(page);
    await Promise.resolve();
  });
}

function field(container: HTMLElement, selector: string): HTMLInputElement {
  const found = container.querySelector<HTMLInputElement>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
}

afterEach(() => {
  document.body.replaceChildren();
});

it.each(['hydrate', 'render'] as const)('hands React the text typed into the drawn page before the app ran (%s)', async (how) => {
  const container = drawn(<Form />);
  field(container, 'input').value = 'https://www.airbnb.com/rooms/1'; // typed before the app ran

  await start(container, <Form />, how);

  expect(field(container, 'input').value).toBe('https://www.airbnb.com/rooms/1');
  expect(container.querySelector('output')).toHaveTextContent('https://www.airbnb.com/rooms/1');
});

it.each(['hydrate', 'render'] as const)('leaves a field nobody typed into as React rendered it (%s)', async (how) => {
  const container = drawn(<Form />);
  await start(container, <Form />, how);
  expect(container.querySelector('output')).toHaveTextContent('empty');
});

it.each(['hydrate', 'render'] as const)('hands React a radio button chosen on the drawn page before the app ran (%s)', async (how) => {
  const container = drawn(<PlanForm />);
  field(container, 'input[value="premium"]').checked = true;

  await start(container, <PlanForm />, how);

  expect(container.querySelector('output')).toHaveTextContent('premium');
  expect(field(container, 'input[value="premium"]').checked).toBe(true);
});

it.each(['hydrate', 'render'] as const)('leaves radio buttons nobody touched as React rendered them (%s)', async (how) => {
  const container = drawn(<PlanForm />);
  await start(container, <PlanForm />, how);
  expect(container.querySelector('output')).toHaveTextContent('basic');
});

it('keeps text typed into the drawn page after the app started and before its fresh render replaced it', async () => {
  const container = drawn(<Form />);
  const old = field(container, 'input');
  rememberEarlyInput(container); // the app starts: the drawn fields are kept
  old.value = 'https://www.airbnb.com/rooms/2'; // typed while the fresh render is on its way
  await act(async () => {
    createRoot(container).render(<Form />);
    await Promise.resolve();
  });

  expect(field(container, 'input')).not.toBe(old);
  expect(field(container, 'input').value).toBe('https://www.airbnb.com/rooms/2');
  expect(container.querySelector('output')).toHaveTextContent('https://www.airbnb.com/rooms/2');
});
