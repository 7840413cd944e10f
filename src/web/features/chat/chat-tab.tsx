import type { GroupDetail } from '#web/lib/group-detail.ts';
import { ChatPanel } from './chat-panel.tsx';
import { useGroupChat } from './use-group-chat.ts';

/** The group page's Chat tab: members (only) read and write the circle's chat. */
export function ChatTab({ detail }: { detail: GroupDetail }) {
  const chat = useGroupChat(detail.group.id, {
    userId: detail.viewer.userId,
    isAdmin: detail.viewer.isAdmin,
  });
  return <ChatPanel {...chat} />;
}
