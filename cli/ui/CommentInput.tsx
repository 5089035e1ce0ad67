// The dashboard's one-line comment box. The text lives in a ref that each key press updates at
// once, so Enter submits exactly what is on screen even when the text and the Enter arrive
// together (a paste, fast typing) before React has rendered the text: @inkjs/ui's TextInput
// submitted the value of its last render, and answered "Admin comment is required." with the
// comment visible.
import { Text, useInput } from 'ink';
import { useRef, useState } from 'react';

interface Typed {
  readonly value: string;
  readonly cursor: number;
}

// Control characters other than line breaks never become part of a comment.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * What a chunk of typed or pasted text does: the text to insert, and whether it ends the comment.
 * Line breaks inside a paste become spaces; a line break at its end submits, as Enter does.
 */
function readChunk(input: string): { text: string; submit: boolean } {
  const submit = /[\r\n]$/.test(input);
  const body = submit ? input.replace(/[\r\n]+$/, '') : input;
  return { text: body.replace(/\r\n|\r|\n/g, ' ').replace(CONTROL, ''), submit };
}

export interface CommentInputProps {
  readonly placeholder: string;
  readonly isActive: boolean;
  /** The text to start from (a refused one, to correct), the cursor at its end. */
  readonly initialValue?: string;
  onSubmit(text: string): void;
}

export function CommentInput({
  placeholder,
  isActive,
  initialValue = '',
  onSubmit,
}: CommentInputProps) {
  const typed = useRef<Typed>({ value: initialValue, cursor: initialValue.length });
  const [shown, setShown] = useState<Typed>(typed.current);
  const update = (next: Typed) => {
    typed.current = next;
    setShown(next);
  };

  useInput(
    (input, key) => {
      const { value, cursor } = typed.current;
      if (key.return) return onSubmit(value);
      if (key.leftArrow) return update({ value, cursor: Math.max(0, cursor - 1) });
      if (key.rightArrow) return update({ value, cursor: Math.min(value.length, cursor + 1) });
      if (key.backspace || key.delete) {
        if (cursor === 0) return;
        return update({
          value: value.slice(0, cursor - 1) + value.slice(cursor),
          cursor: cursor - 1,
        });
      }
      if (key.escape || key.ctrl || key.tab || key.upArrow || key.downArrow) return;
      const { text, submit } = readChunk(input);
      const next = {
        value: value.slice(0, cursor) + text + value.slice(cursor),
        cursor: cursor + text.length,
      };
      if (text) update(next);
      if (submit) onSubmit(next.value);
    },
    { isActive },
  );

  if (shown.value.length === 0) {
    return (
      <Text>
        <Text inverse>{placeholder.slice(0, 1) || ' '}</Text>
        <Text dimColor>{placeholder.slice(1)}</Text>
      </Text>
    );
  }
  const { value, cursor } = shown;
  return (
    <Text>
      {value.slice(0, cursor)}
      <Text inverse>{value.slice(cursor, cursor + 1) || ' '}</Text>
      {value.slice(cursor + 1)}
    </Text>
  );
}
