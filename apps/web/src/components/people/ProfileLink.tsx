import { DELETED_USER_NAME } from '@campusrun/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Whether this is how the server shows an account that was deleted (it has no profile any more). */
export function isDeletedUser(user: { name: string } | null | undefined): boolean {
  return user?.name === DELETED_USER_NAME;
}

/**
 * A member's name as a link to their public profile. A deleted account's profile answers 404, so
 * its name is plain text, styled alike but for the hover and focus looks that promise a link.
 */
export function ProfileLink({
  user,
  className,
  children,
}: {
  user: { id: string; name: string };
  className?: string;
  /** What the link says; the name by default. */
  children?: ReactNode;
}) {
  const text = children ?? user.name;
  if (isDeletedUser(user)) {
    const plain = className
      ?.split(' ')
      .filter((name) => !/^(hover|focus-visible|group-hover):/.test(name))
      .join(' ');
    return <span className={plain}>{text}</span>;
  }
  return (
    <Link to={paths.user(user.id)} className={className}>
      {text}
    </Link>
  );
}
