import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import "./menu-dropdown.css";

export interface MenuLink {
  to: string;
  label: string;
}

interface MenuDropdownProps {
  label: string;
  links: readonly MenuLink[];
}

/**
 * A disclosure menu of links: a button that shows or hides a list. It closes on a click or touch outside it
 * (pointerdown covers both), on Escape (focus goes back to the button) and when a link is chosen.
 */
export function MenuDropdown({ label, links }: MenuDropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <div className="menu-dropdown" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="menu-dropdown__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        {label}
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={listId} className="menu-dropdown__list" hidden={!open}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
