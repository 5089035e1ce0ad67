// The owner's keyboard dashboard: pending leaves, refunds and unanswered feedback. It only shows
// data and reports key presses; the caller does the work (no HTTP here).
import { Box, Text, useApp, useInput, useStdin } from 'ink';
import { useRef, useState } from 'react';
import { statusLabel } from '@machines/status-labels';
import type {
  ActResult,
  DashboardData,
  DashboardModel,
  DashboardItem,
  ItemAction,
  Section,
} from '../services/dashboard';
import { CommentInput } from './CommentInput';

const SECTIONS: readonly Section[] = ['leaves', 'refunds', 'feedback'];
const TITLES: Record<Section, string> = {
  leaves: 'Pending leaves',
  refunds: 'Refunds',
  feedback: 'Unanswered feedback',
};
const EMPTY: Record<Section, string> = {
  leaves: 'No leave requests are waiting.',
  refunds: 'No refunds are waiting.',
  feedback: 'All feedback has been answered.',
};

export interface DashboardProps {
  readonly data: DashboardData;
  readonly server?: string;
  /** `optional`: what was typed in the action's optional second box (empty when skipped). */
  readonly onAct: DashboardModel['act'];
  /** A refusal of the first text before the optional box is asked, or null. */
  readonly onCheck?: DashboardModel['check'];
  onRefresh(): Promise<void>;
}

type Mode =
  | { readonly kind: 'browse' }
  | {
      readonly kind: 'typing';
      readonly item: DashboardItem;
      readonly action: ItemAction;
      /** Set once the first text is accepted: the optional box is open. */
      readonly first?: string;
      /** What the open box starts with: the text just refused, to correct. */
      readonly draft?: string;
    }
  | { readonly kind: 'busy' };

