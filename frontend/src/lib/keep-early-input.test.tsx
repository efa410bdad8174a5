import { act, useEffect, useRef, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
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

it('hands React the text typed into a prerendered field before hydration', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  const input = container.querySelector('input');
  if (!input) throw new Error('no input');
  input.value = 'https://www.airbnb.com/rooms/1'; // typed before the app ran

  await act(async () => {
    hydrateRoot(container, <Form />);
    await Promise.resolve();
  });

  expect(input.value).toBe('https://www.airbnb.com/rooms/1');
  expect(container.querySelector('output')).toHaveTextContent('https://www.airbnb.com/rooms/1');
  container.remove();
});

it('leaves a field that holds what React rendered alone', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  await act(async () => {
    hydrateRoot(container, <Form />);
    await Promise.resolve();
  });
  expect(container.querySelector('output')).toHaveTextContent('empty');
});

it('hands the text typed into a page the app then renders afresh to the field of the same name', async () => {
  // On "/?package=premium" the prerendered page is replaced, not hydrated (its markup would not match).
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  const typedInto = container.querySelector('input');
  if (!typedInto) throw new Error('no input');
  typedInto.value = 'https://www.airbnb.com/rooms/2';

  rememberEarlyInput(container);
  await act(async () => {
    createRoot(container).render(<Form />);
    await Promise.resolve();
  });

  const input = container.querySelector('input');
  expect(input).not.toBe(typedInto);
  expect(input?.value).toBe('https://www.airbnb.com/rooms/2');
  expect(container.querySelector('output')).toHaveTextContent('https://www.airbnb.com/rooms/2');
  container.remove();
});

it('keeps nothing from a page nobody typed into', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  rememberEarlyInput(container);
  await act(async () => {
    createRoot(container).render(<Form />);
    await Promise.resolve();
  });
  expect(container.querySelector('output')).toHaveTextContent('empty');
});

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

it('hands React a radio button chosen on the prerendered page before hydration', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<PlanForm />);
  document.body.append(container);
  const premium = container.querySelector<HTMLInputElement>('input[value="premium"]');
  if (!premium) throw new Error('no radio');
  premium.checked = true; // chosen before the app ran

  await act(async () => {
    hydrateRoot(container, <PlanForm />);
    await Promise.resolve();
  });

  expect(container.querySelector('output')).toHaveTextContent('premium');
  expect(premium.checked).toBe(true);
  container.remove();
});

it('hands a radio button chosen on a page the app then renders afresh to the new one', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<PlanForm />);
  document.body.append(container);
  const premium = container.querySelector<HTMLInputElement>('input[value="premium"]');
  if (!premium) throw new Error('no radio');
  premium.checked = true;

  rememberEarlyInput(container);
  await act(async () => {
    createRoot(container).render(<PlanForm />);
    await Promise.resolve();
  });

  expect(container.querySelector('output')).toHaveTextContent('premium');
  expect(container.querySelector<HTMLInputElement>('input[value="premium"]')?.checked).toBe(true);
  container.remove();
});

it('leaves radio buttons nobody touched as React rendered them', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<PlanForm />);
  await act(async () => {
    hydrateRoot(container, <PlanForm />);
    await Promise.resolve();
  });
  expect(container.querySelector('output')).toHaveTextContent('basic');
});
