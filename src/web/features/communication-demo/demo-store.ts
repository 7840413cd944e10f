import type {
  Announcement,
  AnnouncementAudience,
  AnnouncementPriority,
  ChatMessage,
} from '#shared/schemas/chat.ts';

/**
 * The demo circle's visitor-written messages and announcements. They live in this browser alone
 * (localStorage) and are never sent anywhere, so nothing a visitor types reaches real members.
 */
export const DEMO_STORAGE_KEY = 'savecircle-demo-communication';
/** The visitor, as the demo circle knows them; seeded members have their own ids below it. */
export const DEMO_VISITOR_ID = -1;
/** Ids of what the visitor writes start here, above the seeded messages. */
const FIRST_OWN_ID = 1000;
/** Enough to try it out; the oldest go first so storage never fills up. */
const MAX_KEPT = 200;

export type DemoState = {
  messages: ChatMessage[];
  announcements: Announcement[];
  /** Seeded messages the visitor pinned, unpinned or deleted (the seed itself is not stored). */
  pinned: number[];
  unpinned: number[];
  deleted: number[];
};

const empty = (): DemoState => ({ messages: [], announcements: [], pinned: [], unpinned: [], deleted: [] });

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What this browser kept; anything unreadable (edited by hand, an older shape) starts afresh. */
export function readDemo(storage: StorageLike | undefined): DemoState {
  try {
    const raw = storage?.getItem(DEMO_STORAGE_KEY);
    if (!raw) return empty();
    const parsed = JSON.parse(raw) as Partial<DemoState>;
    const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
    return {
      messages: list<ChatMessage>(parsed.messages).filter((m) => typeof m?.message === 'string'),
      announcements: list<Announcement>(parsed.announcements).filter((a) => typeof a?.title === 'string'),
      pinned: list<number>(parsed.pinned),
      unpinned: list<number>(parsed.unpinned),
      deleted: list<number>(parsed.deleted),
    };
  } catch {
    return empty();
  }
}

function nextId(state: DemoState): number {
  const ids = [...state.messages.map((m) => m.id), ...state.announcements.map((a) => a.id)];
  return Math.max(FIRST_OWN_ID - 1, ...ids) + 1;
}

export function addDemoMessage(state: DemoState, text: string, now = new Date()): DemoState {
  const message: ChatMessage = {
    id: nextId(state),
    groupId: 0,
    userId: DEMO_VISITOR_ID,
    message: text,
    messageType: 'text',
    system: null,
    isPinned: false,
    awaitingApproval: false,
    createdAt: now.toISOString(),
    user: null,
  };
  return { ...state, messages: [...state.messages, message].slice(-MAX_KEPT) };
}

export function addDemoAnnouncement(
  state: DemoState,
  input: { title: string; content: string; priority: AnnouncementPriority; audience: AnnouncementAudience },
  authorName: string,
  now = new Date(),
): DemoState {
  const announcement: Announcement = {
    id: nextId(state),
    groupId: 0,
    createdBy: DEMO_VISITOR_ID,
    ...input,
    createdAt: now.toISOString(),
    createdByUser: { fullName: authorName },
  };
  return { ...state, announcements: [...state.announcements, announcement].slice(-MAX_KEPT) };
}

export function deleteDemoMessage(state: DemoState, id: number): DemoState {
  return {
    ...state,
    messages: state.messages.filter((m) => m.id !== id),
    deleted: id < FIRST_OWN_ID ? [...new Set([...state.deleted, id])] : state.deleted,
  };
}

export function pinDemoMessage(state: DemoState, id: number, pinned: boolean): DemoState {
  const without = (ids: number[]) => ids.filter((x) => x !== id);
  return {
    ...state,
    messages: state.messages.map((m) => (m.id === id ? { ...m, isPinned: pinned } : m)),
    pinned: pinned ? [...without(state.pinned), id] : without(state.pinned),
    unpinned: pinned ? without(state.unpinned) : [...without(state.unpinned), id],
  };
}

/** The seed (in the reader's language) with the visitor's own changes laid over it. */
export function demoMessages(seed: ChatMessage[], state: DemoState): ChatMessage[] {
  const seeded = seed
    .filter((m) => !state.deleted.includes(m.id))
    .map((m) => ({
      ...m,
      isPinned: state.pinned.includes(m.id) || (m.isPinned && !state.unpinned.includes(m.id)),
    }));
  return [...seeded, ...state.messages].sort((a, b) => a.id - b.id);
}

export function writeDemo(storage: StorageLike | undefined, state: DemoState) {
  try {
    storage?.setItem(DEMO_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or blocked (private browsing): the demo still works for this visit.
  }
}

export function clearDemo(storage: StorageLike | undefined) {
  try {
    storage?.removeItem(DEMO_STORAGE_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
