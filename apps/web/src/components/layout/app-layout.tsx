import { Outlet } from 'react-router';

/** The signed-in area's frame. The accounts work gives it the sidebar and the session guard. */
export function AppLayout() {
  return (
    <main id="main" className="min-h-screen">
      <Outlet />
    </main>
  );
}
