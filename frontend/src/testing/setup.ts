import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadDeferredChunks } from '@/lib/deferred-chunk';

// jsdom does not implement scrolling.
window.scrollTo = vi.fn();
Element.prototype.scrollIntoView = vi.fn();

// The parts of a page loaded after it paints (lib/deferred-chunk: the report's sections
// below the first screen) are loaded before each file's tests, so screens render whole at
// once, as a browser shows them a moment after the page went idle. A test of the loading
// itself makes its own chunk.
beforeAll(() => loadDeferredChunks());

afterEach(() => {
  cleanup();
});
