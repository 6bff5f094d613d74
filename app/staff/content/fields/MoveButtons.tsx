import type { Ref } from "react";
import styles from "../ContentEditor.module.css";

interface MoveButtonsProps {
  /** The item's position among `count`. */
  index: number;
  count: number;
  /** The item's name, read after each button's text (the buttons of a list otherwise sound alike). */
  name: string;
  /** Keeps each button, so focus can return to it after the list changed. */
  register: (control: "up" | "down") => Ref<HTMLButtonElement>;
  move: (from: number, to: number) => unknown;
}

/** Move up and Move down for an item of an ordered list (a list's entries, a list field's items). */
export function MoveButtons({ index, count, name, register, move }: MoveButtonsProps) {
  return (
    <>
      <button
        type="button"
        ref={register("up")}
        className={styles.smallButton}
        disabled={index === 0}
        onClick={() => void move(index, index - 1)}
      >
        Move up<span className="visually-hidden">: {name}</span>
      </button>
      <button
        type="button"
        ref={register("down")}
        className={styles.smallButton}
        disabled={index === count - 1}
        onClick={() => void move(index, index + 1)}
      >
        Move down<span className="visually-hidden">: {name}</span>
      </button>
    </>
  );
}
