import { DELETED_USER_NAME } from '@campusrun/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Avatar } from '@/components/ui/Avatar';
import { ProfileLink } from './ProfileLink';

const id = '7b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a02';

describe('a member shown by name', () => {
  it('links to the profile of a member', () => {
    render(
      <MemoryRouter>
        <ProfileLink user={{ id, name: 'Ravi Kumar' }} className="font-medium hover:underline" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute('href', `/users/${id}`);
  });

  it('a deleted account: the name as plain text, and a silhouette instead of a photo or letter', () => {
    const { container } = render(
      <MemoryRouter>
        <Avatar id={id} name={DELETED_USER_NAME} src="avatars/old.webp" alt="Their photo" />
        <ProfileLink user={{ id, name: DELETED_USER_NAME }} className="font-medium hover:underline" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    const name = screen.getByText(DELETED_USER_NAME);
    expect(name).toHaveClass('font-medium');
    expect(name).not.toHaveClass('hover:underline');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Their photo' })).not.toHaveTextContent('D');
  });
});
