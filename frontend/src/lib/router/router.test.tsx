import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BrowserRouter, Link, MemoryRouter, Navigate, Outlet, Route, Routes, resolve, useLocation, useParams, useSearchParams } from './router';

function Where() {
  const { pathname, search, hash, state } = useLocation();
  return <output data-testid="where">{`${pathname}${search}${hash}${state ? ` ${JSON.stringify(state)}` : ''}`}</output>;
}

function Token() {
  return <p>token {useParams<'token'>().token}</p>;
}

function Pager() {
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ page: String(Number(params.get('page') ?? '1') + 1) })}>
      page {params.get('page') ?? '1'}
    </button>
  );
}

function app(at: string) {
  return (
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route
          element={
            <main>
              <Outlet />
            </main>
          }
        >
          <Route index element={<Link to="/shared/t1#top" state={{ from: 'home' }}>Open</Link>} />
          <Route path="shared/:token" element={<Token />} />
          <Route path="list" element={<Pager />} />
          <Route path="old" element={<Navigate to="/list?page=3" replace />} />
          <Route path="*" element={<p>not found</p>} />
        </Route>
      </Routes>
      <Where />
    </MemoryRouter>
  );
}

describe('resolve', () => {
  const from = { pathname: '/dashboard', search: '?page=2' };
  it.each([
    ['/login', '/login', '', ''],
    ['?page=3', '/dashboard', '?page=3', ''],
    ['#top', '/dashboard', '?page=2', '#top'],
    ['/?package=premium#optimize', '/', '?package=premium', '#optimize'],
    ['other', '/other', '', ''],
    ['?', '/dashboard', '', ''],
  ])('%s from /dashboard?page=2 is %s %s %s', (to, pathname, search, hash) => {
    expect(resolve(to, from)).toEqual({ pathname, search, hash });
  });
});

describe('router', () => {
  it('renders the matched route inside its layout, with its params', () => {
    render(app('/shared/a%2Fb'));
    expect(screen.getByRole('main')).toHaveTextContent('token a/b');
  });

  it('follows a plain click on a link without reloading, with its state and hash', () => {
    render(app('/'));
    const link = screen.getByRole('link', { name: 'Open' });
    expect(link).toHaveAttribute('href', '/shared/t1#top');
    act(() => {
      fireEvent.click(link);
    });
    expect(screen.getByText('token t1')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/shared/t1#top {"from":"home"}');
  });

  it('leaves a click with a modifier key to the browser (a new tab)', () => {
    render(app('/'));
    const link = screen.getByRole('link', { name: 'Open' });
    const allowed = fireEvent.click(link, { ctrlKey: true });
    expect(allowed).toBe(true); // not prevented
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('redirects with <Navigate> and sets the query with useSearchParams', async () => {
    render(app('/old'));
    expect(await screen.findByRole('button', { name: 'page 3' })).toBeInTheDocument();
    act(() => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(screen.getByRole('button', { name: 'page 4' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/list?page=4');
  });

  it('shows the "*" route for an unknown path', () => {
    render(app('/nowhere'));
    expect(screen.getByText('not found')).toBeInTheDocument();
  });

  it('in the browser, writes the address bar and follows the back button', async () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <Link to="/shared/t9">Go</Link>
        <Where />
      </BrowserRouter>,
    );
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'Go' }));
    });
    expect(window.location.pathname).toBe('/shared/t9');
    expect(screen.getByTestId('where')).toHaveTextContent('/shared/t9');
    await act(async () => {
      window.history.back();
      await new Promise((done) => window.addEventListener('popstate', done, { once: true }));
    });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});
