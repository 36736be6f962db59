// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Inbox } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyState, type ListQuery, ListSkeleton, ListStates } from './list-states';

afterEach(cleanup);

const query = (over: Partial<ListQuery<string[]>>): ListQuery<string[]> => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  isFetching: false,
  refetch: vi.fn(),
  ...over,
});

const renderList = (q: ListQuery<string[]>) =>
  render(
    <ListStates
      query={q}
      loading={<ListSkeleton label="Loading leads" rows={3} />}
      errorTitle="We could not load the leads."
      isEmpty={(data) => data.length === 0}
      empty={<EmptyState icon={Inbox} title="No leads yet" />}
    >
      {(data) => (
        <ul aria-label="Leads">
          {data.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
    </ListStates>,
  );

describe('ListStates', () => {
  it('says what is loading while it loads', () => {
    const { container } = renderList(query({ isPending: true }));
    expect(screen.getByRole('status', { name: 'Loading leads' })).toBeTruthy();
    expect(container.querySelectorAll('.animate-pulse')).toHaveLength(3);
  });

  it('says why it failed and asks again on Try again', async () => {
    const q = query({ isError: true, error: new Error('The server is down.') });
    renderList(q);
    expect(screen.getByRole('alert').textContent).toContain('We could not load the leads. The server is down.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the error over earlier data when a refetch fails, and says it is retrying', () => {
    renderList(query({ isError: true, error: new Error('Offline.'), data: ['a'], isFetching: true }));
    expect(screen.queryByRole('list')).toBeNull();
    expect((screen.getByRole('button', { name: 'Trying again...' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the empty state for an empty list, and the list otherwise', () => {
    renderList(query({ data: [] }));
    expect(screen.getByText('No leads yet')).toBeTruthy();
    cleanup();
    renderList(query({ data: ['ada@example.com', 'bob@example.com'] }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['ada@example.com', 'bob@example.com']);
    expect(screen.queryByText('No leads yet')).toBeNull();
  });

  it('a skeleton without a label is only a picture', () => {
    render(<ListSkeleton rows={2} rowClassName="h-16 rounded-xl" />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
