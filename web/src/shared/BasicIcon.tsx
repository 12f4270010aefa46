import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactElement } from 'react';

/** SVG attribute names as React spells them ('fill-rule' -> fillRule). */
const reactName = (name: string) =>
  name === 'class' ? 'className' : name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

function render(node: AbstractNode, key?: number): ReactElement {
  const props = Object.fromEntries(Object.entries(node.attrs).map(([name, value]) => [reactName(name), value]));
  return createElement(node.tag, { ...props, key }, node.children?.map(render));
}

/**
 * An antd icon (its definition from @ant-design/icons-svg) drawn as a bare SVG, for the screens that
 * do not load antd; decorative, so hidden from assistive technology.
 */
export function BasicIcon({ icon }: { icon: IconDefinition }) {
  const svg = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span className="sx-icon" aria-hidden="true">
      {render(svg)}
    </span>
  );
}
