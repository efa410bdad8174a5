import { act } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWhenVisible } from './when-visible';

/** An IntersectionObserver the test shows elements to by hand. */
function fakeObserver() {
  const watched: { element: Element; callback: IntersectionObserverCallback }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private callback: IntersectionObserverCallback) {}
      observe(element: Element) {
        watched.push({ element, callback: this.callback });
      }
      disconnect() {
        return undefined;
      }
    },
  );
  return {
    showAll: () => {
      for (const { element, callback } of watched) callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], {} as IntersectionObserver);
    },
  };
}

function Field() {
  const [value, setValue] = useState('');
  return (
    <label>
      Listing URL
      <input value={value} onChange={(event) => setValue(event.target.value)} />
      <output>{value}</output>
    </label>
  );
}

describe('lazyWhenVisible', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leaves a prerendered part alone until it is seen, then loads it and keeps what was typed', async () => {
    const observer = fakeObserver();
    // The build's markup of the part (src/prerender.tsx renders it loaded): its
    // wrapper, and the part in a Suspense boundary.
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <div>
        <Suspense>
          <Field />
        </Suspense>
      </div>,
    );

    const importer = vi.fn(() => Promise.resolve({ Field }));
    const Part = lazyWhenVisible(importer, (m) => m.Field);
    document.body.append(container);
    const input = container.querySelector('input');
    if (!input) throw new Error('no field in the markup');
    input.value = 'https://www.airbnb.com/rooms/1'; // typed before the code came

    await act(() => {
      hydrateRoot(container, <Part />);
      return Promise.resolve();
    });
    expect(importer).not.toHaveBeenCalled();
    expect(container.querySelector('label')).not.toBeNull(); // the markup stays meanwhile

    await act(() => {
      observer.showAll();
      return Promise.resolve();
    });
    expect(importer).toHaveBeenCalledTimes(1);
    expect(container.querySelector('output')?.textContent).toBe('https://www.airbnb.com/rooms/1');
    container.remove();
  });

  it('loads at once on a page drawn in the browser', async () => {
    fakeObserver();
    const importer = vi.fn(() => Promise.resolve({ Field }));
    const Part = lazyWhenVisible(importer, (m) => m.Field);
    const container = document.createElement('div');
    const { createRoot } = await import('react-dom/client');
    await act(() => {
      createRoot(container).render(<Part />);
      return Promise.resolve();
    });
    expect(importer).toHaveBeenCalledTimes(1);
    expect(container.querySelector('input')).not.toBeNull();
  });
});
