import type { Words } from '../languages.ts';
import type { NotificationEmailWords } from './notification-email.ts';

type Approval = 'approval_requested' | 'application_approved' | 'application_rejected';

/** Data: groupName; a rejection also its reason (written by the circle's admin). */
export const approvalWords: Record<Approval, Words<NotificationEmailWords>> = {
  approval_requested: {
    en: {
      subject: (d) => `${d.groupName} needs your approval`,
      body: (d) => [`A change in ${d.groupName} is waiting for the members' approval, yours included.`],
      action: 'Review it',
    },
    es: {
      subject: (d) => `${d.groupName} necesita tu aprobación`,
      body: (d) => [`Un cambio en ${d.groupName} espera la aprobación de los miembros, incluida la tuya.`],
      action: 'Revisarlo',
    },
    fr: {
      subject: (d) => `${d.groupName} attend votre accord`,
      body: (d) => [`Une modification dans ${d.groupName} attend l’accord des membres, dont le vôtre.`],
      action: 'Examiner la demande',
    },
    zh: {
      subject: (d) => `「${d.groupName}」需要您的批准`,
      body: (d) => [`「${d.groupName}」有一项变更正在等待成员（包括您）批准。`],
      action: '前往查看',
    },
    ar: {
      subject: (d) => `${d.groupName} بانتظار موافقتك`,
      body: (d) => [`هناك تغيير في ${d.groupName} بانتظار موافقة الأعضاء، وأنت منهم.`],
      action: 'مراجعة الطلب',
    },
    ko: {
      subject: (d) => `${d.groupName}에서 승인을 기다리고 있습니다`,
      body: (d) => [`${d.groupName}의 변경 사항이 회원님을 포함한 회원들의 승인을 기다리고 있습니다.`],
      action: '확인하기',
    },
  },
  application_approved: {
    en: {
      subject: (d) => `Welcome to ${d.groupName}`,
      body: (d) => [`Your application to join ${d.groupName} was approved. You are now a member.`],
      action: 'Open the circle',
    },
    es: {
      subject: (d) => `Te damos la bienvenida a ${d.groupName}`,
      body: (d) => [`Se aprobó tu solicitud para unirte a ${d.groupName}. Ya eres miembro.`],
      action: 'Abrir el círculo',
    },
    fr: {
      subject: (d) => `Bienvenue dans ${d.groupName}`,
      body: (d) => [
        `Votre demande pour rejoindre ${d.groupName} a été acceptée. Vous en êtes désormais membre.`,
      ],
      action: 'Ouvrir le cercle',
    },
    zh: {
      subject: (d) => `欢迎加入「${d.groupName}」`,
      body: (d) => [`您加入「${d.groupName}」的申请已获批准，您现在是正式成员了。`],
      action: '打开储蓄圈',
    },
    ar: {
      subject: (d) => `مرحبًا بك في ${d.groupName}`,
      body: (d) => [`تمت الموافقة على طلب انضمامك إلى ${d.groupName}، وأصبحت الآن عضوًا فيها.`],
      action: 'فتح الدائرة',
    },
    ko: {
      subject: (d) => `${d.groupName}에 오신 것을 환영합니다`,
      body: (d) => [`${d.groupName} 가입 신청이 승인되었습니다. 이제 회원이 되셨습니다.`],
      action: '모임 열기',
    },
  },
  application_rejected: {
    en: {
      subject: (d) => `Your application to ${d.groupName}`,
      body: (d) => [
        `Your application to join ${d.groupName} was not accepted.`,
        `The admin wrote: ${d.reason}`,
      ],
      action: 'Find another circle',
    },
    es: {
      subject: (d) => `Tu solicitud para ${d.groupName}`,
      body: (d) => [
        `Tu solicitud para unirte a ${d.groupName} no fue aceptada.`,
        `El administrador escribió: ${d.reason}`,
      ],
      action: 'Buscar otro círculo',
    },
    fr: {
      subject: (d) => `Votre demande pour ${d.groupName}`,
      body: (d) => [
        `Votre demande pour rejoindre ${d.groupName} n’a pas été acceptée.`,
        `Message de l’administrateur : ${d.reason}`,
      ],
      action: 'Trouver un autre cercle',
    },
    zh: {
      subject: (d) => `您申请加入「${d.groupName}」的结果`,
      body: (d) => [`很遗憾，您加入「${d.groupName}」的申请未获通过。`, `管理员留言：${d.reason}`],
      action: '寻找其他储蓄圈',
    },
    ar: {
      subject: (d) => `طلبك للانضمام إلى ${d.groupName}`,
      body: (d) => [`لم يُقبل طلبك للانضمام إلى ${d.groupName}.`, `كتب المسؤول: ${d.reason}`],
      action: 'ابحث عن دائرة أخرى',
    },
    ko: {
      subject: (d) => `${d.groupName} 가입 신청 결과`,
      body: (d) => [`아쉽게도 ${d.groupName} 가입 신청이 승인되지 않았습니다.`, `관리자 메시지: ${d.reason}`],
      action: '다른 모임 찾기',
    },
  },
};
