import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MenuItemProps, MenuProps as AriaMenuProps } from 'react-aria-components';
import { useDeferredGate } from '../lazy/deferred.tsx';
import type { MenuTriggerLook } from './menu-popover.tsx';
import { PlainButton } from './plain.tsx';

export type { MenuTriggerLook };

export interface MenuProps<T extends object> extends AriaMenuProps<T> {
  trigger: MenuTriggerLook;
}

/** Keys that open a menu from its button (ArrowUp and ArrowDown as react-aria's menu trigger has them). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

type MenuModule = typeof import('./menu-popover.tsx');

let loaded: MenuModule | null = null;
let loading: Promise<MenuModule> | null = null;
const load = () =>
  (loading ??= import('./menu-popover.tsx').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null; // asked again by the next use
      throw error;
    },
  ));

/**
 * A menu button: the trigger opens a popover with a keyboard-navigable list (arrows, typeahead, Escape;
 * menu-popover.tsx). A page shows its menus' triggers at once, as native buttons (ui/plain.tsx, ADR 0047), and the
 * menus' code (react-aria's button, collections, overlays and popovers) loads after the page has painted
 * (kit/lazy/deferred.tsx), or as soon as a reader points at, focuses or presses a trigger. The trigger the code
 * replaces hands on what the reader did with it: the focus, and a press, which opens the menu once the code is there.
 */
export function Menu<T extends object>({ trigger, ...props }: MenuProps<T>) {
  const gate = useDeferredGate();
  const [wanted, setWanted] = useState(false);
  const [module, setModule] = useState(loaded);
  const [isOpen, setOpen] = useState(false);
  /** what the reader did with the trigger while the code loaded */
  const handOver = useRef<'focused' | 'pressed' | null>(null);
  /** that press came from the keyboard: the menu it opens puts the focus on its first item, as a keyboard opening does */
  const pressedByKeyboard = useRef(false);
  const [focusFirst, setFocusFirst] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  /** the trigger shown while the code loads */
  const placeholderRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (module || !(gate || wanted)) return;
    let live = true;
    load().then(
      (m) => {
        if (!live) return;
        // a reader may have reached the trigger before the page's code ran (a server-painted page), when no
        // focus handler could see it: the trigger that replaces it takes the focus all the same
        if (placeholderRef.current !== null && placeholderRef.current === document.activeElement)
          handOver.current ??= 'focused';
        setModule(m);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [gate, wanted, module]);
  useLayoutEffect(() => {
    const done = handOver.current;
    if (!module || !done) return;
    handOver.current = null;
    // focus first: the menu gives it back to what had it when it opened
    triggerRef.current?.focus();
    if (done === 'pressed') {
      setFocusFirst(pressedByKeyboard.current);
      setOpen(true);
    }
  }, [module]);

  if (!module) {
    const want = (how: 'focused' | 'pressed', byKeyboard = false) => {
      if (how === 'pressed') {
        handOver.current = 'pressed';
        pressedByKeyboard.current = byKeyboard;
      } else handOver.current ??= 'focused';
      setWanted(true);
    };
    return (
      <PlainButton
        ref={placeholderRef}
        variant={trigger.variant}
        size={trigger.size}
        className={trigger.className}
        aria-label={trigger['aria-label']}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={() => setWanted(true)}
        onFocus={() => want('focused')}
        onBlur={() => {
          if (handOver.current === 'focused') handOver.current = null;
        }}
        // a press of a mouse button is taken when it starts, as a loaded menu trigger takes it (react-aria opens a
        // menu on press start, a touch aside): the code may arrive and replace this trigger before the press ends,
        // and the trigger that replaces it never saw it start (a click right after the page showed was lost)
        onPointerDown={(event) => {
          if (event.button === 0 && (event.pointerType === 'mouse' || event.pointerType === 'pen'))
            want('pressed');
        }}
        onKeyDown={(event) => {
          if (!OPENING_KEYS.has(event.key)) return;
          if (event.key.startsWith('Arrow')) event.preventDefault();
          want('pressed', true);
        }}
        // a touch, or a click a screen reader makes (no pointer: detail 0), which opens on the first item
        onClick={(event) => {
          if (handOver.current === 'pressed') return;
          want('pressed', event.detail === 0);
        }}
      >
        {trigger.children}
      </PlainButton>
    );
  }
  const { PopoverMenu } = module;
  return (
    <PopoverMenu
      trigger={trigger}
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (!open) setFocusFirst(false);
      }}
      {...props}
      {...(focusFirst ? { autoFocus: 'first' as const } : {})}
    />
  );
}

/** An entry of a Menu (rendered only inside a menu whose code has loaded). */
export function MenuItem(props: MenuItemProps) {
  if (!loaded) throw new Error('a MenuItem outside a loaded Menu');
  const { PopoverMenuItem } = loaded;
  return <PopoverMenuItem {...props} />;
}
