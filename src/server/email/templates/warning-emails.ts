import type { Words } from '../languages.ts';
import type { NotificationEmailWords } from './notification-email.ts';

/** Data: groupName, reason (written by the circle's admin). */
export const warningWords: Record<'member_warned', Words<NotificationEmailWords>> = {
  member_warned: {
    en: {
      subject: (d) => `A warning from ${d.groupName}`,
      body: (d) => [
        `An admin of ${d.groupName} gave you a warning. It lowers your reputation in this circle.`,
        `The admin wrote: ${d.reason}`,
      ],
      action: 'See your reputation',
    },
    es: {
      subject: (d) => `Una advertencia de ${d.groupName}`,
      body: (d) => [
        `Un administrador de ${d.groupName} te envió una advertencia. Baja tu reputación en este círculo.`,
        `El administrador escribió: ${d.reason}`,
      ],
      action: 'Ver tu reputación',
    },
    fr: {
      subject: (d) => `Un avertissement de ${d.groupName}`,
      body: (d) => [
        `Un administrateur de ${d.groupName} vous a adressé un avertissement. Il baisse votre réputation dans ce cercle.`,
        `Message de l’administrateur : ${d.reason}`,
      ],
      action: 'Voir votre réputation',
    },
    zh: {
      subject: (d) => `来自「${d.groupName}」的警告`,
      body: (d) => [
        `「${d.groupName}」的管理员向您发出了警告，这会降低您在该储蓄圈的信誉分。`,
        `管理员留言：${d.reason}`,
      ],
      action: '查看我的信誉',
    },
    ar: {
      subject: (d) => `إنذار من ${d.groupName}`,
      body: (d) => [
        `وجّه إليك أحد مسؤولي ${d.groupName} إنذارًا، وهو يخفض سمعتك في هذه الدائرة.`,
        `كتب المسؤول: ${d.reason}`,
      ],
      action: 'عرض سمعتك',
    },
    ko: {
      subject: (d) => `${d.groupName}에서 보낸 경고`,
      body: (d) => [
        `${d.groupName} 관리자가 회원님께 경고를 보냈습니다. 이 경고로 이 모임에서의 평판이 낮아집니다.`,
        `관리자 메시지: ${d.reason}`,
      ],
      action: '내 평판 보기',
    },
  },
};
