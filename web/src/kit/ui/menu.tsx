import { cloneElement, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MenuItemProps, MenuProps as AriaMenuProps } from 'react-aria-components';
import { useDeferredGate } from '../lazy/deferred.tsx';

interface TriggerProps {
  onPress?: (event?: { pointerType?: string }) => void;
  onPressStart?: (event?: { pointerType?: string }) => void;
  onHoverStart?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
  ref?: React.Ref<HTMLElement>;
}

export interface MenuProps<T extends object> extends AriaMenuProps<T> {
  /** the trigger: a Button from ui/button.tsx */
  trigger: React.ReactElement<TriggerProps>;
}

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
 * menu-popover.tsx). A page shows its menus' triggers at once, and the menus' code (react-aria's collections,
 * overlays and popovers) loads after the page has painted (kit/lazy/deferred.tsx), or as soon as a reader points
 * at, focuses or presses a trigger. The trigger the code replaces hands on what the reader did with it: the focus,
 * and a press, which opens the menu once the code is there.
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
  const triggerRef = useRef<HTMLElement>(null);
  /** the trigger shown while the code loads */
  const placeholderRef = useRef<HTMLElement>(null);
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
    const own = trigger.props;
    return cloneElement(trigger, {
      ref: placeholderRef,
      onHoverStart: () => {
        own.onHoverStart?.();
        setWanted(true);
      },
      onFocus: () => {
        own.onFocus?.();
        handOver.current ??= 'focused';
        setWanted(true);
      },
      onBlur: () => {
        own.onBlur?.();
        if (handOver.current === 'focused') handOver.current = null;
      },
      // a press of a key or a mouse button is taken when it starts, as a loaded menu trigger takes it (react-aria
      // opens a menu on press start, a touch aside): the code may arrive and replace this trigger before the press
      // ends, and the trigger that replaces it never saw it start (a click right after the page showed was lost)
      onPressStart: (event?: { pointerType?: string }) => {
        own.onPressStart?.(event);
        if (
          event?.pointerType !== 'keyboard' &&
          event?.pointerType !== 'mouse' &&
          event?.pointerType !== 'pen'
        )
          return;
        handOver.current = 'pressed';
        pressedByKeyboard.current = event.pointerType === 'keyboard';
        setWanted(true);
      },
      onPress: (event?: { pointerType?: string }) => {
        own.onPress?.(event);
        handOver.current = 'pressed';
        pressedByKeyboard.current = event?.pointerType === 'keyboard' || event?.pointerType === 'virtual';
        setWanted(true);
      },
    });
  }
  const { PopoverMenu } = module;
  return (
    <PopoverMenu
      trigger={cloneElement(trigger, { ref: triggerRef })}
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
