import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredChunk } from '@/lib/deferred-chunk';
import { LoadWhenNear, SPINNER_DELAY_MS } from './load-when-near';

interface Part {
  text: string;
}

/** A chunk whose import the test settles. */
function controlledChunk() {
  const imports: { resolve: (m: Part) => void; reject: (e: unknown) => void }[] = [];
  const chunk = deferredChunk(() => new Promise<Part>((resolve, reject) => imports.push({ resolve, reject })));
  return { chunk, imports };
}

function show(chunk: ReturnType<typeof controlledChunk>['chunk']) {
  return render(
    <LoadWhenNear chunk={chunk} what="The rest of the report" className="min-h-[4000px]">
      {(part) => <p>{part.text}</p>}
    </LoadWhenNear>,
  );
}

/** Settles an import and lets the component take the result. */
async function settle(settleImport: () => void) {
  await act(async () => {
    settleImport();
    await Promise.resolve();
  });
}

const spinner = (container: HTMLElement) => container.querySelector('.animate-spin');

describe('LoadWhenNear', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the part’s room, busy with a "Loading…" status and no spinner, then shows the part', async () => {
    const { chunk, imports } = controlledChunk();
    const { container } = show(chunk);
    const placeholder = screen.getByTestId('part-placeholder');
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    expect(placeholder).toHaveClass('min-h-[4000px]');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(spinner(container)).toBeNull();
    // jsdom has no IntersectionObserver: the part loads at once.
    expect(imports).toHaveLength(1);

    await settle(() => imports[0]?.resolve({ text: 'Top 5 Immediate Actions' }));
    expect(screen.getByText('Top 5 Immediate Actions')).toBeInTheDocument();
    expect(screen.queryByTestId('part-placeholder')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.querySelector('[aria-busy]')).toBeNull();
  });

  it('shows a spinner only when the part takes longer than a moment', () => {
    vi.useFakeTimers();
    const { container } = show(controlledChunk().chunk);
    act(() => {
      vi.advanceTimersByTime(SPINNER_DELAY_MS - 1);
    });
    expect(spinner(container)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(spinner(container)).not.toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('shows a part already loaded at once, with no placeholder', async () => {
    const chunk = deferredChunk(() => Promise.resolve({ text: 'Suggested Amenities' }));
    await chunk.load();
    show(chunk);
    expect(screen.getByText('Suggested Amenities')).toBeInTheDocument();
    expect(screen.queryByTestId('part-placeholder')).toBeNull();
  });

  it('a chunk that fails says so in the part’s place and loads it again on Try Again', async () => {
    const { chunk, imports } = controlledChunk();
    show(chunk);
    await settle(() => imports[0]?.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(screen.getByTestId('part-load-error')).toHaveTextContent('The rest of the report could not be loaded. Check your connection and try again.');
    expect(screen.queryByRole('status')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(imports).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await settle(() => imports[1]?.resolve({ text: 'Market Analysis' }));
    expect(screen.getByText('Market Analysis')).toBeInTheDocument();
    expect(screen.queryByTestId('part-load-error')).toBeNull();
  });

  it('starts over with another chunk (a Basic report upgraded to Premium)', async () => {
    const basic = deferredChunk(() => Promise.resolve({ text: 'Your description' }));
    await basic.load();
    const premium = controlledChunk();
    const { rerender } = show(basic);
    expect(screen.getByText('Your description')).toBeInTheDocument();
    rerender(
      <LoadWhenNear chunk={premium.chunk} what="The rest of the report">
        {(part) => <p>{part.text}</p>}
      </LoadWhenNear>,
    );
    expect(screen.queryByText('Your description')).toBeNull();
    expect(screen.getByTestId('part-placeholder')).toHaveAttribute('aria-busy', 'true');
    await settle(() => premium.imports[0]?.resolve({ text: 'Content & Visual Optimization' }));
    expect(screen.getByText('Content & Visual Optimization')).toBeInTheDocument();
  });
});
