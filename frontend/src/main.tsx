import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('ListingLift: #root element missing from index.html');

// The build prerenders "/" into index.html, and /login and /signup into pages/*.html
// (scripts/prerender.mjs marks the root with data-prerendered="<path>"). Hydrate only the
// page as it was rendered: on another path, or on "/" with a query such as
// ?package=premium (another plan selected), the markup would not match. The log-in and
// sign-up frames are the same whatever the query (?next= matters only after sign-in).
const prerendered = container.dataset.prerendered;
const hydrate =
  prerendered !== undefined && prerendered === window.location.pathname && (prerendered !== '/' || window.location.search === '');

let started: Promise<void> | null = null;
let afterBoot: () => void = () => undefined;
const start = () =>
  (started ??= import('./boot').then(
    async ({ boot }) => {
      await boot(container, hydrate);
      afterBoot();
    },
    (error: unknown) => {
      console.error('ListingLift: the app could not be loaded', error);
    },
  ));

// The prerendered page needs no JavaScript to paint, so the app is fetched once it has
// painted instead of competing with the stylesheets, or at the first interaction if
// that comes sooner. A form submitted before the app runs is held (a native submit
// would reload the page and lose what was typed) and submitted again once it runs.
// The pages that restore a session come with their first screen drawn as a frame
// (data-frame), which the app replaces: it starts once the frame has painted (its
// chunks, preloaded by the page file, download meanwhile), so that running it never
// holds back that paint. Every other page is blank until the app runs: it starts at
// once, and app.html preloads its chunks (scripts/prerender.mjs).
if (hydrate) {
  const held = new Set<HTMLFormElement>();
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement) || ownedByReact(event.target)) return;
    event.preventDefault();
    held.add(event.target);
    void start();
  };
  const onInteract = () => void start();
  const interactions = ['pointerdown', 'keydown', 'focusin'] as const;
  document.addEventListener('submit', onSubmit, true);
  for (const type of interactions) document.addEventListener(type, onInteract, { capture: true, once: true });
  afterBoot = () => {
    for (const type of interactions) document.removeEventListener(type, onInteract, true);
    // Hydration runs as a transition, section by section: a held form is handed over only
    // once React owns it, else its submit would be the browser's (a page reload).
    const release = () => {
      if ([...held].some((form) => !ownedByReact(form))) {
        requestAnimationFrame(release);
        return;
      }
      document.removeEventListener('submit', onSubmit, true);
      for (const form of held) form.requestSubmit();
      held.clear();
    };
    release();
  };
  afterFirstPaint(() => {
    void start();
    fetchAhead();
  });
} else if (container.dataset.frame !== undefined) {
  afterFirstPaint(() => {
    void start();
    fetchAhead();
  });
} else {
  void start();
  fetchAhead();
}

/**
 * The page's own chunk (the landing page's too) and sign-in, fetched beside the app
 * instead of after it has run and matched the URL (a chunk of its own; app.html
 * preloads it).
 */
function fetchAhead() {
  import('./app/fetch-ahead').then(
    ({ fetchAhead }) => fetchAhead(window.location.pathname),
    () => undefined,
  );
}

/**
 * Whether React has hydrated `element` (it keeps its props on the node under a
 * "__reactProps$…" key): from then on React handles its events.
 */
function ownedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/** Runs `run` once the browser reports the first contentful paint (or cannot). */
function afterFirstPaint(run: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    run();
  };
  const observer = PerformanceObserver.supportedEntryTypes.includes('paint')
    ? new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) once();
      })
    : null;
  // A hidden tab does not paint, and a browser without paint timing cannot say.
  if (!observer || document.visibilityState === 'hidden') {
    requestAnimationFrame(() => setTimeout(once, 0));
    setTimeout(once, 100);
    return;
  }
  observer.observe({ type: 'paint', buffered: true });
  // Never wait long for a paint that is not coming.
  setTimeout(once, 3000);
}
