import { Drawer } from 'antd';
import { shellSizes } from '../../theme/tokens';
import { SidebarContent } from './SidebarContent';

interface NavDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
}

/** Phones: the sidebar slides over the screen instead of squeezing it, and closes once an entry is picked. */
export function NavDrawer({ id, open, onClose }: NavDrawerProps) {
  return (
    <Drawer
      id={id}
      open={open}
      onClose={onClose}
      placement="left"
      closable={false}
      size={`min(${shellSizes.sidebarOpen}px, 85vw)`}
      title={null}
      aria-label="Navigation"
      styles={{ body: { padding: 0 } }}
    >
      <SidebarContent collapsed={false} onNavigate={onClose} />
    </Drawer>
  );
}
