import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Announcement, ChatMessage } from '#shared/schemas/chat.ts';

/** The spec's demo group (001 §3): a sample circle, mid-rotation. Amounts as the API sends them. */
export const demoGroup = {
  id: 0,
  contributionAmount: '100.00',
  currentMembers: 6,
  memberLimit: 8,
  currentCycle: 3,
  totalCycles: 8,
  status: 'active' as const,
};

const HOUR = 3600_000;

function message(
  id: number,
  hoursAgo: number,
  now: number,
  fields: Partial<ChatMessage> & Pick<ChatMessage, 'messageType'>,
): ChatMessage {
  return {
    id,
    groupId: 0,
    userId: null,
    message: '',
    system: null,
    isPinned: false,
    awaitingApproval: false,
    user: null,
    createdAt: new Date(now - hoursAgo * HOUR).toISOString(),
    ...fields,
  };
}

/**
 * The demo circle's members and their first messages, written in the reader's language each time
 * (so they are never stored, and switching language rewords them).
 */
export function useDemoSeed() {
  const { t, i18n } = useTranslation('communicationDemo');
  return useMemo(() => {
    const now = Date.now();
    const amina = t('people.amina');
    const carlos = t('people.carlos');
    const mei = t('people.mei');
    const messages: ChatMessage[] = [
      message(1, 50, now, {
        messageType: 'system',
        system: { kind: 'member_joined', params: { fullName: mei } },
      }),
      message(2, 49, now, {
        messageType: 'text',
        userId: 1,
        user: { fullName: amina },
        message: t('seed.welcome'),
        isPinned: true,
      }),
      message(3, 30, now, {
        messageType: 'text',
        userId: 3,
        user: { fullName: mei },
        message: t('seed.question'),
      }),
      message(4, 29, now, {
        messageType: 'text',
        userId: 1,
        user: { fullName: amina },
        message: t('seed.answer'),
      }),
      message(5, 6, now, {
        messageType: 'contribution',
        system: {
          kind: 'contribution_confirmed',
          params: { fullName: carlos, amountCents: 10000, cycle: 3 },
        },
      }),
      message(6, 5, now, {
        messageType: 'text',
        userId: 2,
        user: { fullName: carlos },
        message: t('seed.paid'),
      }),
    ];
    const announcements: Announcement[] = [
      {
        id: 1,
        groupId: 0,
        createdBy: 1,
        title: t('seed.announcementTitle'),
        content: t('seed.announcementContent'),
        priority: 'high',
        audience: 'all',
        createdAt: new Date(now - 26 * HOUR).toISOString(),
        createdByUser: { fullName: amina },
      },
    ];
    return { name: t('groupName'), messages, announcements };
  }, [t, i18n.language]);
}
