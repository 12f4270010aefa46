import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The rendered width of an element, followed as it changes (window size, sidebar open or collapsed).
 * Undefined until measured, and where nothing can measure (tests): callers then assume a wide screen.
 */
export function useContainerWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = element.getBoundingClientRect().width;
      // jsdom lays nothing out: a width of 0 says nothing about the screen.
      setWidth(measured > 0 ? Math.round(measured) : undefined);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The first of `levels` whose minimum width the container reaches (the last one when none). */
export function widthLevel<L extends string>(
  width: number | undefined,
  levels: ReadonlyArray<readonly [L, number]>,
): L {
  if (width === undefined) return levels[0][0];
  return (levels.find(([, min]) => width >= min) ?? levels[levels.length - 1])[0];
}
