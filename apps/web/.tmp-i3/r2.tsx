import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, Outlet, Link, redirect, useNavigate } from 'react-router';
const r = createBrowserRouter([{ path: '/', Component: Outlet, loader: () => redirect('/x'), children: [{ path: 'a', lazy: async () => ({ Component: () => { useNavigate(); return <Link to="/">x</Link>; } }) }] }]);
createRoot(document.body).render(<RouterProvider router={r} />);
