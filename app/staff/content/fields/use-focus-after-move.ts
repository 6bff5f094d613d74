import { useEffect, useRef, useState } from "react";

/** Where focus goes after the list re-renders: a control of an item, by the item's key. */
export interface FocusAfterMove {
  readonly key: string;
  /** "up", "down", the remove control, or a special target the caller handles. */
  readonly control: string;
}

/**
 * Keeps keyboard users in place when a list's items move or go (WCAG 2.4.3): after the list
 * re-renders, focus goes to the same control of the same item, or, when that control is now
 * disabled (first, last, fewest), to the next of up, down and remove. Used by the list field of
 * the content editor and the list of a collection's entries.
 *
 * `register(key, control)` is the ref callback for each item's buttons; `focusAfter` asks for
 * the move of focus; `special` handles targets that are not an item's button (return true when
 * it moved focus itself); `fallback` takes focus when no control of the item is left.
 */
export function useFocusAfterMove(options: {
  removeControl: string;
  special?: (target: FocusAfterMove) => boolean;
  fallback?: () => HTMLElement | null | undefined;
}) {
  const controls = useRef(new Map<string, HTMLElement>());
  const [target, setTarget] = useState<FocusAfterMove | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!target) return;
    setTarget(null);
    const { removeControl, special, fallback } = latest.current;
    if (special?.(target)) return;
    const order = [target.control, "up", "down", removeControl];
    const found = order
      .map((control) => controls.current.get(`${target.key}-${control}`))
      .find((element) => element && !(element as HTMLButtonElement).disabled);
    (found ?? fallback?.())?.focus();
  }, [target]);

  const register = (key: string, control: string) => (element: HTMLElement | null) => {
    if (element) controls.current.set(`${key}-${control}`, element);
    else controls.current.delete(`${key}-${control}`);
  };
  return { register, focusAfter: setTarget };
}
