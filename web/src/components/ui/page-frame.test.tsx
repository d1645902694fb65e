import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderPage } from '@/testing/render';

import { PageFrame } from './page-frame';

describe('PageFrame', () => {
  it('names its section by the title and puts description, actions and content in one frame', () => {
    renderPage(
      <PageFrame title="JD Folders" description="One folder per job description." actions={<button type="button">Create Job</button>}>
        <p>The folders</p>
      </PageFrame>,
    );
    const frame = screen.getByRole('region', { name: 'JD Folders' });
    expect(frame).toHaveAttribute('data-testid', 'page-frame');
    expect(frame).toHaveClass('max-w-6xl');
    expect(within(frame).getByRole('heading', { level: 1, name: 'JD Folders' })).toBeInTheDocument();
    expect(within(frame).getByText('One folder per job description.')).toBeInTheDocument();
    expect(within(frame).getByRole('button', { name: 'Create Job' })).toBeInTheDocument();
    expect(within(frame).getByText('The folders')).toBeInTheDocument();
    // A page without a trail has no breadcrumb landmark and no back arrow.
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go back' })).not.toBeInTheDocument();
  });

  it('shows the trail: links up, the last step is the current page', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(
      <PageFrame
        title="Rust Engineer"
        breadcrumbs={[
          { label: 'JD Folders', to: '/folders' },
          { label: 'Rust Engineer', to: '/jd/jd-7', state: { jdname: 'Rust Engineer' } },
          { label: 'Board' },
        ]}
      />,
      { path: '/jd/:jdid/board', at: '/jd/jd-7/board' },
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const steps = within(trail).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['JD Folders', '›Rust Engineer', '›Board']);
    expect(within(trail).getByRole('link', { name: 'JD Folders' })).toHaveAttribute('href', '/folders');
    expect(within(trail).getByText('Board')).toHaveAttribute('aria-current', 'page');
    expect(within(trail).queryByRole('link', { name: 'Board' })).not.toBeInTheDocument();

    await user.click(within(trail).getByRole('link', { name: 'Rust Engineer' }));
    expect(router.state.location.pathname).toBe('/jd/jd-7');
    expect(router.state.location.state).toEqual({ jdname: 'Rust Engineer' });
  });

  it('puts the back arrow before the trail, not beside the title', async () => {
    const onBack = vi.fn();
    const user = userEvent.setup();
    renderPage(
      <PageFrame title="Edit Job Description" onBack={onBack} breadcrumbs={[{ label: 'JD Folders', to: '/folders' }, { label: 'Edit' }]} />,
    );
    const back = screen.getByRole('button', { name: 'Go back' });
    // The title's row holds only the title, so every page's h1 starts at the frame's edge.
    expect(screen.getByRole('heading', { level: 1 }).parentElement).not.toContainElement(back);
    expect(back.compareDocumentPosition(screen.getByRole('navigation', { name: 'Breadcrumb' }))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await user.click(back);
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('keeps a form narrow while the header spans the frame', () => {
    renderPage(
      <PageFrame title="Create New Job Description" narrow>
        <form aria-label="JD" />
      </PageFrame>,
    );
    expect(screen.getByRole('form', { name: 'JD' }).parentElement).toHaveClass('max-w-3xl');
    expect(screen.getByRole('heading', { level: 1 }).closest('.max-w-3xl')).toBeNull();
  });
});
