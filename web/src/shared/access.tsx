import type { Role } from '@sixa/contracts';
import { levelOf, refusalDetail, type RouteKey } from '@sixa/contracts/src/routes';
import { Button, Tooltip, type ButtonProps } from 'antd';
import { createContext, useContext, useId } from 'react';
import { visuallyHidden } from './visuallyHidden';

/** The signed-in user's role, provided by the workspace shell (null: nobody signed in). */
export const RoleContext = createContext<Role | null>(null);

export const useRole = () => useContext(RoleContext);

/**
 * Why `role` may not make the call `route` (the server's table, ROUTE_ACCESS, says who may), in the
 * words the server would answer; null when it may. The screens disable what the server would refuse.
 */
export function routeRefusal(role: Role | null, route: RouteKey): string | null {
  const level = levelOf(route);
  if (!level) return `${route} is not an API route`;
  if (level === 'public') return null;
  if (!role) return 'Sign in first';
  return refusalDetail(role, level);
}

/** The current user's answer for `route`: allowed, or why not. */
export function useRouteAccess(route: RouteKey): { allowed: boolean; reason: string | null } {
  const reason = routeRefusal(useRole(), route);
  return { allowed: reason === null, reason };
}

interface AccessButtonProps extends ButtonProps {
  /** The call the button makes: disabled, saying why, for a role the server would refuse. */
  route: RouteKey;
}

/** A button for a write: disabled with the reason (on hover and to screen readers) when the role may not make it. */
export function AccessButton({ route, disabled, ...props }: AccessButtonProps) {
  const { allowed, reason } = useRouteAccess(route);
  const reasonId = useId();
  if (allowed) return <Button disabled={disabled} {...props} />;
  return (
    <>
      <Tooltip title={reason}>
        <Button {...props} disabled aria-describedby={reasonId} />
      </Tooltip>
      <span id={reasonId} style={visuallyHidden}>
        {reason}
      </span>
    </>
  );
}
