import { levelOf, refusalDetail, type Role, type RouteKey } from '@sixa/contracts/browser';
import { Button, Tooltip, type ButtonProps } from 'antd';
import { createContext, useContext, useId, type ReactNode } from 'react';
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
  /** Its tooltip when the role may make the call (otherwise the tooltip says why it cannot). */
  tooltip?: ReactNode;
}

/**
 * A button for a write: disabled with the reason (as its tooltip, and to screen readers, since a
 * disabled button takes no focus) when the role may not make the call.
 */
export function AccessButton({ route, tooltip, ...props }: AccessButtonProps) {
  const { allowed, reason } = useRouteAccess(route);
  const reasonId = useId();
  if (allowed) {
    const button = <Button {...props} />;
    return tooltip ? <Tooltip title={tooltip}>{button}</Tooltip> : button;
  }
  // One element for the layouts around it (Space, Flex): the hidden reason takes no room.
  return (
    <span style={{ display: 'contents' }}>
      <Tooltip title={reason}>
        <Button {...props} disabled aria-describedby={reasonId} />
      </Tooltip>
      <span id={reasonId} style={visuallyHidden}>
        {reason}
      </span>
    </span>
  );
}
