import type { DocumentCategory } from '@sixa/contracts/browser';
import { Button, Flex, theme } from 'antd';

interface CategoryChipsProps {
  categories: readonly DocumentCategory[];
  /** The category shown, null for all. */
  selected: string | null;
  onSelect: (categoryId: string | null) => void;
}

/**
 * Spec: the chip row over the Templates and Documents tabs, 'All Categories' then each category. Each
 * chip is a toggle button (aria-pressed), so the row is reachable and usable by keyboard.
 */
export function CategoryChips({ categories, selected, onSelect }: CategoryChipsProps) {
  const { token } = theme.useToken();
  const chip = (id: string | null, label: string, color?: string) => {
    const active = selected === id;
    return (
      <Button
        key={id ?? 'all'}
        size="small"
        shape="round"
        type={active ? 'primary' : 'default'}
        aria-pressed={active}
        onClick={() => onSelect(id)}
        icon={
          color ? (
            <span
              aria-hidden
              style={{
                display: 'inline-block',
                width: 8,
                height: 8,
                borderRadius: '50%',
                background: color,
                boxShadow: active ? `0 0 0 1px ${token.colorWhite}` : undefined,
              }}
            />
          ) : undefined
        }
      >
        {label}
      </Button>
    );
  };
  return (
    <Flex role="group" aria-label="Filter by category" gap="small" wrap>
      {chip(null, 'All Categories')}
      {categories.map((category) => chip(category.id, category.name, category.color))}
    </Flex>
  );
}