export function Dashboard({ data, server, onAct, onCheck, onRefresh }: DashboardProps) {
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  const [sectionIndex, setSectionIndex] = useState(0);
  const [selected, setSelected] = useState<Record<Section, number>>({
    leaves: 0,
    refunds: 0,
    feedback: 0,
  });
  const [mode, setMode] = useState<Mode>({ kind: 'browse' });
  const [notice, setNotice] = useState<ActResult | null>(null);

  const section = SECTIONS[sectionIndex] ?? 'leaves';
  const items = data[section];
  const index = Math.min(selected[section], Math.max(items.length - 1, 0));
  const current = items[index];

  // Keys can arrive between a render and the effect that re-subscribes the handler (fast typing,
  // pastes), so the handler reads the latest render's values from a ref, never a stale closure.
  const latest = useRef({ section, items, index, current, mode, sectionIndex });
  latest.current = { section, items, index, current, mode, sectionIndex };

  const move = (delta: number) => {
    const { section: name, items: rows, index: position } = latest.current;
    setSelected((previous) => ({
      ...previous,
      [name]: Math.max(0, Math.min(rows.length - 1, position + delta)),
    }));
  };

  const failed = (error: unknown) =>
    setNotice({ ok: false, message: error instanceof Error ? error.message : String(error) });

  const submit = async (
    item: DashboardItem,
    action: ItemAction,
    text: string,
    optional?: string,
  ) => {
    setMode({ kind: 'busy' });
    try {
      const { section } = latest.current;
      const result = await (optional === undefined
        ? onAct(section, item.id, action.name, text)
        : onAct(section, item.id, action.name, text, optional));
      setNotice(result);
      if (result.ok) await onRefresh();
      // Refused: the box that was open opens again with what was typed in it (the optional one
      // keeps the first text).
      setMode(
        result.ok
          ? { kind: 'browse' }
          : {
              kind: 'typing',
              item,
              action,
              ...(optional === undefined ? { draft: text } : { first: text, draft: optional }),
            },
      );
    } catch (error) {
      failed(error);
      setMode({ kind: 'browse' });
    }
  };

  /** Enter in a text box: the first text, then (when the action has one) the optional text. */
  const entered = (mode: Extract<Mode, { kind: 'typing' }>, text: string) => {
    const { item, action, first } = mode;
    if (first !== undefined) return void submit(item, action, first, text);
    if (action.optionalPrompt === undefined) return void submit(item, action, text);
    const refused = onCheck?.(latest.current.section, item.id, action.name, text) ?? null;
    setNotice(refused);
    if (!refused) setMode({ kind: 'typing', item, action, first: text });
  };

  // useInput crashes without a TTY unless isActive is exactly false (STACK-NOTES).
  useInput(
    (input, key) => {
      const { mode, current, sectionIndex } = latest.current;
      if (mode.kind === 'typing') {
        if (key.escape) {
          setMode({ kind: 'browse' });
          setNotice(null);
        }
        return;
      }
      if (mode.kind === 'busy') return;
      if (input === 'q' || key.escape) return exit();
      if (key.tab || key.rightArrow) return setSectionIndex((sectionIndex + 1) % SECTIONS.length);
      if (key.leftArrow) {
        return setSectionIndex((sectionIndex + SECTIONS.length - 1) % SECTIONS.length);
      }
      if (key.downArrow || input === 'j') return move(1);
      if (key.upArrow || input === 'k') return move(-1);
      if (input === 'g') {
        setNotice(null);
        onRefresh().catch(failed);
        return;
      }
      const action = current?.actions.find((candidate) => candidate.key === input);
      if (current && action) {
        setNotice(null);
        setMode({ kind: 'typing', item: current, action });
      }
    },
    { isActive: isRawModeSupported === true },
  );

  return (
    <Box flexDirection="column">
      <Box>
        <Text bold>Dabba · owner dashboard</Text>
        {server ? (
          <Box marginLeft={2}>
            <Text dimColor>{server}</Text>
          </Box>
        ) : null}
      </Box>
      <Box marginTop={1}>
        {SECTIONS.map((name, position) => (
          <Box key={name} marginRight={2}>
            <Text inverse={position === sectionIndex} bold={position === sectionIndex}>
              {` ${TITLES[name]} (${data[name].length}) `}
            </Text>
          </Box>
        ))}
      </Box>
      <Box flexDirection="column" marginTop={1}>
        {items.length === 0 ? <Text dimColor>{EMPTY[section]}</Text> : null}
        {items.map((item, position) => (
          <Box key={item.id} flexDirection="column">
            <Text color={position === index ? 'cyan' : undefined}>
              {position === index ? '› ' : '  '}#{item.id} {item.title} [{statusLabel(item.status)}]
            </Text>
            {position === index ? (
              <Box paddingLeft={4}>
                <Text dimColor>{item.detail}</Text>
              </Box>
            ) : null}
          </Box>
        ))}
      </Box>
      <Box marginTop={1} flexDirection="column">
        {mode.kind === 'typing' ? (
          <Box>
            <Text>
              {capitalize(mode.action.label)} #{mode.item.id} ·{' '}
              {mode.first === undefined ? mode.action.prompt : mode.action.optionalPrompt}:{' '}
            </Text>
            <CommentInput
              key={`${mode.item.id}-${mode.action.name}-${mode.first === undefined ? 1 : 2}`}
              placeholder={
                mode.first === undefined
                  ? 'type, then Enter (Esc cancels)'
                  : 'type, or Enter to skip (Esc cancels)'
              }
              isActive={isRawModeSupported === true}
              {...(mode.draft === undefined ? {} : { initialValue: mode.draft })}
              onSubmit={(text) => entered(mode, text)}
            />
          </Box>
        ) : null}
        {mode.kind === 'busy' ? <Text color="yellow">Working…</Text> : null}
        {notice ? (
          <Text color={notice.ok ? 'green' : 'red'}>
            {notice.ok ? '✔ ' : '✘ '}
            {notice.message}
          </Text>
        ) : null}
        <Text dimColor>{keysHelp(current)}</Text>
      </Box>
    </Box>
  );
}

function keysHelp(item: DashboardItem | undefined): string {
  const actions = item?.actions.map((action) => `${action.key} ${action.label}`) ?? [];
  return ['↑↓ select', '←→/Tab section', ...actions, 'g refresh', 'q quit'].join('  ·  ');
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
